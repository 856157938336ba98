import type { BatchOrderPlan, BatchState } from '../../../src/db/batch-store.js';
import type { orders } from '../../../src/db/schema.js';
import type { OrderLine } from '../../../src/orders/order-line.js';
import type { OrderRow } from '../../../src/db/order-row.js';
import type { OrderQueries } from '../../../src/db/order-queries.js';
import type { SpendingStore } from '../../../src/db/spending-store.js';

/** An order row as both databases take it; the id is the database's. */
export type SeedOrder = Omit<typeof orders.$inferInsert, 'id'>;

/** The order reads of one database, over an empty orders table, and a way to put rows in it as they are. */
export interface OrderReadsSubject {
  queries: OrderQueries;
  spending: SpendingStore;
  /** Inserts the rows one by one, in order (ids grow with them), and returns them as stored. */
  seed(rows: readonly SeedOrder[]): Promise<OrderRow[]>;
  /** Inserts a batch in `state` for `requesterId` and returns its id: orders name it in batchId. */
  seedBatch(requesterId: number, state: BatchState): Promise<number>;
}

let batchesMade = 0;

/** A batch row as both databases take it; its plan is not read by the order queries. */
export function batchRow(requesterId: number, state: BatchState, at: Date, plan: BatchOrderPlan[] = [], total = 0) {
  batchesMade += 1;
  return {
    key: `batch-key-${batchesMade}`,
    requesterId,
    chatId: requesterId,
    source: 'quantity' as const,
    fileHash: null,
    fileName: null,
    plan,
    total,
    state,
    heldReason: null,
    nextIndex: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/** One line of `title` at `price`. */
export function line(title: string, price = 1_000, quantity = 1): OrderLine {
  return { product: { id: 101, title }, region: { regionPropertyId: 5001, title: 'US', price }, quantity, fields: [] };
}

let made = 0;

/**
 * A row: user 1's in-progress order in chat 1 of one 1,000 line, created
 * at `createdAt` (ms); `overrides` replace any field. Keys and
 * fingerprints are unique per row.
 */
export function orderRow(createdAt: number, overrides: Partial<SeedOrder> = {}): SeedOrder {
  made += 1;
  const lines = overrides.lines ?? [line('Google Play 10 USD')];
  return {
    userId: 1,
    chatId: overrides.userId ?? 1,
    confirmKey: `key-${made}`,
    fingerprint: `fingerprint-${made}`,
    lines,
    totalAmount: lines.reduce((sum, l) => sum + l.region.price * l.quantity, 0),
    state: 'in_progress',
    sandbox: true,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
    ...overrides,
  };
}
