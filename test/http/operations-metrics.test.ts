import { describe, expect, it, onTestFinished } from 'vitest';
import { createHealthStore } from '../../src/db/health-store.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { createLowBalanceWatch, withBalanceWatch } from '../../src/alerts/low-balance.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { createMetrics } from '../../src/http/metrics.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderingPauseStore } from '../../src/db/ordering-pause-store.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import type { OrderStore } from '../../src/db/order-store.js';
import { intentInput, openedOrder, orderRepoWorld, placingOrder } from '../support/order-fixtures.js';

// 2026-11-24 09:00 UTC.
const MORNING = Date.UTC(2026, 10, 24, 9);
const DAY = 24 * 60 * 60 * 1000;

/** The metrics of a real database, ordering switch, low-balance watch and spending counter, as main.ts wires them. */
function operationsWorld() {
  const { db, clock, repo } = orderRepoWorld(MORNING);
  const lowBalance = createLowBalanceWatch({
    state: createAppStateStore({ database: databaseOf(db), clock }),
    clock,
    settings: sqliteSettings(db, clock),
    alerts: createAdminAlerts({ recipients: () => [], sendText: async () => undefined, clock, logger: silentLogger }),
    render: () => '',
    logger: silentLogger,
  });
  const pauses = createOrderingPauseStore({ database: databaseOf(db), clock });
  const spending = createSpendingCounter({ store: createSpendingStore({ database: databaseOf(db) }), periods: createLocalPeriods('UTC') });
  const metrics = createMetrics({
    store: createHealthStore({ database: databaseOf(db) }),
    defaultMetrics: false,
    operations: {
      lastBalance: () => lowBalance.lastObserved(),
      orderingPaused: () => pauses.current(),
      spent: (nowMs) => spending.spentByEveryone(nowMs),
      now: () => clock.now(),
    },
  });
  return { clock, repo, lowBalance, pauses, scrape: () => metrics.registry.metrics() };
}

/** An order taken through the real transitions to in progress: the provider accepted it. */
async function placed(repo: OrderStore, overrides: Parameters<typeof intentInput>[0]): Promise<void> {
  const order = await placingOrder(repo, overrides);
  await repo.transition({ id: order.id, from: 'placing', to: 'in_progress', audit: { actorId: order.userId, action: 'test' } });
}

const sample = (text: string, series: string): string | undefined => new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1];

describe('/metrics for operators', () => {
  it('shows the wallet balance the provider last answered, and when it was read', async () => {
    const world = operationsWorld();
    const sandbox = await createSandbox({ rateLimit: false, initialBalance: 73_500_000 });
    onTestFinished(() => sandbox.close());
    const provider = withBalanceWatch(createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, maxAttempts: 1 }), world.lowBalance);

    // Not read yet: NaN, which no "below" rule mistakes for an empty wallet.
    expect(Number(sample(await world.scrape(), 'giftdesk_wallet_balance'))).toBeNaN();
    expect(sample(await world.scrape(), 'giftdesk_wallet_balance_read_timestamp_seconds')).toBe('0');

    await provider.getBalance();
    const text = await world.scrape();
    expect(sample(text, 'giftdesk_wallet_balance')).toBe('73500000');
    expect(sample(text, 'giftdesk_wallet_balance_read_timestamp_seconds')).toBe(String(MORNING / 1000));
  });

  it('shows whether ordering is paused, and by whom, as one series per source', async () => {
    const world = operationsWorld();
    let text = await world.scrape();
    expect(sample(text, 'giftdesk_ordering_paused{source="admin"}')).toBe('0');
    expect(sample(text, 'giftdesk_ordering_paused{source="provider"}')).toBe('0');

    await world.pauses.pause({ source: 'provider', reason: '403', by: null });
    text = await world.scrape();
    expect(sample(text, 'giftdesk_ordering_paused{source="admin"}')).toBe('0');
    expect(sample(text, 'giftdesk_ordering_paused{source="provider"}')).toBe('1');

    await world.pauses.resume(1001);
    expect(sample(await world.scrape(), 'giftdesk_ordering_paused{source="provider"}')).toBe('0');
  });

  it('shows what all staff spent today and this month, counted as the spending limits count it', async () => {
    const world = operationsWorld();
    // Yesterday's order counts for the month only; an intent not yet sent counts for neither.
    await placed(world.repo, { confirmKey: 'yesterday', fingerprint: 'yesterday', userId: 1, unitPrice: 400_000, quantity: 1 });
    world.clock.advance(DAY);
    await placed(world.repo, { confirmKey: 'today-1', fingerprint: 'today-1', userId: 1, unitPrice: 1_250_000, quantity: 2 });
    await placed(world.repo, { confirmKey: 'today-2', fingerprint: 'today-2', userId: 2, unitPrice: 300_000, quantity: 1 });
    await openedOrder(world.repo, { confirmKey: 'not-sent', fingerprint: 'not-sent', userId: 2, unitPrice: 9_000_000, quantity: 1 });

    const text = await world.scrape();
    expect(sample(text, 'giftdesk_spent_today')).toBe('2800000');
    expect(sample(text, 'giftdesk_spent_this_month')).toBe('3200000');
  });
});
