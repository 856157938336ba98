import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** Every update until handled, in both modes; see ../update-queue-table.ts. */
export const updateQueue = pgTable(
  'update_queue',
  {
    updateId: big('update_id').primaryKey(),
    chatKey: text('chat_key').notNull(),
    payload: text('payload'),
    receivedAt: at('received_at').notNull(),
    claimToken: text('claim_token'),
    claimedBy: text('claimed_by'),
    leaseUntil: at('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    doneAt: at('done_at'),
    /** The owner lock of the instance holding the claim (db/postgres/owner-lock.ts): a claim whose owner is gone is released at once. */
    ownerLock: big('owner_lock'),
  },
  // The claim reads only unhandled rows; handled ones stay a day for the duplicate check.
  (t) => [
    index('update_queue_chat_idx').on(t.chatKey, t.updateId).where(sql`done_at is null`),
    index('update_queue_pending_idx').on(t.updateId).where(sql`done_at is null`),
    index('update_queue_done_idx').on(t.doneAt),
  ],
);
