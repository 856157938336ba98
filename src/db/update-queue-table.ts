import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Every update, posted to the webhook or fetched by the poller, kept until handled: every
 * instance takes them from here, so each is handled once, and one chat's
 * one at a time in update_id order. The payload is cleared once handled;
 * the row stays a day longer so that a repeat post is still recognised.
 */
export const updateQueue = sqliteTable(
  'update_queue',
  {
    updateId: integer('update_id').primaryKey(),
    chatKey: text('chat_key').notNull(),
    payload: text('payload'),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
    claimToken: text('claim_token'),
    claimedBy: text('claimed_by'),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    /** The owner lock of the instance holding the claim (db/postgres/owner-lock.ts): a claim whose owner is gone is released at once. */
    ownerLock: integer('owner_lock'),
  },
  // The claim reads only unhandled rows; handled ones stay a day for the duplicate check.
  (t) => [
    index('update_queue_chat_idx').on(t.chatKey, t.updateId).where(sql`done_at is null`),
    index('update_queue_pending_idx').on(t.updateId).where(sql`done_at is null`),
    index('update_queue_done_idx').on(t.doneAt),
  ],
);
