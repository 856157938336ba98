import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { batches } from './batches-table.js';

const big = (name: string) => bigint(name, { mode: 'number' });

/** Where a batch's approval cards went: see ../batch-cards-table.ts. */
export const batchCards = pgTable(
  'batch_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id),
    chatId: big('chat_id').notNull(),
    messageId: big('message_id').notNull(),
    threadId: big('thread_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('batch_cards_batch_idx').on(t.batchId)],
);
