import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { orders } from '../db/schema.js';
import { type NotificationKind } from '../domain/notification-kinds.js';
import {
  releaseFacts,
  reviewedAdoption,
  reviewedNotPlaced,
  reviewMismatches,
  staleLink,
  type ReviewedProviderOrder,
  type ReviewLookup,
  type ReviewStore,
  type SettleReviewInput,
  type SettleReviewResult,
} from '../db/review-store.js';
import type { SyncDb } from '../db/sync-db.js';
import { appendAudit } from '../db/audit-log.js';
import { transitionOrder, type OrderRow } from './order-repo.js';
import { enqueueNotification } from './outbox.js';

export type { ReviewDecision, ReviewLookup, ReviewMismatch, ReviewStore, SettleReviewInput, SettleReviewResult } from '../db/review-store.js';
export { reviewMismatches } from '../db/review-store.js';

/** The SQLite store: the synchronous code below behind promises; a statement that fails rejects. */
export function createSqliteReviewStore(deps: { db: Db; clock: Clock }): ReviewStore {
  const { db, clock } = deps;
  return {
    settleReview: async (input) => settleReview(db, clock, input),
    findForReview: async (orderId) => findForReview(db, orderId),
    listAwaitingReview: async (limit) => listAwaitingReview(db, limit),
  };
}

function settleReview(db: Db, clock: Clock, input: SettleReviewInput): SettleReviewResult {
  return db.transaction(
    (tx): SettleReviewResult => {
      const order = tx.select().from(orders).where(eq(orders.id, input.orderId)).get();
      if (!order) return { kind: 'not-found' };
      if (order.state !== 'needs_review') return { kind: 'not-in-review', order };
      const now = clock.now();
      const at = new Date(now);
      const { decision } = input;

      if (decision.kind === 'none') {
        if (order.acceptedOrderId !== null) return { kind: 'accepted', order };
        const moved = transitionOrder(tx, reviewedNotPlaced(order, input.actorId, at), at);
        if (!moved) return { kind: 'not-in-review', order };
        const enqueued: NotificationKind[] = enqueueNotification(tx, { orderId: order.id, kind: 'not_placed', now })
          ? ['not_placed']
          : [];
        return { kind: 'settled', order: moved, enqueued };
      }

      const detail = decision.providerOrder;
      const linked = tx
        .select()
        .from(orders)
        .where(and(eq(orders.providerOrderId, detail.orderId), ne(orders.id, order.id)))
        .get();
      const mismatches = reviewMismatches(order, detail);
      if (linked && !staleLink(order, linked, detail)) return { kind: 'already-linked', order, linked };
      if (mismatches.length > 0) return { kind: 'mismatch', order, mismatches };
      const released = linked ? releaseLink(tx, linked, order, detail, input.actorId, at) : undefined;

      const adoption = reviewedAdoption(order, detail, input.actorId, at);
      const moved = transitionOrder(tx, adoption.move, at);
      if (!moved) return { kind: 'not-in-review', order };
      const enqueued = adoption.notify.filter((k) => enqueueNotification(tx, { orderId: order.id, kind: k, now }));
      return { kind: 'settled', order: moved, enqueued, ...(released ? { released } : {}) };
    },
    { behavior: 'immediate' },
  );
}

/** Frees the provider order id from the holder; its own reference and history stay. Audited on the holder. */
function releaseLink(tx: SyncDb, holder: OrderRow, order: OrderRow, detail: ReviewedProviderOrder, actorId: number, at: Date): OrderRow {
  const released = tx.update(orders).set({ providerOrderId: null, updatedAt: at }).where(eq(orders.id, holder.id)).returning().get() ?? holder;
  appendAudit(tx, at, {
    actorId,
    action: 'order.link_released',
    orderId: holder.id,
    amount: holder.totalAmount,
    facts: releaseFacts(holder, order, detail),
  });
  return released;
}

function findForReview(db: Db, orderId: number): ReviewLookup {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) return { kind: 'not-found' };
  return order.state === 'needs_review' ? { kind: 'waiting', order } : { kind: 'not-in-review', order };
}

function listAwaitingReview(db: Db, limit: number): { items: OrderRow[]; total: number } {
  const waiting = eq(orders.state, 'needs_review');
  const total = db.select({ n: sql<number>`count(*)` }).from(orders).where(waiting).get()?.n ?? 0;
  const items = db.select().from(orders).where(waiting).orderBy(asc(orders.id)).limit(Math.max(0, limit)).all();
  return { items, total };
}
