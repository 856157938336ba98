import { describe, expect, it } from 'vitest';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { createLowBalanceCheck, createLowBalanceWatch, LOW_BALANCE_REMINDER_MS } from '../../src/alerts/low-balance.js';
import { silentLogger } from '../../src/logger.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

const ADMIN_ID = 1001;

function setup(db = memoryDb(), clock = createManualClock(1_700_000_000_000)) {
  const sent: string[] = [];
  const alerts = createAdminAlerts({
    recipients: () => [{ telegramId: ADMIN_ID, locale: 'en' }],
    sendText: async (_chatId, text) => void sent.push(text),
    clock,
    logger: silentLogger,
  });
  const watch = createLowBalanceWatch({
    state: createAppStateStore({ database: databaseOf(db), clock }),
    clock,
    settings: sqliteSettings(db, clock),
    alerts,
    render: (_locale, alert, { balance, threshold }) => `${alert} ${balance} < ${threshold}`,
    logger: silentLogger,
  });
  return { db, clock, sent, watch };
}

describe('the low-balance watch', () => {
  it('says nothing while no threshold is set', async () => {
    const { sent, watch } = setup();
    await watch.observe(0);
    expect(sent).toEqual([]);
  });

  it('alerts once when the balance falls below the threshold, however many lower balances follow', async () => {
    const { sent, watch } = setup();
    await watch.setThreshold(1_000, ADMIN_ID);
    for (const balance of [1_500, 900, 800, 700, 999]) await watch.observe(balance);
    expect(sent).toEqual(['fell 900 < 1000']);
  });

  it('alerts again only after the balance rose above the threshold plus the margin and fell again', async () => {
    const { sent, watch } = setup();
    await watch.setThreshold(1_000, ADMIN_ID);
    await watch.observe(900);
    // Back over the line but within the 10 % margin: still the same low spell.
    await watch.observe(1_050);
    await watch.observe(950);
    expect(sent).toHaveLength(1);
    await watch.observe(1_100);
    await watch.observe(950);
    expect(sent).toEqual(['fell 900 < 1000', 'fell 950 < 1000']);
  });

  it('reminds at most once a day while the balance stays low', async () => {
    const { clock, sent, watch } = setup();
    await watch.setThreshold(1_000, ADMIN_ID);
    await watch.observe(900);
    clock.advance(LOW_BALANCE_REMINDER_MS - 1);
    await watch.observe(900);
    clock.advance(1);
    await watch.observe(800);
    clock.advance(60_000);
    await watch.observe(800);
    expect(sent).toEqual(['fell 900 < 1000', 'reminder 800 < 1000']);
  });

  it('keeps what it said across a restart on the same database', async () => {
    const first = setup();
    await first.watch.setThreshold(1_000, ADMIN_ID);
    await first.watch.observe(900);
    const second = setup(first.db, first.clock);
    await second.watch.observe(800);
    expect(first.sent).toHaveLength(1);
    expect(second.sent).toEqual([]);
  });
});

describe('the periodic balance check', () => {
  async function checkWorld(threshold: number | null) {
    const { clock, watch } = setup();
    if (threshold !== null) await watch.setThreshold(threshold, ADMIN_ID);
    let reads = 0;
    const provider = {
      getBalance: async () => {
        reads += 1;
        await watch.observe(5_000);
        return { balance: 5_000 };
      },
    };
    const check = createLowBalanceCheck({ watch, provider, clock, maxAgeMs: 300_000 });
    return { clock, watch, check, reads: () => reads };
  }

  it('reads no balance while no threshold is set', async () => {
    const { check, reads } = await checkWorld(null);
    await check();
    expect(reads()).toBe(0);
  });

  it('reads the balance only when none was read within the period', async () => {
    const { clock, watch, check, reads } = await checkWorld(1_000);
    await check();
    expect(reads()).toBe(1);
    clock.advance(200_000);
    await watch.observe(4_000);
    clock.advance(200_000);
    await check();
    expect(reads()).toBe(1);
    clock.advance(100_000);
    await check();
    expect(reads()).toBe(2);
  });
});
