import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { NotificationKind } from '../domain/notification-kinds.js';
import { itemsMismatch, type ItemsMismatch } from '../domain/order-line.js';
import { isFinal, isFollowed, localStateFor, notificationFor } from '../domain/order-lifecycle.js';
import { appendAuditRow } from './audit-trail.js';
import { enqueueNotification, enqueueNotifications, transitionOrder, type OrderRow, type TransitionInput } from './order-writes.js';
import type { Database, Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

/**
 * Orders reconciliation could not settle wait in 'needs_review' for an
 * administrator: they are not polled, and their fingerprint blocks the same
 * order. An administrator either names the provider order that is this one
 * (adopt) or rules that nothing was placed (none).
 */

/** A provider order as the review compares and adopts it: what the provider's order detail tells. */
export interface ReviewedProviderOrder {
  orderId: number;
  orderReference: string;
  amount: number;
  status: string;
  createdAt: string | null;
  items: readonly { productId: number; regionPropertyId: number | null; quantity: number }[];
}

export type ReviewDecision = { kind: 'adopt'; providerOrder: ReviewedProviderOrder } | { kind: 'none' };

export interface SettleReviewInput {
  orderId: number;
  /** The administrator who decided; recorded in the audit row. */
  actorId: number;
  decision: ReviewDecision;
}

/** Why a provider order cannot be this local order. */
export type ReviewMismatch = ItemsMismatch;

export type SettleReviewResult =
  /** `released`: another local order whose stale link to this provider order was removed (see staleLink). */
  | { kind: 'settled'; order: OrderRow; enqueued: NotificationKind[]; released?: OrderRow }
  /** The provider accepted this order (its POST answer is kept): it can be adopted, never settled as not placed. */
  | { kind: 'accepted'; order: OrderRow }
  | { kind: 'not-found' }
  /** Someone else settled it first, or it never waited for review. */
  | { kind: 'not-in-review'; order: OrderRow }
  /** orders.provider_order_id is unique: another local order already follows that provider order. */
  | { kind: 'already-linked'; order: OrderRow; linked: OrderRow }
  /** The provider order is for something else; adopting it would deliver codes of another order. */
  | { kind: 'mismatch'; order: OrderRow; mismatches: ReviewMismatch[] };

export type ReviewLookup = { kind: 'waiting'; order: OrderRow } | Extract<SettleReviewResult, { kind: 'not-found' | 'not-in-review' }>;

/** The review of orders waiting for an administrator. */
export interface ReviewStore {
  /**
   * Settles an order waiting for review in the money transaction, as a
   * compare-and-swap from 'needs_review': the audit row and the staff
   * member's notifications commit with the move, a second decision on the
   * same order (two administrators, a replayed press) changes nothing, and
   * the check that no other order holds the provider order cannot be raced
   * by the adoption of another, so the unique index on provider_order_id
   * never fires.
   */
  settleReview(input: SettleReviewInput): Promise<SettleReviewResult>;
  /** Whether our order `orderId` waits for review, read before asking the administrator or the provider anything. */
  findForReview(orderId: number): Promise<ReviewLookup>;
  /** Orders waiting for an administrator, oldest first, at most `limit`; `total` counts them all. */
  listAwaitingReview(limit: number): Promise<{ items: OrderRow[]; total: number }>;
}

/**
 * What makes a provider order clearly another order. The amount is not
 * among them: a price may change between the summary and the POST, and the
 * administrator sees both amounts before deciding.
 */
export function reviewMismatches(order: Pick<OrderRow, 'lines'>, detail: Pick<ReviewedProviderOrder, 'items'>): ReviewMismatch[] {
  return itemsMismatch(order.lines, detail.items);
}

export function createReviewStore(deps: { database: Database; clock: Clock }): ReviewStore {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { orders } = tables;

  const find = async (exec: Query, id: number): Promise<OrderRow | null> => (await exec.select().from(orders).where(eq(orders.id, id)))[0] ?? null;

  return {
    settleReview(input) {
      return database.write(async (tx): Promise<SettleReviewResult> => {
        const order = await find(tx, input.orderId);
        if (!order) return { kind: 'not-found' };
        if (order.state !== 'needs_review') return { kind: 'not-in-review', order };
        const now = clock.now();
        const at = new Date(now);
        const { decision } = input;

        if (decision.kind === 'none') {
          if (order.acceptedOrderId !== null) return { kind: 'accepted', order };
          const moved = await transitionOrder(tx, tables, reviewedNotPlaced(order, input.actorId, at), at);
          if (!moved) return { kind: 'not-in-review', order };
          const enqueued: NotificationKind[] = (await enqueueNotification(tx, tables, { orderId: order.id, kind: 'not_placed', now })) ? ['not_placed'] : [];
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
        const released = linked ? await releaseLink(tx, tables, linked, order, detail, input.actorId, at) : undefined;

        const adoption = reviewedAdoption(order, detail, input.actorId, at);
        const moved = await transitionOrder(tx, tables, adoption.move, at);
        if (!moved) return { kind: 'not-in-review', order };
        const enqueued = await enqueueNotifications(tx, tables, order.id, adoption.notify, now);
        return { kind: 'settled', order: moved, enqueued, ...(released ? { released } : {}) };
      });
    },

    async findForReview(orderId) {
      const order = await find(q, orderId);
      if (!order) return { kind: 'not-found' };
      return order.state === 'needs_review' ? { kind: 'waiting', order } : { kind: 'not-in-review', order };
    },

    async listAwaitingReview(limit) {
      const waiting = eq(orders.state, 'needs_review');
      const [counted] = await q.select({ n: count() }).from(orders).where(waiting);
      const items = await q.select().from(orders).where(waiting).orderBy(asc(orders.id)).limit(Math.max(0, limit));
      return { items, total: counted?.n ?? 0 };
    },
  };
}

/** The move of an order an administrator ruled was never placed. */
function reviewedNotPlaced(order: OrderRow, actorId: number, at: Date): TransitionInput {
  return {
    id: order.id,
    from: 'needs_review',
    to: 'not_placed',
    set: { finishedAt: at, nextCheckAt: null },
    audit: { actorId, action: 'order.not_placed', facts: { cause: 'review' } },
  };
}

/** The move of an order an administrator matched to a provider order, and what it announces. */
function reviewedAdoption(order: OrderRow, detail: ReviewedProviderOrder, actorId: number, at: Date): { move: TransitionInput; notify: NotificationKind[] } {
  const state = localStateFor(detail.status);
  const kind = notificationFor(state);
  return {
    move: {
      id: order.id,
      from: 'needs_review',
      to: state,
      set: {
        providerOrderId: detail.orderId,
        providerReference: detail.orderReference,
        providerStatus: detail.status,
        // What the provider charged is what the records and the audit trail show.
        totalAmount: detail.amount,
        // A followed order is due at once, so the poller takes it from its first, quick checks.
        nextCheckAt: isFollowed(state) ? at : null,
        checkCount: 0,
        ...(isFinal(state) ? { finishedAt: at } : {}),
      },
      audit: { actorId, action: 'order.adopted', facts: { byReview: true, providerOrder: detail.orderId, status: detail.status } },
    },
    notify: ['adopted', ...(kind ? [kind] : [])],
  };
}

/** Clock difference between the provider and us that a creation time must clear before it proves anything. */
const CLOCK_MARGIN_MS = 10 * 60_000;

/**
 * Another local order holds the provider order id, but the provider's POST
 * answered that id to this order, and the holder's link is left over from
 * another provider account or a sandbox that started its numbering over,
 * where the same number meant another order. Proved by either: the holder
 * recorded another reference, or the provider created this order well after
 * the holder's own order request had ended, so it cannot be the holder's.
 */
function staleLink(order: OrderRow, holder: OrderRow, detail: ReviewedProviderOrder): boolean {
  if (order.acceptedOrderId !== detail.orderId || order.acceptedReference !== detail.orderReference) return false;
  if (holder.providerReference !== null && holder.providerReference !== detail.orderReference) return true;
  const created = detail.createdAt === null ? Number.NaN : Date.parse(detail.createdAt);
  const holderSentBy = (holder.postEndedAt ?? holder.postedAt ?? holder.createdAt).getTime();
  return !Number.isNaN(created) && created > holderSentBy + CLOCK_MARGIN_MS;
}

/** The audit facts of a released link. */
function releaseFacts(holder: OrderRow, order: OrderRow, detail: ReviewedProviderOrder) {
  return { providerOrder: detail.orderId, reference: detail.orderReference, order: order.id, was: holder.providerReference };
}

/** Frees the provider order id from the holder; its own reference and history stay. Audited on the holder. */
async function releaseLink(tx: Query, tables: Pick<Tables, 'orders' | 'auditLog'>, holder: OrderRow, order: OrderRow, detail: ReviewedProviderOrder, actorId: number, at: Date): Promise<OrderRow> {
  const { orders } = tables;
  const [released] = await tx.update(orders).set({ providerOrderId: null, updatedAt: at }).where(eq(orders.id, holder.id)).returning();
  await appendAuditRow(tx, tables, at, {
    actorId,
    action: 'order.link_released',
    orderId: holder.id,
    amount: holder.totalAmount,
    facts: releaseFacts(holder, order, detail),
  });
  return released ?? holder;
}
