import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Top-ups administrators asked finance for (/topup request). Open while
 * `received_at` is null; the wallet watch marks one received when a credit
 * of about its amount arrives after it, naming that credit (each credit
 * settles one request at most). Changes are audited as `topup.requested`
 * and `topup.received`.
 */
export const topUpRequests = sqliteTable(
  'top_up_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestedBy: integer('requested_by').notNull(),
    amount: integer('amount').notNull(),
    note: text('note'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }),
    /** The provider's transaction id of the credit that settled it. */
    creditId: integer('credit_id'),
    creditAmount: integer('credit_amount'),
  },
  (t) => [index('top_up_requests_open_idx').on(t.receivedAt, t.id), uniqueIndex('top_up_requests_credit_idx').on(t.creditId)],
);
