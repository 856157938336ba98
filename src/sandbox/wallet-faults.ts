/**
 * The wallet's trouble, as the store reads it when it charges an order and
 * when a failed order's refund is due: debits missing from the transaction
 * list, debits larger than the order, refunds that land late. Each applies
 * to what happens from the moment it is switched on.
 */
export interface WalletFaults {
  /** While on, orders of this product take the money without a DEBIT in the list. */
  setDebitDropped(productId: number, on: boolean): void;
  /** Orders of this product are charged this much on top of their amount; 0 charges the amount again. */
  setOvercharge(productId: number, extraAmount: number): void;
  /** How long after a FAILED or CANCELLED order's final state its refund lands; 0 lands it at once. */
  setRefundDelay(ms: number): void;
  /** True when an order of these products leaves no DEBIT in the list. */
  debitDropped(productIds: readonly number[]): boolean;
  /** What an order of these products is charged on top of its amount: one extra per product in it. */
  extraCharge(productIds: readonly number[]): number;
  refundDelayMs(): number;
}

function wholeAtLeastZero(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of 0 or more, got ${value}`);
  return value;
}

export function createWalletFaults(): WalletFaults {
  const dropped = new Set<number>();
  const extras = new Map<number, number>();
  let refundDelay = 0;
  return {
    setDebitDropped(productId, on) {
      if (on) dropped.add(productId);
      else dropped.delete(productId);
    },
    setOvercharge(productId, extraAmount) {
      if (wholeAtLeastZero(extraAmount, 'the extra amount') === 0) extras.delete(productId);
      else extras.set(productId, extraAmount);
    },
    setRefundDelay(ms) {
      refundDelay = wholeAtLeastZero(ms, 'the refund delay in milliseconds');
    },
    debitDropped: (productIds) => productIds.some((id) => dropped.has(id)),
    extraCharge: (productIds) => [...new Set(productIds)].reduce((sum, id) => sum + (extras.get(id) ?? 0), 0),
    refundDelayMs: () => refundDelay,
  };
}
