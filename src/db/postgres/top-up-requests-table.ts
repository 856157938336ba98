import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Top-ups administrators asked finance for: see src/db/top-up-requests-table.ts. */
export const topUpRequests = pgTable(
  'top_up_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    note: text('note'),
    createdAt: at('created_at').notNull(),
    receivedAt: at('received_at'),
    creditId: bigint('credit_id', { mode: 'number' }),
    creditAmount: bigint('credit_amount', { mode: 'number' }),
  },
  (t) => [index('top_up_requests_open_idx').on(t.receivedAt, t.id), uniqueIndex('top_up_requests_credit_idx').on(t.creditId)],
);
