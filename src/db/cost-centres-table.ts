import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Cost centres kept by administrators. Never deleted: `retired_at` set
 * means no longer offered, while the orders that named one still show it.
 * The same name may be kept twice only when one of them is retired; the
 * store checks that (a partial unique index would also have to fold case
 * and Persian letters). A budget is changed only through dual control
 * (src/budgets), audited as `cost_centre.budget`.
 */
export const costCentres = sqliteTable(
  'cost_centres',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    code: text('code'),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    retiredAt: integer('retired_at', { mode: 'timestamp_ms' }),
    /** The most its orders may spend in one month of the deployment's calendar; null: no budget. */
    monthlyBudget: integer('monthly_budget'),
  },
  (t) => [index('cost_centres_retired_idx').on(t.retiredAt)],
);
