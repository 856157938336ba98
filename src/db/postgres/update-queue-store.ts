import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import type { Clock } from '../../clock.js';
import { updateChatKey, type UpdateQueueStore } from '../update-queue-store.js';
import { leaseEnd, serverNow } from './lease-time.js';
import { ownerLockHeld } from './owner-lock.js';
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
export function createPostgresUpdateQueueStore(deps: { db: PgDb; clock: Clock; ownerLock?: number | null }): UpdateQueueStore {
  const ownerLock = deps.ownerLock ?? null;
  const { db, clock } = deps;
  const now = () => new Date(clock.now());
  return {
    async accept(update) {
      const inserted = await db
        .insert(updateQueue)
        .values({ updateId: update.update_id, chatKey: updateChatKey(update), payload: JSON.stringify(update), receivedAt: now() })
        .onConflictDoNothing()
        .returning({ updateId: updateQueue.updateId });
      return inserted.length === 1;
    },
    async claim(holder, leaseMs) {
      const claimToken = randomUUID();
      const result = await db.execute<{ update_id: string; chat_key: string; payload: string | null; attempts: number }>(sql`
        update update_queue set claim_token = ${claimToken}, claimed_by = ${holder}, owner_lock = ${ownerLock},
          lease_until = ${leaseEnd(leaseMs)}, attempts = attempts + 1
        where update_id = (
          select q.update_id from update_queue q
          where q.done_at is null and (q.lease_until is null or q.lease_until <= ${serverNow})
            and not exists (select 1 from update_queue p where p.chat_key = q.chat_key and p.done_at is null and p.update_id < q.update_id)
          order by q.update_id limit 1
          for update skip locked)
          and done_at is null and (lease_until is null or lease_until <= ${serverNow})
        returning update_id, chat_key, payload, attempts`);
      const row = result.rows[0];
      if (!row?.payload) return null;
      return { updateId: Number(row.update_id), chatKey: row.chat_key, update: JSON.parse(row.payload) as Update, claimToken, attempts: row.attempts };
    },
    async renew(claimToken, updateId, leaseMs) {
      const rows = await db
        .update(updateQueue)
        .set({ leaseUntil: leaseEnd(leaseMs) })
        .where(and(eq(updateQueue.updateId, updateId), eq(updateQueue.claimToken, claimToken), isNull(updateQueue.doneAt)))
        .returning({ updateId: updateQueue.updateId });
      return rows.length === 1;
    },
    async done(claimToken, updateId) {
      const rows = await db
        .update(updateQueue)
        .set({ doneAt: now(), payload: null, leaseUntil: null, claimToken: null })
        .where(and(eq(updateQueue.updateId, updateId), eq(updateQueue.claimToken, claimToken), isNull(updateQueue.doneAt)))
        .returning({ updateId: updateQueue.updateId });
      return rows.length === 1;
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
