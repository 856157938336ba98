import { setMaxListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createSharedRateBudgetStore } from '../../src/db/shared-rate-budget.js';
import type { RateBudgetStore } from '../../src/db/rate-budget-store.js';
import { budgetShape, createRateLimiter, RateLimitHoldError, type RateLimiter, type RequestPriority } from '../../src/provider/rate-limit.js';
import { ProviderPausedError } from '../../src/provider/errors.js';
import { envelope, errorEnvelope } from '../support/scripted-server.js';
import { freshDatabase } from '../support/postgres-database.js';
import { clientFor, rejectionOf, scripted } from './setup.js';
import { busiestSecond } from '../support/busiest-second.js';

/**
 * Three instances on one database, each its own pool and limiter, sharing
 * the provider's budget: what the provider would count, per one-second window.
 */
let pools: PgDb[] = [];
beforeAll(async () => {
  const url = await freshDatabase('shared_budget');
  pools = [await openPostgres(url, { maxConnections: 2 }), await openPostgres(url, { maxConnections: 2 }), await openPostgres(url, { maxConnections: 2 })];
});
afterAll(async () => {
  await Promise.all(pools.map((db) => closePostgres(db)));
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let keys = 0;

interface Instance {
  limiter: RateLimiter;
  store: RateBudgetStore;
}

/** Grants are recorded twice: on the database's clock (what the store decided) and on ours when the caller was let go. */
function instances(rate: number, shape: { burst: number; keptForInteractive: number }, grants: { db: number[]; local: number[] }): Instance[] {
  const key = `shared-${++keys}`;
  return pools.map((db) => {
    const inner = createSharedRateBudgetStore({ db });
    const store: RateBudgetStore = {
      ...inner,
      sharedAcrossInstances: true,
      async take(k, priority, s) {
        const answer = await inner.take(k, priority, s);
        if (answer.granted) grants.db.push(answer.grantedAt);
        return answer;
      },
    };
    return { store, limiter: createRateLimiter({ requestsPerSecond: rate, ...shape, clock: systemClock, shared: { store, key } }) };
  });
}

/** Callers that take from `limiter` one after another until `stop` is aborted. */
function workers(limiter: RateLimiter, count: number, priority: RequestPriority, stop: AbortSignal, local: number[]): Promise<void>[] {
  return Array.from({ length: count }, async () => {
    while (!stop.aborted) {
      try {
        await limiter.acquire(priority, stop);
      } catch {
        return;
      }
      local.push(Date.now());
    }
  });
}

describe('one provider budget for three instances on PostgreSQL', () => {
  it.each([
    { name: 'an even 8/s', rate: 8, shape: { burst: 1, keptForInteractive: 0 }, limit: 8 },
    { name: "giftdesk's 8/s with a person's burst", rate: 8, shape: budgetShape(8, 10), limit: 8 },
  ])('never lets the three together above the budget in any second: $name', async ({ rate, shape, limit }) => {
    const grants = { db: [] as number[], local: [] as number[] };
    const stop = new AbortController();
    setMaxListeners(50, stop.signal);
    const running = instances(rate, shape, grants).flatMap(({ limiter }, i) => [
      ...workers(limiter, 3, 'background', stop.signal, grants.local),
      ...workers(limiter, i === 1 ? 2 : 0, 'interactive', stop.signal, grants.local),
    ]);
    await sleep(4_000);
    stop.abort();
    await Promise.all(running);
    const figures = { grants: grants.db.length, busiestSecondDb: busiestSecond(grants.db), busiestSecondLocal: busiestSecond(grants.local) };
    console.log(`shared budget ${rate}/s (burst ${shape.burst}), three instances for 4 s:`, figures);
    expect(figures.busiestSecondDb).toBeLessThanOrEqual(limit);
    // The budget is used, not merely respected: at least most of 4 s at the rate.
    expect(figures.grants).toBeGreaterThanOrEqual(rate * 3);
  }, 20_000);

  it("holds every instance until one instance's Retry-After has passed", async () => {
    const grants = { db: [] as number[], local: [] as number[] };
    const [a, b, c] = instances(20, { burst: 2, keptForInteractive: 0 }, grants);
    await b!.limiter.acquire('background');
    const before = Date.now();
    a!.limiter.pauseUntil(before + 1_500);
    while ((await a!.store.holdRemaining(`shared-${keys}`)) === 0) await sleep(5);
    const released: number[] = [];
    await Promise.all(
      [b!.limiter.acquire('interactive'), b!.limiter.acquire('background'), c!.limiter.acquire('background'), c!.limiter.acquire('interactive')].map((p) =>
        p.then(() => released.push(Date.now())),
      ),
    );
    console.log('released after a 1500 ms hold set by another instance, ms after it was set:', released.map((t) => t - before));
    expect(Math.min(...released)).toBeGreaterThanOrEqual(before + 1_490);
  }, 20_000);

  it("turns a person away at once when another instance's hold is longer than a person should wait", async () => {
    const grants = { db: [] as number[], local: [] as number[] };
    const [a, b] = instances(20, { burst: 2, keptForInteractive: 0 }, grants);
    const before = Date.now();
    a!.limiter.pauseUntil(before + 10_000);
    while ((await a!.store.holdRemaining(`shared-${keys}`)) === 0) await sleep(5);
    const stop = new AbortController();
    const background = b!.limiter.acquire('background', stop.signal);
    const person = b!.limiter.acquire('interactive').catch((error: unknown) => error);
    const refusal = await person;
    expect(refusal).toBeInstanceOf(RateLimitHoldError);
    expect((refusal as RateLimitHoldError).resumeAt).toBeGreaterThan(before + 9_000);
    expect(Date.now() - before).toBeLessThan(1_000);
    expect(b!.limiter.pausedUntil()).toBeGreaterThan(before + 9_000);
    // Background work waits out the hold rather than failing.
    const outcome = await Promise.race([background.then(() => 'sent'), sleep(500).then(() => 'waiting')]);
    expect(outcome).toBe('waiting');
    stop.abort(new Error('test over'));
    await expect(background).rejects.toThrow('test over');
  }, 20_000);

  it("holds a second instance's client after the first one's 429, as the provider asked", async () => {
    const server = await scripted((request, index) =>
      index === 0 ? { status: 429, body: errorEnvelope(429, 'too many'), headers: { 'Retry-After': '1' } } : { body: envelope({ balance: 7 }) },
    );
    const [a, b] = instances(20, { burst: 2, keptForInteractive: 0 }, { db: [], local: [] });
    await rejectionOf(clientFor(server.baseUrl, { limiter: a!.limiter, maxAttempts: 1 }).getBalance());
    await sleep(50);
    await clientFor(server.baseUrl, { limiter: b!.limiter }).getBalance();
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(1_000);
  });

  it("answers a person on a second instance at once, with the time to try again, during the first one's long Retry-After", async () => {
    const server = await scripted((request, index) =>
      index === 0 ? { status: 429, body: errorEnvelope(429, 'too many'), headers: { 'Retry-After': '30' } } : { body: envelope({ balance: 7 }) },
    );
    const [a, b] = instances(20, { burst: 2, keptForInteractive: 0 }, { db: [], local: [] });
    await rejectionOf(clientFor(server.baseUrl, { limiter: a!.limiter, maxAttempts: 1 }).getBalance());
    await sleep(50);
    const before = Date.now();
    const error = await rejectionOf(clientFor(server.baseUrl, { limiter: b!.limiter }).getBalance());
    expect(error).toBeInstanceOf(ProviderPausedError);
    expect((error as ProviderPausedError).resumeAt).toBeGreaterThan(before + 25_000);
    expect(Date.now() - before).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
  });
});
