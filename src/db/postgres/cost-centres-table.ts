import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Cost centres kept by administrators: see src/db/cost-centres-table.ts. */
export const costCentres = pgTable(
  'cost_centres',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    code: text('code'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    retiredAt: at('retired_at'),
    monthlyBudget: bigint('monthly_budget', { mode: 'number' }),
  },
  (t) => [index('cost_centres_retired_idx').on(t.retiredAt)],
);
