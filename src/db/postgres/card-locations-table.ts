import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CARD_KINDS } from '../card-locations-table.js';

const big = (name: string) => bigint(name, { mode: 'number' });

/** Where each copy of an approval request's or a batch's card went: see src/db/card-locations-table.ts. */
export const cardLocations = pgTable(
  'card_locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: CARD_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    chatId: big('chat_id').notNull(),
    messageId: big('message_id').notNull(),
    threadId: big('thread_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('card_locations_kind_check', sql.raw(`kind in (${CARD_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    index('card_locations_subject_idx').on(t.kind, t.subjectId),
  ],
);
