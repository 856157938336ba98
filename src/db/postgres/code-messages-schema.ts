import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CODE_MESSAGE_STATES } from '../code-messages-schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** As ../code-messages-schema.ts: where each message carrying codes was sent, never the codes. */
export const codeMessages = pgTable(
  'code_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    chatId: big('chat_id').notNull(),
    messageId: big('message_id').notNull(),
    orderId: integer('order_id').notNull(),
    sentAt: at('sent_at').notNull(),
    state: text('state', { enum: CODE_MESSAGE_STATES }).notNull(),
    claimedAt: at('claimed_at'),
    attempts: integer('attempts').notNull().default(0),
    doneAt: at('done_at'),
    lastError: text('last_error'),
  },
  (t) => [
    check('code_messages_state_check', sql.raw(`state in (${CODE_MESSAGE_STATES.map((s) => `'${s}'`).join(', ')})`)),
    index('code_messages_due_idx').on(t.state, t.sentAt),
  ],
);
