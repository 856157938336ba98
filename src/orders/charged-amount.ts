import type { OrderRow } from './order-repo.js';

/**
 * What the staff member confirmed and what the provider charged, when the
 * two differ: the provider's price moved between our last read and the
 * POST. Null when the order cost what was confirmed. The unit price is the
 * one confirmed; the total is what the provider's answer charged.
 */
export function chargedOtherAmount(order: Pick<OrderRow, 'unitPrice' | 'quantity' | 'totalAmount'>): { confirmed: number; charged: number } | null {
  const confirmed = order.unitPrice * order.quantity;
  return order.totalAmount === confirmed ? null : { confirmed, charged: order.totalAmount };
}
