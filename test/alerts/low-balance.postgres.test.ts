import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLowBalanceWatch, LOW_BALANCE_THRESHOLD } from '../../src/alerts/low-balance.js';
import { systemClock } from '../../src/clock.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createSettingsStore } from '../../src/db/settings-store.js';
import { silentLogger } from '../../src/logger.js';
import { createSettingsView } from '../../src/settings/settings-view.js';
import { freshDatabase } from '../support/postgres-database.js';

/** Two instances of the bot on one PostgreSQL database, each with its own pool. */
let first: PgDb;
let second: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('low_balance');
  first = await openPostgres(url);
  second = await openPostgres(url);
});
afterAll(async () => {
  if (second) await closePostgres(second);
  if (first) await closePostgres(first);
});

async function watchOn(db: PgDb, alerts: string[]) {
  const settings = await createSettingsView(createSettingsStore({ database: databaseOf(db), clock: systemClock }));
  return {
    settings,
    watch: createLowBalanceWatch({
      state: createAppStateStore({ database: databaseOf(db), clock: systemClock }),
      clock: systemClock,
      settings,
      alerts: { alert: async (_key, text) => void alerts.push(text('en')) },
      render: (_locale, alert, { balance }) => `${alert} ${balance}`,
      logger: silentLogger,
    }),
  };
}

describe('the low-balance watch on PostgreSQL', () => {
  it('announces one drop when two instances read low balances at the same moment', async () => {
    const alerts: string[] = [];
    const a = await watchOn(first, alerts);
    await a.settings.write(LOW_BALANCE_THRESHOLD, 1_000_000_000_000, 1);
    const b = await watchOn(second, alerts);
    for (let round = 0; round < 5; round += 1) await Promise.all([a.watch.observe(999_999_999_000 - round), b.watch.observe(999_999_998_000 - round)]);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(/^fell /);
  });
});
