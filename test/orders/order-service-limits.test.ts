import { afterEach, describe, expect, it } from 'vitest';
import { createOrderStore } from '../../src/db/order-store.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createLimitCheck } from '../../src/orders/limit-check.js';
import { createApprovalJudge } from '../../src/orders/approval-judge.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { googlePlayInput } from '../support/order-fixtures.js';

/** Google Play 10 USD costs 1,250,000 in the sandbox. */
const PRICE = 1_250_000;

describe('order service under spending limits', () => {
  const sandboxes: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });

  async function setup() {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const db = memoryDb();
    const clock = createManualClock(1_700_000_000_000);
    const rules = createSpendingRuleBook({ settings: sqliteSettings(db, clock) });
    const counter = createSpendingCounter({ store: createSpendingStore({ database: databaseOf(db) }), periods: createLocalPeriods('Asia/Tehran', 'persian') });
    const service = createOrderService({
      orders: createOrderStore({ database: databaseOf(db), clock }),
      provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
      clock,
      logger: silentLogger,
      sandbox: true,
      checkLimits: createLimitCheck({ rules, counter, clock }),
      needsApproval: createApprovalJudge({ rules, counter, pending: async () => [], clock }),
    });
    const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
    return { service, rules, posts };
  }

  it('sends no POST for an order over the per-order limit and closes it as not placed', async () => {
    const { service, rules, posts } = await setup();
    await rules.setDefault('order', PRICE - 1, 1001);
    const result = await service.createIntentAndPlace(googlePlayInput('c-1'));
    expect(result).toMatchObject({ kind: 'rejected', reason: 'over-limit', order: { state: 'not_placed' } });
    expect(posts()).toBe(0);
  });

  it('places one of two orders confirmed together when only one fits the day limit', async () => {
    const { service, rules, posts } = await setup();
    await rules.setDefault('day', 2 * PRICE - 1, 1001);
    const results = await Promise.all([
      service.createIntentAndPlace(googlePlayInput('c-1')),
      service.createIntentAndPlace(googlePlayInput('c-2', { quantity: 1, fields: [] })),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(['placed', 'rejected']);
    expect(results.find((r) => r.kind === 'rejected')).toMatchObject({ reason: 'over-limit' });
    expect(posts()).toBe(1);
  });

  it('closes unsent an order whose day passes the approval threshold once the orders before it are counted; an approved one is sent', async () => {
    const { service, rules, posts } = await setup();
    await rules.setDefault('approval', 2 * PRICE, 1001);
    const results = await Promise.all([
      service.createIntentAndPlace(googlePlayInput('a-1')),
      service.createIntentAndPlace(googlePlayInput('a-2')),
      service.createIntentAndPlace(googlePlayInput('a-3')),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(['placed', 'placed', 'rejected']);
    expect(results.find((r) => r.kind === 'rejected')).toMatchObject({ reason: 'needs-approval', order: { state: 'not_placed' } });
    expect(posts()).toBe(2);
    expect(await service.createIntentAndPlace({ ...googlePlayInput('a-4'), approved: true })).toMatchObject({ kind: 'placed' });
    expect(posts()).toBe(3);
  });
});
