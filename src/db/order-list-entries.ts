import type { BatchState } from '../domain/batches.js';
import type { OrderLine } from '../domain/order-line.js';
import type { OrderRow } from './order-row.js';

/**
 * One batch as a single entry of /orders: a batch of a hundred orders
 * would otherwise fill five pages and push every other order off them.
 * The counts are of the orders the batch has placed so far.
 */
export interface BatchListEntry {
  kind: 'batch';
  batchId: number;
  userId: number;
  state: BatchState;
  orders: number;
  units: number;
  /** The orders' totals, as each order's own entry would show it. */
  total: number;
  /** When its newest order was created: where the batch sits among the orders. */
  latestAt: Date;
}

export type OrderListEntry = { kind: 'order'; order: OrderRow } | BatchListEntry;

/** A place on a page: an order on its own, or a batch (by id). */
interface EntryKey {
  batchId: number | null;
  newestId: number;
}

/** What the entry of a batch is counted from: its orders, as both databases read them. */
interface BatchOrderFacts {
  batchId: number | null;
  lines: readonly OrderLine[];
  totalAmount: number;
  userId: number;
  createdAt: Date;
}

/**
 * The page's entries in the keys' order: each order on its own as it is
 * stored, each batch counted from its orders. Both databases hand over the
 * same rows and this builds the same entries from them.
 */
export function listEntries(
  keys: readonly EntryKey[],
  singles: readonly OrderRow[],
  batchOrders: readonly BatchOrderFacts[],
  batchStates: ReadonlyMap<number, BatchState>,
): OrderListEntry[] {
  const byId = new Map(singles.map((row) => [row.id, row]));
  const entries: OrderListEntry[] = [];
  for (const key of keys) {
    if (key.batchId === null) {
      const order = byId.get(key.newestId);
      if (order) entries.push({ kind: 'order', order });
      continue;
    }
    const own = batchOrders.filter((row) => row.batchId === key.batchId);
    if (own.length === 0) continue;
    entries.push({
      kind: 'batch',
      batchId: key.batchId,
      userId: own[0]!.userId,
      state: batchStates.get(key.batchId) ?? 'running',
      orders: own.length,
      units: own.reduce((sum, row) => sum + row.lines.reduce((n, line) => n + line.quantity, 0), 0),
      total: own.reduce((sum, row) => sum + row.totalAmount, 0),
      latestAt: new Date(Math.max(...own.map((row) => row.createdAt.getTime()))),
    });
  }
  return entries;
}
