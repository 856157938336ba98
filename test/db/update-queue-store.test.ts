import { isNotNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpdateWorker } from '../../src/bot/update-worker.js';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createUpdateQueueStore } from '../../src/db/update-queue-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { freshDatabase } from '../support/postgres-database.js';
import { callerLeaseTime, type LeaseTime } from './contract/lease-time.js';
import { chatUpdate, updateQueueStoreContract } from './contract/update-queue-store.contract.js';

/** The server's clock, which leases follow on PostgreSQL: a case moves the ends of the leases held into the past instead. */
function serverLeases(database: Database): LeaseTime {
  const { updateQueue } = database.tables;
  return {
    async serverNow() {
      const [row] = await database.q.select({ ms: sql<number>`extract(epoch from clock_timestamp())::float8 * 1000` }).from(sql`(select 1) as one`);
      return Number(row!.ms);
    },
    async pass(ms) {
      await database.q
        .update(updateQueue)
        .set({ leaseUntil: sql`${updateQueue.leaseUntil} - ${ms}::float8 * interval '1 millisecond'` })
        .where(isNotNull(updateQueue.leaseUntil));
    },
  };
}

forEachDatabase(['update_queue'], (label, fresh, another) => {
  updateQueueStoreContract(label, async (clock) => {
    const database = await fresh();
    return { store: createUpdateQueueStore({ database, clock }), leases: label === 'PostgreSQL' ? serverLeases(database) : callerLeaseTime };
  });

  // On SQLite the second instance is the same connection: claimers of one process, taking turns on it.
  describe(`the update queue on ${label}, two instances at once`, () => {
    it('two claiming the one runnable update together: exactly one gets it', async () => {
      const a = createUpdateQueueStore({ database: await fresh(), clock: systemClock });
      const b = createUpdateQueueStore({ database: another(), clock: systemClock });
      for (let round = 0; round < 20; round += 1) {
        await a.accept(chatUpdate(100 + round * 2, 7));
        await a.accept(chatUpdate(101 + round * 2, 7));
        const claims = await Promise.all([a.claim('a', 10_000), b.claim('b', 10_000)]);
        const won = claims.filter((c) => c !== null);
        expect(won.map((c) => c!.updateId)).toEqual([100 + round * 2]);
        await a.done(won[0]!.claimToken, won[0]!.updateId);
        const next = await Promise.all([a.claim('a', 10_000), b.claim('b', 10_000)]);
        const nextWon = next.filter((c) => c !== null);
        expect(nextWon.map((c) => c!.updateId)).toEqual([101 + round * 2]);
        await b.done(nextWon[0]!.claimToken, nextWon[0]!.updateId);
      }
    });

    it('two workers: every update handled once, a chat never on both at once, each chat in update_id order', async () => {
      const stores = [createUpdateQueueStore({ database: await fresh(), clock: systemClock }), createUpdateQueueStore({ database: another(), clock: systemClock })];
      const handled: { id: number; chat: number; by: number }[] = [];
      const busy = new Set<number>();
      let overlaps = 0;
      const workers = stores.map((store, by) =>
        startUpdateWorker({
          store,
          holder: `instance-${by}`,
          pollMs: 10,
          handle: async (update) => {
            const chat = update.message!.chat.id;
            if (busy.has(chat)) overlaps += 1;
            busy.add(chat);
            await systemClock.sleep(1 + (update.update_id % 4));
            handled.push({ id: update.update_id, chat, by });
            busy.delete(chat);
          },
          clock: systemClock,
          logger: silentLogger,
        }),
      );
      const CHATS = 6;
      const PER_CHAT = 15;
      // Posted alternately to the two instances, as a round-robin proxy would, while both work.
      for (let i = 0; i < CHATS * PER_CHAT; i += 1) {
        const store = stores[i % 2]!;
        if (await store.accept(chatUpdate(1_000 + i, 1 + (i % CHATS)))) workers[i % 2]!.wake();
        // Telegram posts some updates twice, now and then to the other instance.
        if (i % 7 === 0) expect(await stores[(i + 1) % 2]!.accept(chatUpdate(1_000 + i, 1 + (i % CHATS)))).toBe(false);
      }
      const deadline = Date.now() + 20_000;
      while (handled.length < CHATS * PER_CHAT && Date.now() < deadline) await systemClock.sleep(20);
      await Promise.all(workers.map((w) => w.stop(5_000)));
      expect(handled).toHaveLength(CHATS * PER_CHAT);
      expect(new Set(handled.map((h) => h.id)).size).toBe(CHATS * PER_CHAT);
      expect(overlaps).toBe(0);
      for (let chat = 1; chat <= CHATS; chat += 1) {
        const ids = handled.filter((h) => h.chat === chat).map((h) => h.id);
        expect(ids).toEqual([...ids].sort((x, y) => x - y));
      }
      // Two processes on PostgreSQL share the work. On SQLite both claimers are one process on one connection,
      // where a claim is one statement: the worker that wakes first may take every chat's next update.
      if (label === 'PostgreSQL') expect(new Set(handled.map((h) => h.by)).size).toBe(2);
      expect(await stores[0]!.pending()).toBe(0);
    });

    it('a stopping worker releases the update it could not finish, and the other instance takes it at once', async () => {
      const a = createUpdateQueueStore({ database: await fresh(), clock: systemClock });
      const b = createUpdateQueueStore({ database: another(), clock: systemClock });
      const stuck = startUpdateWorker({ store: a, holder: 'a', pollMs: 10, handle: () => new Promise<void>(() => undefined), clock: systemClock, logger: silentLogger });
      await a.accept(chatUpdate(1, 7));
      stuck.wake();
      while (stuck.inFlight() === 0) await systemClock.sleep(5);
      expect(await stuck.stop(20)).toBe(1);
      const taken = await b.claim('b', 60_000);
      expect(taken).toMatchObject({ updateId: 1, attempts: 2 });
    });
  });

  if (label === 'PostgreSQL') {
    it('an instance whose clock runs an hour ahead cannot take an update another instance holds, until its lease ends by the server clock', async () => {
      const HOUR = 60 * 60 * 1000;
      const database = await fresh();
      const a = createUpdateQueueStore({ database, clock: systemClock });
      const ahead = createUpdateQueueStore({ database: another(), clock: { now: () => systemClock.now() + HOUR, sleep: systemClock.sleep } });
      await a.accept(chatUpdate(1, 7));
      // The worker's figures: a 15 s lease, renewed every 5 s.
      const held = await a.claim('a', 15_000);
      expect(held).toMatchObject({ updateId: 1 });
      expect(await ahead.claim('ahead', 15_000)).toBeNull();
      expect(await a.renew(held!.claimToken, 1, 15_000)).toBe(true);
      expect(await ahead.claim('ahead', 15_000)).toBeNull();
      // The lease ends for real (moved into the past): now the update is free to take, even for this instance.
      await serverLeases(database).pass(15_000);
      expect(await ahead.claim('ahead', 15_000)).toMatchObject({ updateId: 1, attempts: 2 });
      expect(await a.done(held!.claimToken, 1)).toBe(false);
    });
  }

  if (label === 'SQLite') {
    it('releases at start every claim the dead process held, and never one of its own', async () => {
      const database = await fresh();
      const dead = createUpdateQueueStore({ database, clock: systemClock });
      await dead.accept(chatUpdate(1, 7));
      await dead.accept(chatUpdate(2, 8));
      expect((await dead.claim('dead', 60_000))?.updateId).toBe(1);
      // And one it claimed as it stored it.
      expect(await dead.acceptAndClaim(chatUpdate(3, 9), 'dead', 60_000)).toMatchObject({ updateId: 3 });

      const restarted = createUpdateQueueStore({ database, clock: systemClock });
      const own = await restarted.claim('new', 60_000);
      expect(own?.updateId).toBe(2);
      expect(await restarted.releaseOrphans()).toBe(2);
      // The dead process's updates are runnable at once, long before their leases would end; this process's own claim stays.
      expect(await restarted.claim('new', 60_000)).toMatchObject({ updateId: 1, attempts: 2 });
      expect(await restarted.claim('new', 60_000)).toMatchObject({ updateId: 3, attempts: 2 });
      expect(await restarted.releaseOrphans()).toBe(0);
      expect(await restarted.done(own!.claimToken, 2)).toBe(true);
    });
  }
});

describe('the update queue on PostgreSQL after an instance died', () => {
  // Each instance holds its owner lock on a session of its own for its whole life (db/postgres/owner-lock.ts).
  const LIVING_KEY = 281_474_976_710_000;
  const DYING_KEY = 281_474_976_710_001;
  let url: string;
  let db: PgDb;
  let other: PgDb;
  beforeAll(async () => {
    url = await freshDatabase('update_queue_owners');
    db = await openPostgres(url);
    other = await openPostgres(url);
  });
  afterAll(async () => {
    await Promise.all([db, other].filter(Boolean).map((d) => closePostgres(d)));
  });

  it("releases the claims of an instance whose owner lock is free, and leaves a living one's alone", async () => {
    const living = new pg.Client({ connectionString: url });
    const dying = new pg.Client({ connectionString: url });
    await Promise.all([living.connect(), dying.connect()]);
    await living.query('select pg_advisory_lock($1::bigint)', [LIVING_KEY]);
    await dying.query('select pg_advisory_lock($1::bigint)', [DYING_KEY]);
    try {
      const a = createUpdateQueueStore({ database: databaseOf(db), clock: systemClock, ownerLock: LIVING_KEY });
      const b = createUpdateQueueStore({ database: databaseOf(other), clock: systemClock, ownerLock: DYING_KEY });
      await a.accept(chatUpdate(1, 7));
      await a.accept(chatUpdate(2, 8));
      expect((await a.claim('living', 60_000))?.updateId).toBe(1);
      expect((await b.claim('dying', 60_000))?.updateId).toBe(2);
      // One claimed as it was stored, by each.
      expect(await b.acceptAndClaim(chatUpdate(3, 9), 'dying', 60_000)).toMatchObject({ updateId: 3, attempts: 1 });
      expect(await a.acceptAndClaim(chatUpdate(4, 10), 'living', 60_000)).toMatchObject({ updateId: 4, attempts: 1 });
      expect(await a.releaseOrphans()).toBe(0);

      await dying.end();
      await expect.poll(() => a.releaseOrphans(), { timeout: 5_000 }).toBe(2);
      // The dead instance's updates are runnable at once; the living one's claims are untouched.
      expect(await a.claim('living', 60_000)).toMatchObject({ updateId: 2, attempts: 2 });
      expect(await a.claim('living', 60_000)).toMatchObject({ updateId: 3, attempts: 2 });
      expect(await a.claim('living', 60_000)).toBeNull();
    } finally {
      await living.end();
      await dying.end().catch(() => undefined);
    }
  });
});
