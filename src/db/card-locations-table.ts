import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Whose card it is: an order's approval request (`approvals`) or a batch waiting for an administrator (`batches`). */
export const CARD_KINDS = ['order', 'batch'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/**
 * The messages with Approve and Reject (or Refuse) that an approval
 * request or a batch was announced in: the card in the administrators'
 * group (its topic's thread) and the private ones, so that every copy is
 * settled once one administrator decided or the request lapsed. Forgotten
 * as they are settled. `subject_id` is the request's or the batch's id,
 * by `kind`: no foreign key, since it names one of two tables.
 */
export const cardLocations = sqliteTable(
  'card_locations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: CARD_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    chatId: integer('chat_id').notNull(),
    messageId: integer('message_id').notNull(),
    /** The topic of a forum group the card went to; null in a private chat, a group without topics, or where it was not kept. */
    threadId: integer('thread_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    check('card_locations_kind_check', sql.raw(`kind in (${CARD_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    index('card_locations_subject_idx').on(t.kind, t.subjectId),
  ],
);
