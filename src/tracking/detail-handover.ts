import type { Clock } from '../clock.js';
import type { OrderDetail } from '../provider/schemas.js';

/**
 * Hands the detail the sweep read for a completed order to the sender, so
 * the codes cost one provider request instead of two. Memory only: never
 * written to disk or logged, bounded in size and age; after a restart the
 * sender simply reads the detail afresh.
 */
export interface DetailHandover {
  put(orderId: number, detail: OrderDetail): void;
  /**
   * The detail held for our order `id`, only when it is the detail of the
   * provider order this order is linked to: a hand-over never crosses orders.
   */
  get(order: { id: number; providerOrderId: number | null }): OrderDetail | null;
  drop(orderId: number): void;
  /** Told by the sweep once a completed order it handed over is written: its codes wait for the sender now. */
  written(): void;
  /** The sender listens, so that codes go out at once instead of at its next turn; returns the way to stop listening. */
  onWritten(listener: () => void): () => void;
}

export function createDetailHandover(deps: { clock: Clock; maxEntries?: number; maxAgeMs?: number }): DetailHandover {
  const maxEntries = deps.maxEntries ?? 1_000;
  const maxAgeMs = deps.maxAgeMs ?? 10 * 60_000;
  // A Map keeps insertion order: the first entry is the oldest.
  const held = new Map<number, { detail: OrderDetail; at: number }>();
  const listeners = new Set<() => void>();

  return {
    put(orderId, detail) {
      held.delete(orderId);
      held.set(orderId, { detail, at: deps.clock.now() });
      while (held.size > maxEntries) {
        const oldest = held.keys().next();
        if (oldest.done) break;
        held.delete(oldest.value);
      }
    },
    get(order) {
      const entry = held.get(order.id);
      if (!entry) return null;
      if (deps.clock.now() - entry.at > maxAgeMs || order.providerOrderId === null || entry.detail.orderId !== order.providerOrderId) {
        held.delete(order.id);
        return null;
      }
      return entry.detail;
    },
    drop(orderId) {
      held.delete(orderId);
    },
    written() {
      for (const listener of listeners) listener();
    },
    onWritten(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
