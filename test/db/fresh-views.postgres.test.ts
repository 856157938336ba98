import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayOrder } from '../../src/bot/middleware/roles.js';
import { openFreshViews } from '../../src/db/fresh-views.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { postgresStores } from '../../src/db/stores.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { LOW_BALANCE_THRESHOLD } from '../../src/alerts/low-balance.js';
import { freshDatabase } from '../support/postgres-database.js';
import { steppingClock } from './contract/subjects.js';

/**
 * Two instances on one PostgreSQL: each its own pool, stores and views, as
 * two processes would build them. A change through one holds on the other
 * at its next update, that is after its freshness check.
 */
let first: PgDb;
let second: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('fresh_views');
  first = await openPostgres(url);
  second = await openPostgres(url);
});
afterAll(async () => {
  await Promise.all([first, second].filter(Boolean).map(closePostgres));
});

async function instance(db: PgDb) {
  const stores = postgresStores({ db, clock: steppingClock() });
  const views = await openFreshViews(stores);
  return { ...views, rules: createSpendingRuleBook({ settings: views.settings }) };
}

describe('views on several instances', () => {
  it('a staff member removed or given another role through one instance is refused or changed on the other at its next update', async () => {
    const a = await instance(first);
    await a.staff.syncEnvAdmins([1]);
    await a.staff.add(20, 'staff', 1);
    await a.staff.add(21, 'staff', 1);
    const b = await instance(second);
    expect(b.staff.current.find(20)?.role).toBe('staff');

    await a.staff.remove(20, 1);
    await a.staff.changeRole(21, 'viewer', 1);
    // Before its next update the copy is what it read: the check is what brings the change.
    expect(b.staff.current.find(20)).not.toBeNull();
    await b.viewFreshness.check();
    expect(b.staff.current.find(20)).toBeNull();
    expect(mayOrder(b.staff.current.find(21)!.role)).toBe(false);

    await a.staff.changeRole(21, 'admin', 1);
    await b.viewFreshness.check();
    expect(b.staff.current.adminIds()).toEqual([1, 21]);
  });

  it('a spending rule, a setting and a language changed through one instance hold on the other at its next update', async () => {
    const a = await instance(first);
    const b = await instance(second);
    await a.staff.add(30, 'staff', 1);
    await a.people.remember({ id: 30, first_name: 'Sam', language_code: 'en' });
    await b.viewFreshness.check();
    expect(b.people.current.find(30)?.languageCode).toBe('en');

    await a.rules.setDefault('order', 50_000, 1);
    await a.settings.write(LOW_BALANCE_THRESHOLD, 123_456, 1);
    await a.staff.setLocale(30, 'fa');
    await a.people.remember({ id: 30, first_name: 'Samira', language_code: 'fa' });
    await b.viewFreshness.check();
    expect(b.rules.defaults().order).toBe(50_000);
    expect(b.settings.read(LOW_BALANCE_THRESHOLD)).toBe(123_456);
    expect(b.staff.current.find(30)?.locale).toBe('fa');
    expect(b.people.current.find(30)).toMatchObject({ firstName: 'Samira', languageCode: 'fa' });

    await a.settings.reset(LOW_BALANCE_THRESHOLD, 1);
    await b.viewFreshness.check();
    expect(b.settings.read(LOW_BALANCE_THRESHOLD)).toBeNull();
  });

  it('a person who changes back to an earlier name on another instance is written, not skipped on a remembered copy', async () => {
    const a = await instance(first);
    const b = await instance(second);
    await a.people.remember({ id: 40, first_name: 'Kim' });
    await b.viewFreshness.check();
    await b.people.remember({ id: 40, first_name: 'Kimberly' });
    await a.viewFreshness.check();
    expect(await a.people.remember({ id: 40, first_name: 'Kim' })).toBe(true);
    expect((await b.people.find(40))?.firstName).toBe('Kim');
  });

  it('a change made outside the application (a script, psql) is read too, and no change means no reload', async () => {
    const a = await instance(first);
    await a.staff.add(50, 'staff', 1);
    await second.$client.query('delete from staff where telegram_id = 50');
    await a.viewFreshness.check();
    expect(a.staff.current.find(50)).toBeNull();

    let reads = 0;
    const list = a.staff.list;
    a.staff.list = () => (reads++, list());
    await a.viewFreshness.check();
    expect(reads).toBe(0);
  });
});
