import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { PlacedOrder } from '../provider/schemas.js';
import type { OrderRow, OrderStore } from '../db/order-store.js';

/**
 * First delivery check after an accepted order, and first reconciliation
 * after an unknown outcome. Placing an order schedules them; the tracking
 * module's backoff starts from the same figures (src/tracking/backoff.ts).
 */
export const FIRST_CHECK_AFTER_PLACED_MS = 2_000;
export const FIRST_CHECK_AFTER_UNKNOWN_MS = 5_000;

/**
 * Where an order may be when its own POST is answered: 'placing', or
 * 'unknown' if the background work's repair took it for the POST of a
 * stopped instance meanwhile (this instance lost the database connection
 * holding its owner lock, or, for an order from before owners were
 * recorded, its POST was held up longer than the repair's margin). The
 * provider's answer is what happened, so it settles either.
 */
export const ANSWERED_FROM = ['placing', 'unknown'] as const;

/**
 * How the provider's answer to an order's one POST is written down: placed
 * (with the amount charged, which may differ from the one confirmed),
 * unknown (to reconcile), or accepted but not recordable (to review). Each
 * is one compare-and-swap with its audit row.
 */
export function createAnswerRecording(deps: {
  repo: Pick<OrderStore, 'transition' | 'get'>;
  clock: Clock;
  logger: Logger;
  onChargedOtherAmount?: (order: OrderRow, confirmed: number) => void;
}) {
  const { repo, clock, logger } = deps;

  /** What the provider's answer accepted, kept whether or not the order can be recorded as placed. */
  const accepted = (placed: PlacedOrder) => ({
    acceptedOrderId: placed.orderId,
    acceptedReference: placed.orderReference,
    acceptedAmount: placed.amount,
    postEndedAt: new Date(clock.now()),
  });

  async function settlePlaced(order: OrderRow, placed: PlacedOrder, actorId: number): Promise<OrderRow> {
    // Still the intent's unit price × quantity: what the staff member confirmed.
    const confirmed = order.totalAmount;
    const moved = await repo.transition({
      id: order.id,
      from: ANSWERED_FROM,
      to: 'in_progress',
      set: {
        ...accepted(placed),
        providerOrderId: placed.orderId,
        providerReference: placed.orderReference,
        providerStatus: placed.status,
        totalAmount: placed.amount,
        nextCheckAt: new Date(clock.now() + FIRST_CHECK_AFTER_PLACED_MS),
      },
      audit: {
        actorId,
        action: 'order.placed',
        facts: placed.amount === confirmed ? null : { quoted: confirmed },
      },
    });
    if (!moved) throw new Error(`order ${order.id} left 'placing' and 'unknown' while its POST was answered`);
    if (placed.amount !== confirmed) {
      logger.warn({ orderId: order.id, confirmed, charged: placed.amount }, 'the provider charged another amount than the one confirmed');
      try {
        deps.onChargedOtherAmount?.(moved, confirmed);
      } catch (error) {
        logger.error({ orderId: order.id, error: errorName(error) }, 'could not announce the amount charged');
      }
    }
    return moved;
  }

  async function settleUnknown(order: OrderRow, actorId: number, detail: string): Promise<OrderRow> {
    const moved = await repo.transition({
      id: order.id,
      from: 'placing',
      to: 'unknown',
      set: { nextCheckAt: new Date(clock.now() + FIRST_CHECK_AFTER_UNKNOWN_MS), postEndedAt: new Date(clock.now()) },
      audit: { actorId, action: 'order.unknown', facts: { note: detail } },
    });
    return moved ?? (await repo.get(order.id)) ?? order;
  }

  /**
   * The provider took the order but it could not be recorded as placed (its
   * id collides with another local order's, say). The answer is kept in
   * columns without a unique index and the order goes to administrators at
   * once: reconciliation could only guess at what we already know.
   */
  async function settleAccepted(order: OrderRow, placed: PlacedOrder, actorId: number, why: string): Promise<OrderRow> {
    const candidate = { orderId: placed.orderId, reference: placed.orderReference, status: placed.status, amount: placed.amount, createdAt: null };
    let moved: OrderRow | null = null;
    try {
      moved = await repo.transition({
        id: order.id,
        from: ANSWERED_FROM,
        to: 'needs_review',
        set: { ...accepted(placed), reviewCandidates: [candidate], nextCheckAt: null },
        audit: { actorId, action: 'order.needs_review', facts: { cause: 'accepted-not-recorded', providerOrder: placed.orderId, note: why } },
        notify: ['needs_review'],
      });
    } catch (error) {
      // Nothing more can be written: the log is the last record. Ids and amount only, never a code.
      logger.fatal(
        { orderId: order.id, providerOrderId: placed.orderId, reference: placed.orderReference, amount: placed.amount, error: errorName(error) },
        'accepted order could not be recorded at all',
      );
    }
    if (!moved) {
      logger.fatal(
        { orderId: order.id, providerOrderId: placed.orderId, reference: placed.orderReference, amount: placed.amount },
        'accepted order had already moved on and could not be recorded',
      );
    }
    return moved ?? { ...order, ...accepted(placed), state: 'needs_review' };
  }

  return { settlePlaced, settleUnknown, settleAccepted };
}

/** A failure's kind for logs and audit rows: SQLite's code names a collision without quoting any value. */
export function errorName(error: unknown): string {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ('code' in current && typeof current.code === 'string') return current.code;
  }
  return error instanceof Error ? error.name : 'non-error thrown';
}
