import type { OrderRow } from '../orders/order-repo.js';
import type { ProviderClient } from '../provider/client.js';
import type { OrderListEntry } from '../provider/schemas.js';

/** What the wallet says about an order's money: the answer a failed order's message gives. */
export type RefundSeen = { kind: 'seen'; amount: number } | { kind: 'not-seen' } | { kind: 'unknown' };

const PAGE_SIZE = 50;

/**
 * Looks for CREDIT transactions of the order in the newest pages of the
 * wallet history; a refund lands soon after the order ends, so a few pages
 * are enough. A read that fails gives 'unknown' instead of an error: the
 * staff member is told now rather than after the provider recovers.
 */
export async function findRefund(
  provider: Pick<ProviderClient, 'listTransactions'>,
  providerOrderId: number | null,
  options: { pages?: number } = {},
): Promise<RefundSeen> {
  if (providerOrderId === null) return { kind: 'not-seen' };
  let amount = 0;
  let found = false;
  try {
    for (let page = 1; page <= (options.pages ?? 3); page++) {
      const { items } = await provider.listTransactions({ page, pageSize: PAGE_SIZE }, { priority: 'background' });
      for (const transaction of items) {
        if (transaction.orderId === providerOrderId && transaction.type.toUpperCase() === 'CREDIT') {
          found = true;
          amount += transaction.amount;
        }
      }
      if (items.length === 0 || items.length < PAGE_SIZE) break;
    }
  } catch {
    return { kind: 'unknown' };
  }
  return found ? { kind: 'seen', amount } : { kind: 'not-seen' };
}

/** How far around the POST an order in the history may have been created and still be this one. */
const CANDIDATE_BEFORE_MS = 2 * 60_000;
const CANDIDATE_AFTER_MS = 15 * 60_000;

/**
 * Orders in the first page of the provider's history that could be this
 * unknown-outcome order (same amount, created around its POST, not already
 * some other local order's), for the administrators who must decide. Null
 * when the history could not be read.
 */
export async function findReviewCandidates(
  provider: Pick<ProviderClient, 'listOrders'>,
  order: OrderRow,
  isLinkedElsewhere: (providerOrderId: number) => boolean,
): Promise<OrderListEntry[] | null> {
  const postedAt = (order.postedAt ?? order.createdAt).getTime();
  try {
    const { items } = await provider.listOrders({ page: 1, pageSize: PAGE_SIZE }, { priority: 'background' });
    return items.filter((entry) => {
      const created = entry.createdAt === null ? Number.NaN : Date.parse(entry.createdAt);
      const near = Number.isNaN(created) || (created >= postedAt - CANDIDATE_BEFORE_MS && created <= postedAt + CANDIDATE_AFTER_MS);
      return near && entry.amount === order.totalAmount && !isLinkedElsewhere(entry.orderId);
    });
  } catch {
    return null;
  }
}
