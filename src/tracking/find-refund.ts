import type { OrderRow } from '../db/order-store.js';
import { readBack } from '../provider/history.js';
import { RECONCILE } from './reconcile-search.js';
import type { ProviderClient } from '../provider/client.js';
import { CONTRACT_LIMITS, type Transaction } from '../provider/schemas.js';

/** What the wallet says about an order's money: the answer a failed order's message gives. */
export type RefundSeen = { kind: 'seen'; amount: number } | { kind: 'not-seen' } | { kind: 'unknown' };

const isType = (transaction: Transaction, type: 'DEBIT' | 'CREDIT'): boolean => transaction.type.trim().toUpperCase() === type;

/**
 * Looks for CREDIT transactions of the order in the wallet history, newest
 * first, back to the order's own debit (a refund can only be newer) or, when
 * that is not seen, to the time the order was sent, at most `pages` pages.
 * 'not-seen' only when the pages reached back that far; a read that fails or
 * falls short gives 'unknown' instead: the staff member is told now rather
 * than after the provider recovers, and never that no money came back when
 * the history was not read.
 */
export async function findRefund(
  provider: Pick<ProviderClient, 'listTransactions'>,
  order: Pick<OrderRow, 'providerOrderId' | 'postedAt' | 'createdAt'>,
  options: { pages?: number } = {},
): Promise<RefundSeen> {
  const providerOrderId = order.providerOrderId;
  if (providerOrderId === null) return { kind: 'not-seen' };
  // The provider's clock may differ from ours: read as far back as reconciliation would look for the order.
  const since = (order.postedAt ?? order.createdAt).getTime() - RECONCILE.reachMs;
  const load = (page: number) =>
    provider.listTransactions({ page, pageSize: CONTRACT_LIMITS.maxPageSize }, { priority: 'background' });
  const ofOrder = (transaction: Transaction, type: 'DEBIT' | 'CREDIT') => transaction.orderId === providerOrderId && isType(transaction, type);
  try {
    const read = await readBack(load, since, options.pages ?? 3, (items) => items.some((entry) => ofOrder(entry, 'DEBIT')));
    const credits = read.entries.map(({ entry }) => entry).filter((entry) => ofOrder(entry, 'CREDIT'));
    if (credits.length > 0) return { kind: 'seen', amount: credits.reduce((sum, transaction) => sum + transaction.amount, 0) };
    return read.covered ? { kind: 'not-seen' } : { kind: 'unknown' };
  } catch {
    return { kind: 'unknown' };
  }
}
