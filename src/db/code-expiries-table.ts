import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** What became of a card's expiry reminder (src/expiry/expiry-reminders.ts); null while none was due. */
export const REMINDER_STATES = [
  'sending', // claimed by a pass that is sending it now; left so after a crash: lost rather than sent twice
  'sent', // Telegram took it
  'withheld', // the orderer is no longer on the staff, or may no longer see codes
  'undeliverable', // Telegram refused it (the bot was blocked)
] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

/**
 * One row per delivered card that carries an expiry: which order and which
 * card of it (by position), who ordered it, when the card stops working,
 * whether the orderer has handed the codes over, and whether the reminder
 * went. Never the code: the reminder points to /track, which reads the
 * codes from the provider again.
 */
export const codeExpiries = sqliteTable(
  'code_expiries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** No foreign key, as code_messages: the row never holds up anything done to orders. */
    orderId: integer('order_id').notNull(),
    /** The item's position in the provider's detail (0-based), and the card's within the item. */
    itemIndex: integer('item_index').notNull(),
    cardIndex: integer('card_index').notNull(),
    /** The item's product, to name it in the reminder. */
    productId: integer('product_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The first moment the card no longer works: a bare date means the end of that day in TIME_ZONE. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    recordedAt: integer('recorded_at', { mode: 'timestamp_ms' }).notNull(),
    handedOverAt: integer('handed_over_at', { mode: 'timestamp_ms' }),
    reminderState: text('reminder_state', { enum: REMINDER_STATES }),
    /** When a pass claimed the reminder; finishing it compares this too. */
    remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    check('code_expiries_reminder_state_check', sql.raw(`reminder_state is null or reminder_state in (${REMINDER_STATES.map((s) => `'${s}'`).join(', ')})`)),
    // A delivery sent again (a retry after a crash) records nothing twice.
    uniqueIndex('code_expiries_card_idx').on(t.orderId, t.itemIndex, t.cardIndex),
    index('code_expiries_expires_idx').on(t.expiresAt),
  ],
);
