import type { OrderDetail } from '../provider/schemas.js';

/** Details kept at most: a few batches of hundreds of orders; beyond it the oldest go and are read again from the provider. */
const MAX_KEPT = 2_000;

/**
 * The delivery details of a batch's completed orders, as the sweep read
 * them, kept in the background instance's memory (never on disk: they hold
 * codes) until the batch's file of codes is built, so that the file does not
 * read a hundred details from the provider again at the request budget.
 * Lost at a restart or a takeover: the file then reads what is missing.
 */
export function createBatchDetails() {
  const kept = new Map<number, OrderDetail>();
  return {
    keep(orderId: number, detail: OrderDetail): void {
      kept.delete(orderId);
      kept.set(orderId, detail);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    },
    /** The detail kept for this order, handed over once. */
    take(orderId: number): OrderDetail | undefined {
      const detail = kept.get(orderId);
      kept.delete(orderId);
      return detail;
    },
  };
}

export type BatchDetails = ReturnType<typeof createBatchDetails>;
