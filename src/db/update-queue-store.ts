import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Db } from './open.js';
import { updateQueue } from './schema.js';

/**
 * Every update, posted to the webhook or fetched by the poller, kept in the
 * database between its arrival and the handler, so that each update is
 * handled once (a repeat post, to this instance or another, or an update
 * Telegram gives the next poller again because the last one never
 * confirmed it, is recognised by its update_id) and one chat's updates one
 * at a time in update_id order, whichever instance received them.
 *
 * The order is that of the rows present: Telegram's Bot API server holds a
 * chat's next webhook update until the previous one is answered, and we
 * answer only once the update is stored; the poller stores a batch in
 * update_id order before fetching the next. So an earlier update of a chat
 * is in the table before a later one. Should an earlier update still arrive
 * late, it is handled when it comes, never dropped.
 */

/** One update taken for handling: its lease runs until marked done, renewed or released. */
export interface ClaimedUpdate {
  updateId: number;
  chatKey: string;
  update: Update;
  /** Names this claim: renewals and `done` from a claim that was taken over change nothing. */
  claimToken: string;
  /** How many times it was claimed, this claim included: above 1 after a takeover. */
  attempts: number;
}

export interface UpdateQueueStore {
  /** Stores the update once; false when this update_id was stored before (Telegram posted it, or gave it to a poller, again). */
  accept(update: Update): Promise<boolean>;
  /**
   * Takes the update with the lowest update_id among the chats whose
   * earliest unhandled update nobody holds a live lease on, or null when
   * none is runnable. The lease ends at now + `leaseMs`.
   */
  claim(holder: string, leaseMs: number): Promise<ClaimedUpdate | null>;
  /** Extends a live claim; false when the claim is no longer this one (taken over or done). */
  renew(claimToken: string, updateId: number, leaseMs: number): Promise<boolean>;
  /** Marks the update handled and forgets its payload; false when the claim was taken over. */
  done(claimToken: string, updateId: number): Promise<boolean>;
  /** Gives a claim up without handling it, so that any instance may take it at once. */
  release(claimToken: string, updateId: number): Promise<void>;
  /**
   * Releases the claims of processes that are gone, so that their updates
   * are handled at once instead of when their leases run out: on SQLite
   * (one process at a time) every claim this store did not hand out; on
   * PostgreSQL each claim whose instance's owner lock is free. Returns how
   * many. An update released here may have been half-handled by its dead
   * claimant: it is handled again, as when a lease runs out.
   */
  releaseOrphans(): Promise<number>;
  /** Deletes handled rows done before `before`; returns how many. */
  prune(before: Date): Promise<number>;
  /** Updates stored and not yet handled. */
  pending(): Promise<number>;
}

/**
 * The key an update is serialised under: its chat, as the bot's own
 * sequentialize middleware uses; an update without a chat is a key of its own.
 */
export function updateChatKey(update: Update): string {
  const chat =
    update.message?.chat ??
    update.edited_message?.chat ??
    update.channel_post?.chat ??
    update.edited_channel_post?.chat ??
    update.callback_query?.message?.chat ??
    update.my_chat_member?.chat ??
    update.chat_member?.chat ??
    update.chat_join_request?.chat;
  return chat ? `chat:${chat.id}` : `update:${update.update_id}`;
}

/** The SQLite store: one process, and its immediate transaction lets one claimer in at a time. */
export function createSqliteUpdateQueueStore(deps: { db: Db; clock: Clock }): UpdateQueueStore {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());
  // The claims this process holds: any other one found is a dead process's (one process at a time on SQLite).
  const mine = new Set<string>();
  return {
    async accept(update) {
      const inserted = db
        .insert(updateQueue)
        .values({ updateId: update.update_id, chatKey: updateChatKey(update), payload: JSON.stringify(update), receivedAt: now() })
        .onConflictDoNothing()
        .returning({ updateId: updateQueue.updateId })
        .all();
      return inserted.length === 1;
    },
    async claim(holder, leaseMs) {
      return db.transaction(
        (tx) => {
          const at = clock.now();
          const next = tx.all<{ update_id: number }>(sql`
            select q.update_id from update_queue q
            where q.done_at is null and (q.lease_until is null or q.lease_until <= ${at})
              and not exists (select 1 from update_queue p where p.chat_key = q.chat_key and p.done_at is null and p.update_id < q.update_id)
            order by q.update_id limit 1`)[0];
          if (!next) return null;
          const claimToken = randomUUID();
          const row = tx
            .update(updateQueue)
            .set({ claimToken, claimedBy: holder, leaseUntil: new Date(at + leaseMs), attempts: sql`${updateQueue.attempts} + 1` })
            .where(eq(updateQueue.updateId, next.update_id))
            .returning()
            .get();
          if (!row?.payload) return null;
          mine.add(claimToken);
          return { updateId: row.updateId, chatKey: row.chatKey, update: JSON.parse(row.payload) as Update, claimToken, attempts: row.attempts };
        },
        { behavior: 'immediate' },
      );
    },
    async renew(claimToken, updateId, leaseMs) {
      const rows = db
        .update(updateQueue)
        .set({ leaseUntil: new Date(clock.now() + leaseMs) })
        .where(and(eq(updateQueue.updateId, updateId), eq(updateQueue.claimToken, claimToken), isNull(updateQueue.doneAt)))
        .returning({ updateId: updateQueue.updateId })
        .all();
      return rows.length === 1;
    },
    async done(claimToken, updateId) {
      mine.delete(claimToken);
      const rows = db
        .update(updateQueue)
        .set({ doneAt: now(), payload: null, leaseUntil: null, claimToken: null })
        .where(and(eq(updateQueue.updateId, updateId), eq(updateQueue.claimToken, claimToken), isNull(updateQueue.doneAt)))
        .returning({ updateId: updateQueue.updateId })
        .all();
      return rows.length === 1;
    },
    async release(claimToken, updateId) {
      mine.delete(claimToken);
      db.update(updateQueue)
        .set({ leaseUntil: null, claimToken: null, claimedBy: null })
        .where(and(eq(updateQueue.updateId, updateId), eq(updateQueue.claimToken, claimToken), isNull(updateQueue.doneAt)))
        .run();
    },
    async releaseOrphans() {
      const held = and(isNull(updateQueue.doneAt), isNotNull(updateQueue.claimToken));
      return db
        .update(updateQueue)
        .set({ leaseUntil: null, claimToken: null, claimedBy: null })
        .where(mine.size === 0 ? held : and(held, notInArray(updateQueue.claimToken, [...mine])))
        .run().changes;
    },
    async prune(before) {
      return db.delete(updateQueue).where(lt(updateQueue.doneAt, before)).run().changes;
    },
    async pending() {
      const row = db.get<{ n: number }>(sql`select count(*) as n from update_queue where done_at is null`);
      return Number(row?.n ?? 0);
    },
  };
}
