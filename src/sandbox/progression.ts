/**
 * Order state over time. Nothing runs in the background: the state is derived
 * from the clock whenever someone looks, so an injected clock drives it.
 */

export interface OrderTiming {
  preparingMs: number;
  processingMs: number;
}

/**
 * One order's own course, for tests and benchmarks that need orders to
 * finish at chosen times: final at `finalAtMs`, and from `detour.fromMs`
 * until then in a state of the detour's name (say one the contract does
 * not know) instead of PROCESSING.
 */
export interface OrderPlan {
  finalAtMs: number;
  detour?: { status: string; fromMs: number };
}

export type OrderPlanner = (order: { orderId: number; createdAtMs: number }) => OrderPlan;

export const DEFAULT_TIMING: OrderTiming = { preparingMs: 2000, processingMs: 3000 };

/** Final states after which the provider has credited the amount back. */
export const REFUNDING_STATES: ReadonlySet<string> = new Set(['FAILED', 'CANCELLED', 'REFUNDED']);

/** Of those, the ones whose credit a late refund holds back; REFUNDED says the money is already back. */
export const LATE_REFUND_STATES: ReadonlySet<string> = new Set(['FAILED', 'CANCELLED']);

type Phase = 'PREPARING' | 'PROCESSING' | 'FINAL';

export function phaseAt(createdAtMs: number, nowMs: number, timing: OrderTiming): Phase {
  const elapsed = nowMs - createdAtMs;
  if (elapsed < timing.preparingMs) return 'PREPARING';
  if (elapsed < timing.preparingMs + timing.processingMs) return 'PROCESSING';
  return 'FINAL';
}

export function finalAtMs(createdAtMs: number, timing: OrderTiming): number {
  return createdAtMs + timing.preparingMs + timing.processingMs;
}

/**
 * One state for the whole order: the first item whose product does not end
 * COMPLETED decides, so a single failing line fails the order.
 */
export function outcomeOf(productIds: readonly number[], outcomeFor: (productId: number) => string): string {
  for (const id of productIds) {
    const outcome = outcomeFor(id);
    if (outcome !== 'COMPLETED') return outcome;
  }
  return 'COMPLETED';
}
