import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import type { Clock } from '../../clock.js';
import { updateChatKey, type UpdateQueueStore } from '../update-queue-store.js';
import { ownerLockHeld } from './owner-lock.js';
import { storableUpdate } from '../storable-update.js';
import type { PgDb } from './open.js';
import { updateQueue } from './schema.js';

/**
 * The update queue on PostgreSQL (posted and polled updates), shared by
 * every instance. A claim is one statement: the candidate row is locked with SKIP LOCKED, so two
 * instances claiming together never take the same row (the loser moves on
 * to another chat's update), and the lease is rechecked on the locked row.
 * A chat's later update is no candidate while an earlier one is not done,
 * so a chat never runs on two instances at once.
 *
 * Leases are set and compared by the server's clock (see lease-time.ts): an
 * instance whose own clock runs ahead must not see a live lease as ended.
 * The instance's clock still stamps when an update arrived and was done,
 * which only prune reads.
 */
/*
 * Every update is stored, claimed and marked done: named statements, parsed
 * and planned once per connection, with no query builder per call (built by
 * drizzle, the three took about 1.5 ms of this process's CPU per update).
 * The lease's times are the server's clock, as lease-time.ts reckons them.
 */
const ACCEPT = {
  name: 'update-queue-accept',
  text: 'insert into update_queue (update_id, chat_key, payload, received_at) values ($1, $2, $3, $4) on conflict do nothing returning update_id',
};
const CLAIM = {
  name: 'update-queue-claim',
  text: `update update_queue set claim_token = $1, claimed_by = $2, owner_lock = $3,
      lease_until = clock_timestamp() + $4::float8 * interval '1 millisecond', attempts = attempts + 1
    where update_id = (
      select q.update_id from update_queue q
      where q.done_at is null and (q.lease_until is null or q.lease_until <= clock_timestamp())
        and not exists (select 1 from update_queue p where p.chat_key = q.chat_key and p.done_at is null and p.update_id < q.update_id)
      order by q.update_id limit 1
      for update skip locked)
      and done_at is null and (lease_until is null or lease_until <= clock_timestamp())
    returning update_id, chat_key, payload, attempts`,
};
const CLAIMED = 'update_id = $2 and claim_token = $3 and done_at is null';
const RENEW = {
  name: 'update-queue-renew',
  text: `update update_queue set lease_until = clock_timestamp() + $1::float8 * interval '1 millisecond' where ${CLAIMED} returning update_id`,
};
const DONE = {
  name: 'update-queue-done',
  text: `update update_queue set done_at = $1, payload = null, lease_until = null, claim_token = null where ${CLAIMED} returning update_id`,
};

export function createPostgresUpdateQueueStore(deps: { db: PgDb; clock: Clock; ownerLock?: number | null }): UpdateQueueStore {
  const ownerLock = deps.ownerLock ?? null;
  const { db, clock } = deps;
  const pool = db.$client;
  return {
    async accept(update) {
      const { rowCount } = await pool.query({ ...ACCEPT, values: [update.update_id, updateChatKey(update), JSON.stringify(storableUpdate(update)), new Date(clock.now())] });
      return rowCount === 1;
    },
    async claim(holder, leaseMs) {
      const claimToken = randomUUID();
      const { rows } = await pool.query<{ update_id: string; chat_key: string; payload: string | null; attempts: number }>({ ...CLAIM, values: [claimToken, holder, ownerLock, leaseMs] });
      const row = rows[0];
      if (!row?.payload) return null;
      return { updateId: Number(row.update_id), chatKey: row.chat_key, update: JSON.parse(row.payload) as Update, claimToken, attempts: row.attempts };
    },
    async renew(claimToken, updateId, leaseMs) {
      return (await pool.query({ ...RENEW, values: [leaseMs, updateId, claimToken] })).rowCount === 1;
    },
    async done(claimToken, updateId) {
      return (await pool.query({ ...DONE, values: [new Date(clock.now()), updateId, claimToken] })).rowCount === 1;
    },
    async release(claimToken, updateId) {
      await db
        .update(updateQueue)
        .set({ leaseUntil: null, claimToken: null, claimedBy: null })
        .where(and(eq(updateQueue.updateId, updateId), eq(updateQueue.claimToken, claimToken), isNull(updateQueue.doneAt)));
    },
    async releaseOrphans() {
      const rows = await db
        .update(updateQueue)
        .set({ leaseUntil: null, claimToken: null, claimedBy: null, ownerLock: null })
        .where(and(isNull(updateQueue.doneAt), isNotNull(updateQueue.claimToken), isNotNull(updateQueue.ownerLock), sql`not ${ownerLockHeld(updateQueue.ownerLock)}`))
        .returning({ updateId: updateQueue.updateId });
      return rows.length;
    },
    async prune(before) {
      const rows = await db.delete(updateQueue).where(lt(updateQueue.doneAt, before)).returning({ updateId: updateQueue.updateId });
      return rows.length;
    },
    async pending() {
      const result = await db.execute<{ n: string }>(sql`select count(*) as n from update_queue where done_at is null`);
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}
