import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';

const big = (name: string) => bigint(name, { mode: 'number' });

/** The provider's wallet transactions as read: see src/db/wallet-ledger-table.ts. Moments are ms since the epoch. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: big('id').primaryKey(),
    type: text('type').notNull(),
    amount: big('amount').notNull(),
    balanceAfter: big('balance_after'),
    providerOrderId: big('provider_order_id'),
    description: text('description'),
    createdAt: text('created_at'),
    at: big('at'),
    seenAt: big('seen_at').notNull(),
    baseline: boolean('baseline').notNull(),
    verdict: text('verdict'),
    judgedAt: big('judged_at'),
  },
  (t) => [
    index('wallet_ledger_at_idx').on(t.at, t.id),
    index('wallet_ledger_order_idx').on(t.providerOrderId),
    index('wallet_ledger_unjudged_idx').on(t.id).where(sql`verdict is null and baseline = false`),
  ],
);
