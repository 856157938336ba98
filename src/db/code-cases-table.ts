import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CASE_REASONS, CASE_STATES } from '../domain/code-cases.js';

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * Cases: a delivered order whose code did not work (src/domain/code-cases.ts).
 * `id` is the case number people quote. The order's provider id is copied
 * in at the report, ready to paste into the provider's support. Never a code.
 */
export const codeCases = sqliteTable(
  'code_cases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id').notNull(),
    /** Which card of the order (1 for "Card 1" of its delivery); null: the whole order (every case reported before cards were told apart, and "All cards"). */
    card: integer('card'),
    ordererId: integer('orderer_id').notNull(),
    reportedBy: integer('reported_by').notNull(),
    reason: text('reason', { enum: CASE_REASONS }).notNull(),
    note: text('note'),
    state: text('state', { enum: CASE_STATES }).notNull(),
    providerOrderId: integer('provider_order_id'),
    providerAnswer: text('provider_answer'),
    openedAt: integer('opened_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    check('code_cases_reason_check', inList('reason', CASE_REASONS)),
    check('code_cases_state_check', inList('state', CASE_STATES)),
    // One case open per card of an order at a time (0: the whole order): the same card reported twice is refused.
    // The store also refuses a card while the whole order's case is open, and the whole order while a card's is.
    uniqueIndex('code_cases_one_open_card_idx').on(t.orderId, sql`coalesce(${t.card}, 0)`).where(sql`state in ('open', 'waiting')`),
    index('code_cases_order_idx').on(t.orderId),
    index('code_cases_updated_idx').on(t.updatedAt),
  ],
);
