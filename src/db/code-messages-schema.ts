import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** What became of a message that carried codes (see src/safeguards/retention/code-messages.ts). */
export const CODE_MESSAGE_STATES = [
  'kept', // in the chat, waiting for its time
  'working', // claimed by a pass that is replacing it now
  'replaced', // edited into the line that says how to see the codes again
  'deleted', // could not be edited, was deleted instead
  'gone', // neither: Telegram no longer has it, or will not let the bot touch it
  'failed', // given up after repeated trouble
] as const;
export type CodeMessageState = (typeof CODE_MESSAGE_STATES)[number];

/**
 * Every message giftdesk sent that carries codes: the delivery, and each
 * "Show codes". Never the codes themselves, only where they were sent, so
 * that they can be taken out of the chat after the administrators' setting.
 */
export const codeMessages = sqliteTable(
  'code_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chatId: integer('chat_id').notNull(),
    messageId: integer('message_id').notNull(),
    /** The order whose codes it shows; no foreign key, so that the row never holds up anything done to orders. */
    orderId: integer('order_id').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
    state: text('state', { enum: CODE_MESSAGE_STATES }).notNull(),
    /** When a pass claimed it; a claim older than a few minutes was left by a stopped process. */
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    /** Telegram's word when something went wrong; never a code. */
    lastError: text('last_error'),
  },
  (t) => [
    check('code_messages_state_check', sql.raw(`state in (${CODE_MESSAGE_STATES.map((s) => `'${s}'`).join(', ')})`)),
    index('code_messages_due_idx').on(t.state, t.sentAt),
  ],
);
