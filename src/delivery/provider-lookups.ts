import type { OrderRow } from '../orders/order-repo.js';
import { readSince } from '../orders/provider-history.js';
import { RECONCILE } from '../orders/reconcile.js';
import type { ProviderClient } from '../provider/client.js';
import { CONTRACT_LIMITS, type Transaction } from '../provider/schemas.js';

/** What the wallet says about an order's money: the answer a failed order's message gives. */
export type RefundSeen = { kind: 'seen'; amount: number } | { kind: 'not-seen' } | { kind: 'unknown' };

/**
 * Looks for CREDIT transactions of the order in the wallet history, newest
 * first, back to the time the order was sent (a refund can only be newer)
 * or at most `pages` pages. A read that fails gives 'unknown' instead of an
 * error: the staff member is told now rather than after the provider
 * recovers.
 */
export async function findRefund(
  provider: Pick<ProviderClient, 'listTransactions'>,
  order: Pick<OrderRow, 'providerOrderId' | 'postedAt' | 'createdAt'>,
  options: { pages?: number } = {},
): Promise<RefundSeen> {
  const providerOrderId = order.providerOrderId;
  if (providerOrderId === null) return { kind: 'not-seen' };
  // The provider's clock may run behind ours: read a little further back than our own time of sending.
  const since = (order.postedAt ?? order.createdAt).getTime() - RECONCILE.windowBeforeMs;
  const load = (page: number) =>
    provider.listTransactions({ page, pageSize: CONTRACT_LIMITS.maxPageSize }, { priority: 'background' });
  let transactions: Transaction[];
  try {
    const read = await readSince(load, since, options.pages ?? 3);
    transactions = read.entries.map(({ entry }) => entry);
  } catch {
    return { kind: 'unknown' };
  }
  const credits = transactions.filter(
    (transaction) => transaction.orderId === providerOrderId && transaction.type.trim().toUpperCase() === 'CREDIT',
  );
  if (credits.length === 0) return { kind: 'not-seen' };
  return { kind: 'seen', amount: credits.reduce((sum, transaction) => sum + transaction.amount, 0) };
}
