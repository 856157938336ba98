import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CASE_REASONS, CASE_STATES } from '../../domain/code-cases.js';

const big = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** Cases: see src/db/code-cases-table.ts. */
export const codeCases = pgTable(
  'code_cases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id').notNull(),
    card: integer('card'),
    ordererId: big('orderer_id').notNull(),
    reportedBy: big('reported_by').notNull(),
    reason: text('reason', { enum: CASE_REASONS }).notNull(),
    note: text('note'),
    state: text('state', { enum: CASE_STATES }).notNull(),
    providerOrderId: big('provider_order_id'),
    providerAnswer: text('provider_answer'),
    openedAt: at('opened_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    closedAt: at('closed_at'),
  },
  (t) => [
    check('code_cases_reason_check', inList('reason', CASE_REASONS)),
    check('code_cases_state_check', inList('state', CASE_STATES)),
    uniqueIndex('code_cases_one_open_card_idx').on(t.orderId, sql`coalesce(${t.card}, 0)`).where(sql`state in ('open', 'waiting')`),
    index('code_cases_order_idx').on(t.orderId),
    index('code_cases_updated_idx').on(t.updatedAt),
  ],
);
