import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REMINDER_STATES } from '../code-expiries-table.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** As ../code-expiries-table.ts: each delivered card's expiry and its reminder, never the code. */
export const codeExpiries = pgTable(
  'code_expiries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id').notNull(),
    itemIndex: integer('item_index').notNull(),
    cardIndex: integer('card_index').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    expiresAt: at('expires_at').notNull(),
    recordedAt: at('recorded_at').notNull(),
    handedOverAt: at('handed_over_at'),
    reminderState: text('reminder_state', { enum: REMINDER_STATES }),
    remindedAt: at('reminded_at'),
  },
  (t) => [
    check('code_expiries_reminder_state_check', sql.raw(`reminder_state is null or reminder_state in (${REMINDER_STATES.map((s) => `'${s}'`).join(', ')})`)),
    uniqueIndex('code_expiries_card_idx').on(t.orderId, t.itemIndex, t.cardIndex),
    index('code_expiries_expires_idx').on(t.expiresAt),
  ],
);
