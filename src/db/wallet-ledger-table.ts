import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The provider's wallet transactions as giftdesk has read them: a local copy
 * kept by the wallet watch (src/ledger/), so that a month's statement is
 * worked out from the database in a moment instead of from hundreds of pages
 * of the shared request budget. Every field is the provider's, as read,
 * except the last four, which are giftdesk's own. Transactions carry no code.
 */
export const walletLedger = sqliteTable(
  'wallet_ledger',
  {
    /** The provider's transaction id. */
    id: integer('id').primaryKey(),
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after'),
    providerOrderId: integer('provider_order_id'),
    description: text('description'),
    /** The provider's time as it wrote it. */
    createdAt: text('created_at'),
    /** That time as a moment (ms since the epoch); null when it could not be read. */
    at: integer('at'),
    seenAt: integer('seen_at').notNull(),
    /** Read while the copy was first filled: history from before the watch, never alerted. */
    baseline: integer('baseline', { mode: 'boolean' }).notNull(),
    /** What the watch made of it (src/ledger/ledger-verdicts.ts); null while it has not judged it yet. */
    verdict: text('verdict'),
    judgedAt: integer('judged_at'),
  },
  (t) => [
    index('wallet_ledger_at_idx').on(t.at, t.id),
    index('wallet_ledger_order_idx').on(t.providerOrderId),
    // The watch looks only at the few entries it has not judged.
    index('wallet_ledger_unjudged_idx').on(t.id).where(sql`verdict is null and baseline = 0`),
  ],
);
