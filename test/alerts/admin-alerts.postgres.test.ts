import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { silentLogger } from '../../src/logger.js';
import { freshDatabase } from '../support/postgres-database.js';
import { createManualClock } from '../support/manual-clock.js';

/** Two instances on one PostgreSQL, each with its own pool: the quiet periods are theirs together. */
let first: PgDb;
let second: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('admin_alerts');
  first = await openPostgres(url);
  second = await openPostgres(url);
});
afterAll(async () => {
  await Promise.all([first, second].filter(Boolean).map(closePostgres));
});

const clock = createManualClock(1_000_000);

function alertsOn(db: PgDb, sent: string[], failing = false) {
  return createAdminAlerts({
    recipients: () => [{ telegramId: 1, locale: 'en' }],
    sendText: async (_chatId, text) => {
      if (failing) throw new Error('network down');
      sent.push(text);
    },
    clock,
    logger: silentLogger,
    shared: createAppStateStore({ database: databaseOf(db), clock }),
  });
}

describe('administrator alerts on several instances', () => {
  it('an alert raised on two instances at once reaches administrators once, and again after the quiet time', async () => {
    const sent: string[] = [];
    const a = alertsOn(first, sent);
    const b = alertsOn(second, sent);
    await Promise.all([a.alert('insufficient-funds', () => 'a', { quietMs: 60_000 }), b.alert('insufficient-funds', () => 'b', { quietMs: 60_000 })]);
    expect(sent).toHaveLength(1);
    await b.alert('insufficient-funds', () => 'b', { quietMs: 60_000 });
    expect(sent).toHaveLength(1);
    clock.advance(60_000);
    await b.alert('insufficient-funds', () => 'b', { quietMs: 60_000 });
    expect(sent).toEqual([expect.any(String), 'b']);
  });

  it('an alert nobody heard on one instance is not quiet on the other', async () => {
    const sent: string[] = [];
    await alertsOn(first, [], true).alert('catalog-sync', () => 'lost');
    await alertsOn(second, sent).alert('catalog-sync', () => 'heard');
    expect(sent).toEqual(['heard']);
  });

  it('alerts without a quiet time go out on every call without touching the database', async () => {
    const sent: string[] = [];
    const a = alertsOn(first, sent);
    await a.alert('charged-other-amount:7', () => 'x', { quietMs: 0 });
    await a.alert('charged-other-amount:7', () => 'x', { quietMs: 0 });
    expect(sent).toHaveLength(2);
    const rows = await first.$client.query("select 1 from app_state where key like 'alert.quiet.charged%'");
    expect(rows.rowCount).toBe(0);
  });
});
