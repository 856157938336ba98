import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNotNull, isNull, lt, lte, notExists, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import { claimOwnersOf } from './claim-owners.js';
import { leaseEndPlaceholders, leasePlaceholders, leaseTimeFor } from './lease-time.js';
import type { Database } from './seam/database.js';
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
  /** What the arrival read (ArrivalRead) returned with the claim, under the key it was asked for; absent where nothing was read. */
  readAhead?: ReadAhead;
}

/** The handler's first read, made by the statement that claimed the update. */
export interface ReadAhead {
  key: string;
  value: unknown;
}

/**
 * A read that rides in the statement claiming an update as it arrives
 * (acceptAndClaim): the handler's first read of the database, which would
 * otherwise wait for a round trip of its own once the claim is back. The
 * statement evaluates it in the snapshot that found the chat free, so it
 * sees everything the chat's previous update wrote before it was done.
 * `column` is one scalar expression over the placeholder `readKey`; `parse`
 * turns what it returned into the value handed on.
 */
export interface ArrivalRead {
  column: SQL;
  parse(raw: unknown): unknown;
}

export interface UpdateQueueStore {
  /** Stores the update once, only what handlers read of it (storable-update.ts); false when this update_id was stored before (Telegram posted it, or gave it to a poller, again). */
  accept(update: Update): Promise<boolean>;
  /**
   * Stores the update as `accept` does and, when its chat has no other
   * update not yet done, claims it for `holder` in the same statement (a
   * lease ending at now + `leaseMs`), so that it can be handled without a
   * second round trip. Returns the claim; 'queued' when it was stored
   * unclaimed (an earlier update of its chat is still to finish: the worker
   * claims it in turn); 'repeat' when this update_id was stored before.
   * Only for a caller that never stores two updates of one chat at once
   * (the poller stores a batch one by one; SQLite's writer takes one
   * statement at a time): two such statements running together could each
   * find the chat free and both claim. With `readKey`, and where the store
   * was given an ArrivalRead, the claim carries that read of `readKey`.
   */
  acceptAndClaim(update: Update, holder: string, leaseMs: number, readKey?: string): Promise<ClaimedUpdate | 'queued' | 'repeat'>;
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

/** The chat id in a key updateChatKey made; undefined for an update without a chat. */
export function chatIdOfKey(chatKey: string): string | undefined {
  return chatKey.startsWith('chat:') ? chatKey.slice('chat:'.length) : undefined;
}

/**
 * The update queue of every instance on the database. A claim picks the
 * runnable update and leases it in one statement (takeNext), the pick as
 * the outbox's and the followed orders' are (lease-time.ts: SKIP LOCKED on
 * PostgreSQL). A chat's later update is no candidate while an earlier one
 * is not done, so a chat never runs on two claimers at once.
 *
 * Leases follow one clock (lease-time.ts, as the outbox's and the followed orders' do): the server's on PostgreSQL, so
 * that an instance whose clock runs ahead never sees a live lease as ended;
 * this process's on SQLite. This process's clock stamps when an update
 * arrived and was done, which only prune reads. `ownerLock`: this
 * instance's on PostgreSQL (Roles.ownerLock), recorded on its claims so
 * that another can release them once it is gone (claim-owners.ts).
 */
export function createUpdateQueueStore(deps: { database: Database; clock: Clock; ownerLock?: number | null; arrivalRead?: ArrivalRead }): UpdateQueueStore {
  const { database, clock } = deps;
  const { q } = database;
  const { updateQueue } = database.tables;
  const time = leaseTimeFor(database);
  const owners = claimOwnersOf(database, deps.ownerLock ?? null);
  const earlier = database.alias(updateQueue, 'earlier');
  const { arrivalRead } = deps;

  /** Not done, no live lease (the lease compared with `now`), and the earliest of its chat not yet done. */
  const runnableAt = (now: SQL): SQL | undefined =>
    and(
      isNull(updateQueue.doneAt),
      or(isNull(updateQueue.leaseUntil), lte(updateQueue.leaseUntil, now)),
      notExists(
        q
          .select({ one: sql`1` })
          .from(earlier)
          .where(and(eq(earlier.chatKey, updateQueue.chatKey), isNull(earlier.doneAt), lt(earlier.updateId, updateQueue.updateId))),
      ),
    );
  /** The rows of a live claim. */
  const claimed = (claimToken: string | Placeholder, updateId: number | Placeholder) => and(eq(updateQueue.updateId, updateId), eq(updateQueue.claimToken, claimToken), isNull(updateQueue.doneAt));
  const unclaimed = { leaseUntil: null, claimToken: null, claimedBy: null };

  /**
   * One statement, prepared: the lowest runnable update, picked and leased
   * together. On PostgreSQL the pick skips a row another claimer is leasing
   * at that moment (SKIP LOCKED), so two claimers take two chats' updates
   * instead of one waiting on the other; the lease is set only while the
   * row is still runnable, so a row taken meanwhile is left. On SQLite the
   * statement is one step of the one writer. Prepared because the worker
   * asks once after every update it handles, most often to find nothing:
   * built at each call, drizzle's building was most of its cost.
   */
  const leaseNow = time.preparedNow(updateQueue.leaseUntil);
  const pickNext = q.select({ updateId: updateQueue.updateId }).from(updateQueue).where(runnableAt(leaseNow)).orderBy(asc(updateQueue.updateId)).limit(1);
  const claimNext = q
    .update(updateQueue)
    .set({
      claimToken: sql`${sql.param(sql.placeholder('claimToken'), updateQueue.claimToken)}`,
      claimedBy: sql`${sql.param(sql.placeholder('holder'), updateQueue.claimedBy)}`,
      ownerLock: owners.mine,
      leaseUntil: time.preparedEnd(updateQueue.leaseUntil),
      attempts: sql`${updateQueue.attempts} + 1`,
    })
    .where(and(time.theOne(updateQueue.updateId, pickNext), runnableAt(leaseNow)))
    .returning({ updateId: updateQueue.updateId, chatKey: updateQueue.chatKey, payload: updateQueue.payload, attempts: updateQueue.attempts })
    .prepare('update-queue-claim-next');

  async function takeNext(holder: string, leaseMs: number): Promise<ClaimedUpdate | null> {
    const claimToken = randomUUID();
    const [row] = await claimNext.execute({ claimToken, holder, ...leasePlaceholders(clock.now(), leaseMs) });
    if (!row?.payload) return null;
    return { updateId: row.updateId, chatKey: row.chatKey, update: JSON.parse(row.payload) as Update, claimToken, attempts: row.attempts };
  }

  /**
   * acceptAndClaim's one statement, prepared: the insert, with the claim's
   * columns set only where the chat has no other update not yet done
   * (`free`). The casts, in syntax both databases read, type the
   * parameters PostgreSQL would otherwise take for text inside a CASE.
   */
  const arrival = {
    id: sql.placeholder('id'),
    chatKey: sql.placeholder('chatKey'),
    payload: sql.placeholder('payload'),
    receivedAt: sql.placeholder('receivedAt'),
    claimToken: sql.placeholder('claimToken'),
    holder: sql.placeholder('holder'),
  };
  const free = notExists(
    q
      .select({ one: sql`1` })
      .from(earlier)
      .where(and(eq(earlier.chatKey, arrival.chatKey), isNull(earlier.doneAt))),
  );
  const onlyIfFree = (value: SQL) => sql`case when ${free} then ${value} end`;
  const acceptClaimed = q
    .insert(updateQueue)
    .values({
      updateId: arrival.id,
      chatKey: arrival.chatKey,
      payload: arrival.payload,
      receivedAt: arrival.receivedAt,
      claimToken: onlyIfFree(sql`cast(${arrival.claimToken} as text)`),
      claimedBy: onlyIfFree(sql`cast(${arrival.holder} as text)`),
      ownerLock: onlyIfFree(sql`cast(${owners.mine} as bigint)`),
      leaseUntil: onlyIfFree(time.preparedEnd(updateQueue.leaseUntil)),
      attempts: sql`case when ${free} then 1 else 0 end`,
    })
    .onConflictDoNothing()
    .returning({ claimToken: updateQueue.claimToken, attempts: updateQueue.attempts, ...(arrivalRead ? { read: arrivalRead.column } : {}) })
    .prepare(arrivalRead ? 'update-queue-accept-claimed-read' : 'update-queue-accept-claimed');

  /** done's statement, prepared: it runs once for every update handled. */
  const markDone = q
    .update(updateQueue)
    .set({ doneAt: sql`${sql.param(sql.placeholder('doneAt'), updateQueue.doneAt)}`, payload: null, leaseUntil: null, claimToken: null })
    .where(claimed(sql.placeholder('claimToken'), sql.placeholder('updateId')))
    .returning({ updateId: updateQueue.updateId })
    .prepare('update-queue-done');

  return {
    async accept(update) {
      const stored = await q
        .insert(updateQueue)
        .values({ updateId: update.update_id, chatKey: updateChatKey(update), payload: JSON.stringify(storableUpdate(update)), receivedAt: new Date(clock.now()) })
        .onConflictDoNothing()
        .returning({ updateId: updateQueue.updateId });
      return stored.length === 1;
    },
    async acceptAndClaim(update, holder, leaseMs, readKey) {
      const chatKey = updateChatKey(update);
      const stored = storableUpdate(update);
      const claimToken = randomUUID();
      const [row] = await acceptClaimed.execute({
        id: update.update_id,
        chatKey,
        payload: JSON.stringify(stored),
        receivedAt: new Date(clock.now()),
        claimToken,
        holder,
        ...leaseEndPlaceholders(clock.now(), leaseMs),
        // No key: the read finds nothing (no key is empty) and nothing is handed on.
        ...(arrivalRead ? { readKey: readKey ?? '' } : {}),
      });
      if (!row) return 'repeat';
      if (row.claimToken !== claimToken) return 'queued';
      const claim: ClaimedUpdate = { updateId: update.update_id, chatKey, update: stored, claimToken, attempts: row.attempts };
      if (arrivalRead && readKey !== undefined) claim.readAhead = { key: readKey, value: arrivalRead.parse((row as { read?: unknown }).read) };
      return claim;
    },
    // Nothing taken: none runnable, or (rarely, on PostgreSQL) the one picked was leased by another claimer
    // between the pick and the lease: the worker asks again at its next poll.
    claim: takeNext,
    async renew(claimToken, updateId, leaseMs) {
      const renewed = await q.update(updateQueue).set({ leaseUntil: time.end(clock.now(), leaseMs) }).where(claimed(claimToken, updateId)).returning({ updateId: updateQueue.updateId });
      return renewed.length === 1;
    },
    async done(claimToken, updateId) {
      const marked = await markDone.execute({ claimToken, updateId, doneAt: new Date(clock.now()) });
      return marked.length === 1;
    },
    async release(claimToken, updateId) {
      await q.update(updateQueue).set(unclaimed).where(claimed(claimToken, updateId));
    },
    async releaseOrphans() {
      const released = await q
        .update(updateQueue)
        .set({ ...unclaimed, ownerLock: null })
        .where(and(isNull(updateQueue.doneAt), isNotNull(updateQueue.claimToken), owners.gone(updateQueue.ownerLock)))
        .returning({ updateId: updateQueue.updateId });
      return released.length;
    },
    async prune(before) {
      const pruned = await q.delete(updateQueue).where(lt(updateQueue.doneAt, before)).returning({ updateId: updateQueue.updateId });
      return pruned.length;
    },
    async pending() {
      const [row] = await q.select({ n: count() }).from(updateQueue).where(isNull(updateQueue.doneAt));
      return row?.n ?? 0;
    },
  };
}
