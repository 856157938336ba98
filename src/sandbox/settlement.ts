import type { Clock } from '../clock.js';
import { createDelivery } from './delivery.js';
import { DESCRIPTIONS, type Ledger } from './ledger.js';
import { REFUNDING_STATES, finalAtMs, outcomeOf, phaseAt, type OrderTiming } from './progression.js';
import type { SandboxCatalog } from './seed.js';
import type { StateChange, StoredOrder } from './types.js';

/**
 * What happens to the store's orders as the clock moves: their state at a
 * moment, and their final state with its codes or its refund. Nothing runs
 * in the background: the store calls `settle` before every read and change.
 */
export interface Settlement {
  /** Brings every open order up to the clock; refunds land here, once. */
  settle(): void;
  statusAt(order: StoredOrder, nowMs: number): string;
  finalAt(order: StoredOrder): number;
}

export interface SettlementDeps {
  clock: Clock;
  timing: OrderTiming;
  catalog: SandboxCatalog;
  /** The store's orders, oldest first, as they are now. */
  orders: readonly StoredOrder[];
  commit(change: StateChange): void;
  draft: Ledger['draft'];
  outcomeFor(productId: number): string;
  /** Products whose items complete with no codes. */
  undelivered: ReadonlySet<number>;
}

export function createSettlement(deps: SettlementDeps): Settlement {
  const { clock, timing, catalog, orders, commit, draft } = deps;

  const finalAt = (order: StoredOrder): number => order.plan?.finalAtMs ?? finalAtMs(order.createdAtMs, timing);

  function statusAt(order: StoredOrder, now: number): string {
    if (order.finalState !== null) return order.finalState;
    const detour = order.plan?.detour;
    if (order.plan) {
      if (now >= order.plan.finalAtMs) return 'PROCESSING';
      if (detour && now >= detour.fromMs) return detour.status;
      return phaseAt(order.createdAtMs, now, timing) === 'PREPARING' ? 'PREPARING' : 'PROCESSING';
    }
    const phase = phaseAt(order.createdAtMs, now, timing);
    return phase === 'FINAL' ? 'PROCESSING' : phase;
  }

  // The order's amount, not what its debit took: an overcharge's extra stays taken.
  const refundOf = (order: StoredOrder, atMs: number) => draft('CREDIT', order.amount, order.orderId, DESCRIPTIONS.refund(order.orderReference), atMs);

  function finalize(order: StoredOrder): void {
    const doneAt = finalAt(order);
    const finalState = outcomeOf(order.items.map((i) => i.productId), deps.outcomeFor);
    const items =
      finalState === 'COMPLETED'
        ? order.items.map((item) => ({
            ...item,
            delivery: deps.undelivered.has(item.productId)
              ? null
              : createDelivery(item.quantity, catalog.byId.get(item.productId)?.instructions ?? '', doneAt),
          }))
        : order.items;
    const refund = REFUNDING_STATES.has(finalState) && !order.refunded;
    commit({
      orders: [{ ...order, items, finalState, refunded: order.refunded || refund }],
      transactions: refund ? [refundOf(order, doneAt)] : [],
    });
  }

  function settle(): void {
    const now = clock.now();
    const due = orders
      .filter((o) => o.finalState === null && now >= finalAt(o))
      .sort((a, b) => finalAt(a) - finalAt(b) || a.createdAtMs - b.createdAtMs);
    for (const order of due) finalize(order);
  }

  return { settle, statusAt, finalAt };
}
