import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { judgeLimits } from '../../src/orders/limit-check.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { googlePlayInput } from '../support/order-fixtures.js';
import { freshDatabase } from '../support/postgres-database.js';

/**
 * Two instances' order services on one PostgreSQL database, each with its
 * own pool and its own wallet lock: the database is what keeps one POST in
 * flight for the wallet. A Confirm on one instance while the other's POST
 * is in flight waits for it, as it would behind this instance's own lock.
 */
let first: PgDb;
let second: PgDb;
let sandbox: Sandbox;
beforeAll(async () => {
  const url = await freshDatabase('order_instances');
  first = await openPostgres(url);
  second = await openPostgres(url);
  sandbox = await createSandbox({ rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
  await Promise.all([first, second].filter(Boolean).map(closePostgres));
});

const serviceDeps = (db: PgDb, placeTimeoutMs = 10_000) => ({
  orders: createOrderStore({ database: databaseOf(db), clock: systemClock, owners: postgresOwnerLocks(null) }),
  provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
  clock: systemClock,
  logger: silentLogger,
  sandbox: true,
  placeTimeoutMs,
});
const serviceOn = (db: PgDb, placeTimeoutMs = 10_000) => createOrderService(serviceDeps(db, placeTimeoutMs));

const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders');

describe('the wallet across instances', () => {
  it('waits for the other instance’s POST, then places its own: both placed, never two in flight', async () => {
    const before = posts().length;
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 1_500 });
    const a = serviceOn(first).createIntentAndPlace(googlePlayInput('instances-a', { userId: 21, chatId: 21 }));
    await expect.poll(() => posts().length, { timeout: 5_000 }).toBe(before + 1);
    sandbox.controls.setOrderPostFault({ kind: 'none' });
    const b = await serviceOn(second).createIntentAndPlace(googlePlayInput('instances-b', { userId: 22, chatId: 22 }));
    const placedA = await a;

    expect(placedA.kind).toBe('placed');
    expect(b.kind).toBe('placed');
    expect(posts().length).toBe(before + 2);
    if (placedA.kind !== 'placed' || b.kind !== 'placed') return;
    // B's POST began only after A's had ended.
    expect(b.order.postedAt!.getTime()).toBeGreaterThanOrEqual(placedA.order.postEndedAt!.getTime());
  });

  it('closes its intent unsent, saying the wallet was busy, when the other POST outlasts this one’s timeout', async () => {
    const before = posts().length;
    // Longer than the waiting side's POST timeout (100 ms) and its grace (5 s) together.
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 6_500 });
    const a = serviceOn(first).createIntentAndPlace(googlePlayInput('instances-c', { userId: 23, chatId: 23 }));
    await expect.poll(() => posts().length, { timeout: 5_000 }).toBe(before + 1);
    sandbox.controls.setOrderPostFault({ kind: 'none' });
    const b = await serviceOn(second, 100).createIntentAndPlace(googlePlayInput('instances-d', { userId: 24, chatId: 24 }));
    await a;

    expect(b).toMatchObject({ kind: 'rejected', reason: 'wallet-busy', order: { state: 'not_placed' } });
    expect(posts().length).toBe(before + 1);
  }, 20_000);
});

describe('a POST answered after a repair took it for a stopped instance’s', () => {
  it('records the provider’s answer all the same: the order is placed, not left unknown', async () => {
    const before = posts().length;
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 1_000 });
    const placing = serviceOn(first).createIntentAndPlace(googlePlayInput('instances-repaired', { userId: 25, chatId: 25 }));
    await expect.poll(() => posts().length, { timeout: 5_000 }).toBe(before + 1);
    sandbox.controls.setOrderPostFault({ kind: 'none' });
    // The background holder's repair, with a cut-off that takes in this POST.
    const repaired = await createOrderStore({ database: databaseOf(second), clock: systemClock, owners: postgresOwnerLocks(null) }).recoverInterrupted(30_000, new Date(Date.now() + 1_000));
    expect(repaired.unknown).toBe(1);

    const result = await placing;
    expect(result).toMatchObject({ kind: 'placed', order: { state: 'in_progress' } });
    if (result.kind !== 'placed') return;
    expect(result.order.providerReference).toBe(sandbox.controls.orders().at(-1)!.orderReference);
  });
});

describe('a spending limit judged on two instances at once', () => {
  it('stops the second order at its claim when the first was placed between its check and its claim: one order, not two past the limit', async () => {
    const before = posts().length;
    const counter = createSpendingCounter({ store: createSpendingStore({ database: databaseOf(first) }), periods: createLocalPeriods('UTC') });
    // Room for one Google Play 10 USD (1,250,000) a day, not two.
    const dayLimit = (userId: number, total: number, exceptOrderId?: number) =>
      counter.spentBy(userId, systemClock.now(), exceptOrderId).then((spent) => judgeLimits({ order: null, day: 2_000_000, month: null }, spent, total));
    const a = createOrderService({ ...serviceDeps(first), checkLimits: dayLimit });
    let otherRan = false;
    const b = createOrderService({
      ...serviceDeps(second),
      // The first instance's whole order happens right after this one's first check passed, before its claim.
      checkLimits: async (userId, total, exceptOrderId) => {
        const verdict = await dayLimit(userId, total, exceptOrderId);
        if (!otherRan) {
          otherRan = true;
          expect(await a.createIntentAndPlace(googlePlayInput('limit-a', { userId: 31, chatId: 31 }))).toMatchObject({ kind: 'placed' });
        }
        return verdict;
      },
    });

    const late = await b.createIntentAndPlace(googlePlayInput('limit-b', { userId: 31, chatId: 31 }));

    expect(late).toMatchObject({ kind: 'rejected', reason: 'over-limit', order: { state: 'not_placed' } });
    expect(posts().length).toBe(before + 1);
  });
});
