import { randomUUID } from 'node:crypto';
import { and, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Db } from './open.js';
import { updateQueue } from './schema.js';
import { storableUpdate } from './storable-update.js';

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
  /** Stores the update once, only what handlers read of it (storable-update.ts); false when this update_id was stored before (Telegram posted it, or gave it to a poller, again). */
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
  const sqlite = db.$client;
  // The claims this process holds: any other one found is a dead process's (one process at a time on SQLite).
  const mine = new Set<string>();
  // Every update is stored, claimed and marked done: prepared once, where built by drizzle and compiled
  // by SQLite on each call they took about 2 ms of CPU before each update's handler began.
  // Times are epoch milliseconds, as the schema's timestamp_ms columns keep them.
  const insert = sqlite.prepare<[number, string, string, number]>(
    'insert into update_queue (update_id, chat_key, payload, received_at) values (?, ?, ?, ?) on conflict do nothing',
  );
  const nextRunnable = sqlite.prepare<[number], { update_id: number }>(
    `select q.update_id from update_queue q
     where q.done_at is null and (q.lease_until is null or q.lease_until <= ?)
       and not exists (select 1 from update_queue p where p.chat_key = q.chat_key and p.done_at is null and p.update_id < q.update_id)
     order by q.update_id limit 1`,
  );
  const take = sqlite.prepare<[string, string, number, number], { update_id: number; chat_key: string; payload: string | null; attempts: number }>(
    `update update_queue set claim_token = ?, claimed_by = ?, lease_until = ?, attempts = attempts + 1
     where update_id = ? returning update_id, chat_key, payload, attempts`,
  );
  const claimed = 'update_id = ? and claim_token = ? and done_at is null';
  const renew = sqlite.prepare<[number, number, string]>(`update update_queue set lease_until = ? where ${claimed}`);
  const done = sqlite.prepare<[number, number, string]>(
    `update update_queue set done_at = ?, payload = null, lease_until = null, claim_token = null where ${claimed}`,
  );
  const release = sqlite.prepare<[number, string]>(`update update_queue set lease_until = null, claim_token = null, claimed_by = null where ${claimed}`);
  const claimNext = sqlite.transaction((holder: string, leaseMs: number): ClaimedUpdate | null => {
    const at = clock.now();
    const next = nextRunnable.get(at);
    if (!next) return null;
    const claimToken = randomUUID();
    const row = take.get(claimToken, holder, at + leaseMs, next.update_id);
    if (!row?.payload) return null;
    mine.add(claimToken);
    return { updateId: row.update_id, chatKey: row.chat_key, update: JSON.parse(row.payload) as Update, claimToken, attempts: row.attempts };
  });
  return {
    async accept(update) {
      return insert.run(update.update_id, updateChatKey(update), JSON.stringify(storableUpdate(update)), clock.now()).changes === 1;
    },
    async claim(holder, leaseMs) {
      return claimNext.immediate(holder, leaseMs);
    },
    async renew(claimToken, updateId, leaseMs) {
      return renew.run(clock.now() + leaseMs, updateId, claimToken).changes === 1;
    },
    async done(claimToken, updateId) {
      mine.delete(claimToken);
      return done.run(clock.now(), updateId, claimToken).changes === 1;
    },
    async release(claimToken, updateId) {
      mine.delete(claimToken);
      release.run(updateId, claimToken);
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
