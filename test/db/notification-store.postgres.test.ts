import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leasedOutbox } from '../../src/db/notification-store.js';
import { createNotificationStore } from '../../src/db/notification-store.js';
import { serverLeaseTime as leasesOnServer } from '../../src/db/lease-time.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { freshDatabase } from '../support/postgres-database.js';
import { serverLeaseTime } from './contract/lease-time.js';
import { orderValues, postgresOrderTables } from './contract/order-tables.js';
import { whileRowsLocked } from './contract/row-locks.js';

/**
 * What only PostgreSQL's shared leases do (its contract runs on both databases in notification-store.test.ts):
 * one database for the file, emptied before each case; two pools on it, two senders as far as PostgreSQL can tell.
 */
let url: string;
let a: PgDb;
let b: PgDb;
beforeAll(async () => {
  url = await freshDatabase('outbox');
  a = await openPostgres(url);
  b = await openPostgres(url);
});
afterAll(async () => {
  if (a) await closePostgres(a);
  if (b) await closePostgres(b);
});

const leaseTime = () => serverLeaseTime(a.$client, [{ table: 'notifications', column: 'lease_expires_at' }]);
const emptied = () => a.$client.query('truncate orders, notifications, audit_log restart identity cascade');


describe('notification store on PostgreSQL, two senders on two connections', () => {
  const T0 = 1_700_000_000_000;

  it('never gives one row to both senders, even when both read the due rows before either could write', async () => {
    await emptied();
    const tables = postgresOrderTables(a);
    const orderId = await tables.insertOrder(orderValues({ key: 'race', state: 'completed', at: T0 }));
    const rows = [];
    for (const kind of ['delivered', 'stale', 'failed', 'adopted'] as const) rows.push(await tables.insertNotification({ orderId, kind, nextAttemptAt: T0 }));
    const first = leasedOutbox(createNotificationStore({ database: databaseOf(a), leases: leasesOnServer }), { owner: 'a', leaseMs: 60_000 });
    const second = leasedOutbox(createNotificationStore({ database: databaseOf(b), leases: leasesOnServer }), { owner: 'b', leaseMs: 60_000 });

    const [mine, theirs] = await whileRowsLocked(url, 'notifications', rows.slice(0, 2), () => Promise.all([first.claimDue(T0, 10), second.claimDue(T0, 10)]));

    const claimed = [...mine, ...theirs].map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const id of rows) {
      const row = await tables.notification(id);
      expect(claimed.filter((c) => c === id).length).toBeLessThanOrEqual(1);
      if (claimed.includes(id)) expect(row?.leaseOwner).toBe(mine.some((m) => m.id === id) ? 'a' : 'b');
    }
  });

  it('a sender whose clock runs an hour ahead cannot take a row another sender holds, until its lease ends by the server clock', async () => {
    await emptied();
    const tables = postgresOrderTables(a);
    const orderId = await tables.insertOrder(orderValues({ key: 'skew', state: 'completed', at: T0 }));
    const id = await tables.insertNotification({ orderId, kind: 'delivered', nextAttemptAt: T0 });
    const here = leasedOutbox(createNotificationStore({ database: databaseOf(a), leases: leasesOnServer }), { owner: 'here', leaseMs: 120_000 });
    const ahead = leasedOutbox(createNotificationStore({ database: databaseOf(b), leases: leasesOnServer }), { owner: 'ahead', leaseMs: 120_000 });
    const now = Date.now();
    const HOUR = 60 * 60 * 1000;

    expect((await here.claimDue(now, 10)).map((row) => row.id)).toEqual([id]);
    expect(await ahead.claimDue(now + HOUR, 10)).toEqual([]);
    // A renewal stamped with a clock far behind does not cut the lease short either.
    expect(await here.renew(id, now - HOUR)).toBe(true);
    expect(await ahead.claimDue(now + HOUR, 10)).toEqual([]);
    expect(await ahead.markSent(id, now + HOUR, { kind: 'delivered', messages: 1 })).toBe(false);

    await leaseTime().pass(120_000);
    expect((await ahead.claimDue(now + HOUR, 10)).map((row) => row.id)).toEqual([id]);
    expect(await here.markSent(id, now, { kind: 'delivered', messages: 1 })).toBe(false);
  });
});
