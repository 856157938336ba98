import { afterEach, describe, expect, it } from 'vitest';
import { startUpdateWorker, type UpdateWorker } from '../../src/bot/update-worker.js';
import { systemClock } from '../../src/clock.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createUpdateQueueStore } from '../../src/db/update-queue-store.js';
import { silentLogger } from '../../src/logger.js';
import { chatUpdate } from '../db/contract/update-queue-store.contract.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

describe('the update worker', () => {
  const workers: UpdateWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(0)));
  });

  /** A queue over a fresh in-memory database, and the same queue counting the worker's reads of it (claims). */
  const countedClaims = () => {
    const sqlite = createUpdateQueueStore({ database: databaseOf(memoryDb()), clock: systemClock });
    let count = 0;
    const store = { ...sqlite, claim: (holder: string, leaseMs: number) => ((count += 1), sqlite.claim(holder, leaseMs)) };
    return { sqlite, store, claims: () => count };
  };

  const until = async (check: () => boolean | Promise<boolean>) => {
    const deadline = Date.now() + 5_000;
    while (!(await check()) && Date.now() < deadline) await systemClock.sleep(5);
  };

  it('reads the queue less and less often while idle, and still takes an update stored by another instance within a second', async () => {
    // The worker's pauses on a clock the test moves: three idle seconds take none of the test's time.
    const clock = createManualClock(Date.now());
    const { sqlite, store, claims } = countedClaims();
    const handled: number[] = [];
    const worker = startUpdateWorker({ store, holder: 'a', handle: async (update) => void handled.push(update.update_id), clock, logger: silentLogger });
    workers.push(worker);
    const asleep = () => clock.pendingSleeps() > 0;
    /** Moves the clock 50 ms at a time, each step once the worker is back asleep, until `done` or `ms` have passed. */
    const idle = async (ms: number, done = () => false) => {
      for (let spent = 0; spent < ms && !done(); spent += 50) {
        await until(asleep);
        clock.advance(50);
        await until(() => done() || asleep());
      }
    };
    await idle(3_000);
    // At a steady 150 ms that would be 20 reads; backing off to one a second it is about 6.
    expect(claims()).toBeLessThanOrEqual(8);
    // Stored without a wake, as an update posted to another instance is.
    const storedAt = clock.now();
    await sqlite.accept(chatUpdate(1, 7));
    await idle(1_500, () => handled.length === 1);
    expect(handled).toEqual([1]);
    expect(clock.now() - storedAt).toBeLessThanOrEqual(1_000);
  });

  it('claims an update as it stores it and starts it at once, without reading the queue; a busy chat waits its turn; once stopping, it only stores', async () => {
    // The worker's own reads of the queue only when the test moves this clock.
    const clock = createManualClock(Date.now());
    const { sqlite, store, claims } = countedClaims();
    const handled: number[] = [];
    let finish = () => undefined as void;
    const worker = startUpdateWorker({
      store,
      holder: 'a',
      claimOnArrival: true,
      handle: (update) => {
        handled.push(update.update_id);
        return update.update_id === 1 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
      },
      clock,
      logger: silentLogger,
    });
    workers.push(worker);
    await until(() => clock.pendingSleeps() > 0);
    const claimsBefore = claims();
    expect(await worker.accept(chatUpdate(1, 7))).toBe(true);
    expect(handled).toEqual([1]);
    expect(claims()).toBe(claimsBefore);
    expect(await worker.accept(chatUpdate(1, 7))).toBe(false);
    // The chat's next update while the first runs: stored, and handled only after it.
    expect(await worker.accept(chatUpdate(2, 7))).toBe(true);
    await systemClock.sleep(50);
    expect(handled).toEqual([1]);
    finish();
    await until(() => handled.length === 2);
    expect(handled).toEqual([1, 2]);
    expect(await sqlite.pending()).toBe(0);
    // Stopping: stored for another instance, not started here.
    worker.stopClaiming();
    expect(await worker.accept(chatUpdate(3, 8))).toBe(true);
    await systemClock.sleep(50);
    expect(handled).toEqual([1, 2]);
    expect(await sqlite.claim('b', 1_000)).toMatchObject({ updateId: 3, attempts: 1 });
  });

  it('claims nothing more once its stop begins: an update stored meanwhile is left for another instance, the one in hand still finishes', async () => {
    const store = createUpdateQueueStore({ database: databaseOf(memoryDb()), clock: systemClock });
    const handled: number[] = [];
    let finish = () => undefined as void;
    const worker = startUpdateWorker({
      store,
      holder: 'a',
      pollMs: 5,
      handle: (update) => {
        handled.push(update.update_id);
        return update.update_id === 1 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
      },
      clock: systemClock,
      logger: silentLogger,
    });
    workers.push(worker);
    await store.accept(chatUpdate(1, 7));
    worker.wake();
    await until(() => worker.inFlight() === 1);
    // The stop begins (the webhook's posts in hand are still being stored); another chat's update arrives.
    worker.stopClaiming();
    await store.accept(chatUpdate(2, 8));
    worker.wake();
    await systemClock.sleep(100);
    expect(handled).toEqual([1]);
    finish();
    expect(await worker.stop(5_000)).toBe(0);
    expect(await store.claim('b', 1_000)).toMatchObject({ updateId: 2 });
  });

  it('renews the lease of a handler that outlasts it, so that no other instance takes the update meanwhile', async () => {
    const store = createUpdateQueueStore({ database: databaseOf(memoryDb()), clock: systemClock });
    let finish = () => undefined as void;
    let calls = 0;
    const worker = startUpdateWorker({
      store,
      holder: 'a',
      pollMs: 10,
      // Long enough that a loaded machine's timer slips do not outlast it; the handler still outlasts it twice.
      leaseMs: 300,
      handle: () => {
        calls += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      clock: systemClock,
      logger: silentLogger,
    });
    workers.push(worker);
    await store.accept(chatUpdate(1, 7));
    worker.wake();
    await until(() => worker.inFlight() === 1);
    for (let i = 0; i < 8; i += 1) {
      await systemClock.sleep(90);
      expect(await store.claim('b', 300)).toBeNull();
    }
    // Not taken over by this worker either.
    expect(calls).toBe(1);
    finish();
    await until(async () => (await store.pending()) === 0);
    expect(await store.pending()).toBe(0);
  });

  it('runs an update once when its own lease lapsed while in hand and it took the update again, and marks it done under the newer claim', async () => {
    const sqlite = createUpdateQueueStore({ database: databaseOf(memoryDb()), clock: systemClock });
    // Renewals that do not reach the database: the lease lapses while the handler runs.
    const store = { ...sqlite, renew: async () => false };
    let calls = 0;
    const worker = startUpdateWorker({
      store,
      holder: 'a',
      pollMs: 5,
      leaseMs: 20,
      handle: async () => {
        calls += 1;
        await systemClock.sleep(150);
      },
      clock: systemClock,
      logger: silentLogger,
    });
    workers.push(worker);
    await sqlite.accept(chatUpdate(1, 7));
    await until(async () => (await sqlite.pending()) === 0);
    expect(await sqlite.pending()).toBe(0);
    expect(calls).toBe(1);
  });

  it("counts an update whose handler failed as handled, so that its chat goes on", async () => {
    const store = createUpdateQueueStore({ database: databaseOf(memoryDb()), clock: systemClock });
    const seen: number[] = [];
    const worker = startUpdateWorker({
      store,
      holder: 'a',
      pollMs: 10,
      handle: async (u) => {
        seen.push(u.update_id);
        if (u.update_id === 1) throw new Error('handler failed');
      },
      clock: systemClock,
      logger: silentLogger,
    });
    workers.push(worker);
    await store.accept(chatUpdate(1, 7));
    await store.accept(chatUpdate(2, 7));
    await until(() => seen.length === 2);
    expect(seen).toEqual([1, 2]);
  });

  it('gives up, unhandled, on an update claimed three times already, and goes on with its chat', async () => {
    const store = createUpdateQueueStore({ database: databaseOf(memoryDb()), clock: systemClock });
    await store.accept(chatUpdate(1, 7));
    await store.accept(chatUpdate(2, 7));
    // Three instances took update 1 and died with it (their claims released, as a lease would end).
    for (let i = 0; i < 3; i += 1) {
      const claim = await store.claim(`dead-${i}`, 1_000);
      await store.release(claim!.claimToken, claim!.updateId);
    }
    const seen: number[] = [];
    const worker = startUpdateWorker({ store, holder: 'a', pollMs: 10, handle: async (u) => void seen.push(u.update_id), clock: systemClock, logger: silentLogger });
    workers.push(worker);
    await until(() => seen.length === 1);
    expect(seen).toEqual([2]);
  });
});
