import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { orders, type NotificationKind, type OrderState } from '../db/schema.js';
import type { SyncDb } from '../db/sync-db.js';
import { transitionOrder, type AuditEntry, type OrderRow, type TransitionInput } from '../orders/order-repo.js';
import { FOLLOWED_STATES } from '../orders/order-states.js';
import { enqueueNotification } from '../orders/outbox.js';

/**
 * Work on open orders is claimed with a lease instead of a lock flag: a
 * process that dies simply lets its leases run out, and every write after the
 * claim is a compare-and-swap on the lease owner, so a process that lost its
 * lease (it was too slow and another one took over) cannot overwrite the
 * newer result.
 */

export interface ClaimOptions {
  /** Unique per process (and per start of it). */
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
  /** Only orders in these states; all followed states by default. */
  states?: readonly OrderState[];
}

/**
 * Claims up to `limit` followed orders whose check is due and whose lease is
 * free or expired, in one statement, so two processes never claim the same
 * order. A followed order without a check time counts as due: nothing open
 * may be forgotten. Earliest check first.
 */
export function claimDueOrders(db: SyncDb, options: ClaimOptions): OrderRow[] {
  const now = new Date(options.now);
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.state, [...(options.states ?? FOLLOWED_STATES)]),
        or(isNull(orders.nextCheckAt), lte(orders.nextCheckAt, now)),
        or(isNull(orders.leaseOwner), isNull(orders.leaseExpiresAt), lte(orders.leaseExpiresAt, now)),
      ),
    )
    .orderBy(asc(orders.nextCheckAt), asc(orders.id))
    .limit(Math.max(0, Math.floor(options.limit)));
  const claimed = db
    .update(orders)
    .set({ leaseOwner: options.owner, leaseExpiresAt: new Date(options.now + options.leaseMs) })
    .where(inArray(orders.id, due))
    .returning()
    .all();
  // RETURNING comes back in no promised order.
  return claimed.sort(
    (a, b) => (a.nextCheckAt?.getTime() ?? 0) - (b.nextCheckAt?.getTime() ?? 0) || a.id - b.id,
  );
}

/**
 * Claims one followed order, whatever its schedule, when its lease is free
 * or expired: the history sweep claims an order just before it acts on it.
 * Null when it is no longer followed or someone else holds it.
 */
export function claimOrder(db: SyncDb, input: { id: number; owner: string; now: number; leaseMs: number }): OrderRow | null {
  const now = new Date(input.now);
  return (
    db
      .update(orders)
      .set({ leaseOwner: input.owner, leaseExpiresAt: new Date(input.now + input.leaseMs) })
      .where(
        and(
          eq(orders.id, input.id),
          inArray(orders.state, [...FOLLOWED_STATES]),
          or(isNull(orders.leaseOwner), isNull(orders.leaseExpiresAt), lte(orders.leaseExpiresAt, now)),
        ),
      )
      .returning()
      .get() ?? null
  );
}

export interface Reschedule {
  id: number;
  owner: string;
  /** Null stops the follow-up (final orders, orders handed to a person). */
  nextCheckAt: number | null;
  checkCount: number;
}

/** Sets the next check and gives the lease up; null when the lease is no longer ours. */
export function rescheduleClaimed(db: SyncDb, input: Reschedule): OrderRow | null {
  return (
    db
      .update(orders)
      .set({
        nextCheckAt: input.nextCheckAt === null ? null : new Date(input.nextCheckAt),
        checkCount: input.checkCount,
        leaseOwner: null,
        leaseExpiresAt: null,
      })
      .where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner)))
      .returning()
      .get() ?? null
  );
}

/** Gives the lease up and leaves the schedule as it was; false when the lease is no longer ours. */
export function releaseClaim(db: SyncDb, input: { id: number; owner: string }): boolean {
  const result = db
    .update(orders)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner)))
    .run();
  return result.changes > 0;
}

export interface ClaimedWrite {
  /** The order as claimed: its state is part of the compare-and-swap. */
  order: Pick<OrderRow, 'id' | 'state'>;
  owner: string;
  now: number;
  nextCheckAt: number | null;
  checkCount: number;
  /** Other columns to change. */
  set?: TransitionInput['set'];
  /** A new local state and its audit row; the same state as now means a plain update. */
  move?: { to: OrderState; audit: AuditEntry };
  /** Events announced in the same transaction; an event already announced is skipped. */
  notify?: readonly NotificationKind[];
}

export interface ClaimedWriteResult {
  order: OrderRow;
  /** The events that were newly queued. */
  enqueued: NotificationKind[];
}

/**
 * One immediate transaction: checks that the lease is still ours and the
 * state unchanged, applies the change (through the order transition when the
 * state moves, so the audit row goes with it), queues the events and
 * releases the lease with the next check time. Null when the lease or the
 * state had changed under us: nothing is written then.
 */
export function writeClaimed(db: Db, input: ClaimedWrite): ClaimedWriteResult | null {
  return db.transaction(
    (tx): ClaimedWriteResult | null => {
      const held = tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, input.order.id), eq(orders.leaseOwner, input.owner), eq(orders.state, input.order.state)))
        .get();
      if (!held) return null;
      const columns = {
        ...input.set,
        nextCheckAt: input.nextCheckAt === null ? null : new Date(input.nextCheckAt),
        checkCount: input.checkCount,
        leaseOwner: null,
        leaseExpiresAt: null,
      };
      const move = input.move && input.move.to !== input.order.state ? input.move : null;
      const updated = move
        ? transitionOrder(tx, { id: input.order.id, from: input.order.state, to: move.to, set: columns, audit: move.audit }, new Date(input.now))
        : tx
            .update(orders)
            .set(hasKeys(input.set) ? { ...columns, updatedAt: new Date(input.now) } : columns)
            .where(and(eq(orders.id, input.order.id), eq(orders.leaseOwner, input.owner)))
            .returning()
            .get();
      if (!updated) return null;
      const enqueued = (input.notify ?? []).filter((kind) =>
        enqueueNotification(tx, { orderId: updated.id, kind, now: input.now }),
      );
      return { order: updated, enqueued };
    },
    { behavior: 'immediate' },
  );
}

const hasKeys = (value: object | undefined): boolean => value !== undefined && Object.keys(value).length > 0;
