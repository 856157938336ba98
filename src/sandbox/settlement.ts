import type { Clock } from '../clock.js';
import { createDelivery } from './delivery.js';
import { DESCRIPTIONS, type Ledger } from './ledger.js';
import { LATE_REFUND_STATES, REFUNDING_STATES, finalAtMs, outcomeOf, phaseAt, type OrderTiming } from './progression.js';
import type { SandboxCatalog } from './seed.js';
import type { StateChange, StoredOrder } from './types.js';

/**
 * What happens to the store's orders as the clock moves: their state at a
 * moment, their final state with its codes or its refund, and refunds the
 * late-refund fault holds back. Nothing runs in the background: the store
 * calls `settle` before every read and change.
 */
interface Settlement {
  /** Brings every order up to the clock, each final state and refund once. */
  settle(): void;
  statusAt(order: StoredOrder, nowMs: number): string;
  finalAt(order: StoredOrder): number;
}

interface SettlementDeps {
  clock: Clock;
  timing: OrderTiming;
  catalog: SandboxCatalog;
  /** The store's orders, oldest first, as they are now. */
  orders: readonly StoredOrder[];
  orderAt(orderId: number): StoredOrder;
  commit(change: StateChange): void;
  draft: Ledger['draft'];
  outcomeFor(productId: number): string;
  /** Products whose items complete with no codes. */
  undelivered: ReadonlySet<number>;
  /** Days a card is valid after completion; null: a year. */
  cardValidDays(): number | null;
  refundDelayMs(): number;
}

interface Due {
  atMs: number;
  orderId: number;
  kind: 'final' | 'refund';
}

const earlier = (a: Due, b: Due) => a.atMs - b.atMs || a.orderId - b.orderId;

/** Into the part of `due` not yet handled (from `from` on), keeping it in time order. */
function insertInTimeOrder(due: Due[], from: number, entry: Due): void {
  let low = from;
  let high = due.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (earlier(due[middle]!, entry) <= 0) low = middle + 1;
    else high = middle;
  }
  due.splice(low, 0, entry);
}

export function createSettlement(deps: SettlementDeps): Settlement {
  const { clock, timing, catalog, orders, orderAt, commit, draft } = deps;

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

  /** Returns when the order's refund is due if it is held back, null otherwise. */
  function finalize(order: StoredOrder): number | null {
    const doneAt = finalAt(order);
    const finalState = outcomeOf(order.items.map((i) => i.productId), deps.outcomeFor);
    const items =
      finalState === 'COMPLETED'
        ? order.items.map((item) => ({
            ...item,
            delivery: deps.undelivered.has(item.productId)
              ? null
              : createDelivery(item.quantity, catalog.byId.get(item.productId)?.instructions ?? '', doneAt, deps.cardValidDays()),
          }))
        : order.items;
    const owed = REFUNDING_STATES.has(finalState) && !order.refunded;
    const delay = deps.refundDelayMs();
    const refundDueAtMs = owed && delay > 0 && LATE_REFUND_STATES.has(finalState) ? doneAt + delay : null;
    const refundNow = owed && refundDueAtMs === null;
    commit({
      orders: [{ ...order, items, finalState, refunded: order.refunded || refundNow, refundDueAtMs }],
      transactions: refundNow ? [refundOf(order, doneAt)] : [],
    });
    return refundDueAtMs;
  }

  function refundLate(order: StoredOrder, atMs: number): void {
    commit({ orders: [{ ...order, refunded: true }], transactions: [refundOf(order, atMs)] });
  }

  /**
   * Final states and due refunds land in the order they happened, so that
   * the wallet's history keeps to time order even when a late refund falls
   * between two orders' final states.
   */
  function settle(): void {
    const now = clock.now();
    const due: Due[] = [];
    for (const o of orders) {
      if (o.finalState === null) {
        if (now >= finalAt(o)) due.push({ atMs: finalAt(o), orderId: o.orderId, kind: 'final' });
      } else if (o.refundDueAtMs !== null && !o.refunded && now >= o.refundDueAtMs) {
        due.push({ atMs: o.refundDueAtMs, orderId: o.orderId, kind: 'refund' });
      }
    }
    due.sort(earlier);
    for (let i = 0; i < due.length; i++) {
      const { atMs, orderId, kind } = due[i]!;
      if (kind === 'refund') {
        refundLate(orderAt(orderId), atMs);
        continue;
      }
      const refundAt = finalize(orderAt(orderId));
      if (refundAt !== null && refundAt <= now) insertInTimeOrder(due, i + 1, { atMs: refundAt, orderId, kind: 'refund' });
    }
  }

  return { settle, statusAt, finalAt };
}
