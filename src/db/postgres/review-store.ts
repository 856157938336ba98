import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { OrderRow } from '../../orders/order-repo.js';
import {
  releaseFacts,
  reviewedAdoption,
  reviewedNotPlaced,
  reviewMismatches,
  staleLink,
  type ReviewStore,
  type SettleReviewResult,
} from '../../orders/review.js';
import type { NotificationKind } from '../../domain/notification-kinds.js';
import type { OrderDetail } from '../../provider/schemas.js';
import type { PgDb, PgTx } from './open.js';
import { appendAudit, enqueueNotification, moneyTransaction, transitionOrder } from './order-writes.js';
import { orders } from './schema.js';

/**
 * The review of orders on PostgreSQL: the same decisions as on SQLite
 * (review.ts), each under the money lock, so that the check that no other
 * order holds the provider order and the adoption that links it cannot be
 * raced by another administrator or instance, and the unique index on
 * provider_order_id never fires.
 */
export function createPostgresReviewStore(deps: { db: PgDb; clock: Clock }): ReviewStore {
  const { db, clock } = deps;

  const find = async (exec: PgDb | PgTx, id: number): Promise<OrderRow | null> =>
    (await exec.select().from(orders).where(eq(orders.id, id)))[0] ?? null;

  return {
    settleReview(input) {
      return moneyTransaction(db, async (tx): Promise<SettleReviewResult> => {
        const order = await find(tx, input.orderId);
        if (!order) return { kind: 'not-found' };
        if (order.state !== 'needs_review') return { kind: 'not-in-review', order };
        const now = clock.now();
        const at = new Date(now);
        const { decision } = input;

        if (decision.kind === 'none') {
          if (order.acceptedOrderId !== null) return { kind: 'accepted', order };
          const moved = await transitionOrder(tx, reviewedNotPlaced(order, input.actorId, at), at);
          if (!moved) return { kind: 'not-in-review', order };
          const enqueued: NotificationKind[] = (await enqueueNotification(tx, { orderId: order.id, kind: 'not_placed', now })) ? ['not_placed'] : [];
          return { kind: 'settled', order: moved, enqueued };
        }

        const detail = decision.providerOrder;
        const [linked] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.providerOrderId, detail.orderId), ne(orders.id, order.id)))
          .limit(1);
        const mismatches = reviewMismatches(order, detail);
        if (linked && !staleLink(order, linked, detail)) return { kind: 'already-linked', order, linked };
        if (mismatches.length > 0) return { kind: 'mismatch', order, mismatches };
        const released = linked ? await releaseLink(tx, linked, order, detail, input.actorId, at) : undefined;

        const adoption = reviewedAdoption(order, detail, input.actorId, at);
        const moved = await transitionOrder(tx, adoption.move, at);
        if (!moved) return { kind: 'not-in-review', order };
        const enqueued: NotificationKind[] = [];
        for (const kind of adoption.notify) if (await enqueueNotification(tx, { orderId: order.id, kind, now })) enqueued.push(kind);
        return { kind: 'settled', order: moved, enqueued, ...(released ? { released } : {}) };
      });
    },

    async findForReview(orderId) {
      const order = await find(db, orderId);
      if (!order) return { kind: 'not-found' };
      return order.state === 'needs_review' ? { kind: 'waiting', order } : { kind: 'not-in-review', order };
    },

    async listAwaitingReview(limit) {
      const waiting = eq(orders.state, 'needs_review');
      const [counted] = await db.select({ n: sql<number>`count(*)` }).from(orders).where(waiting);
      const items = await db.select().from(orders).where(waiting).orderBy(asc(orders.id)).limit(Math.max(0, limit));
      return { items, total: Number(counted?.n ?? 0) };
    },
  };
}

/** As review.ts's releaseLink: frees the provider order id from the holder, audited on the holder. */
async function releaseLink(tx: PgTx, holder: OrderRow, order: OrderRow, detail: OrderDetail, actorId: number, at: Date): Promise<OrderRow> {
  const [released] = await tx.update(orders).set({ providerOrderId: null, updatedAt: at }).where(eq(orders.id, holder.id)).returning();
  await appendAudit(tx, at, {
    actorId,
    action: 'order.link_released',
    orderId: holder.id,
    amount: holder.totalAmount,
    facts: releaseFacts(holder, order, detail),
  });
  return released ?? holder;
}
