import { index, integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { batches } from './batches-table.js';

/**
 * The messages with Approve and Refuse that a batch waiting for an
 * administrator was announced in: the card in the administrators' group
 * (its topic's thread) and the private ones, so that every other copy
 * says what became of the batch once one administrator decided it.
 * Forgotten once settled.
 */
export const batchCards = sqliteTable(
  'batch_cards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    chatId: integer('chat_id').notNull(),
    messageId: integer('message_id').notNull(),
    /** The topic of a forum group the card went to; null in a private chat or a group without topics. */
    threadId: integer('thread_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('batch_cards_batch_idx').on(t.batchId)],
);
