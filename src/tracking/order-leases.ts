import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { notifications, orders } from '../db/schema.js';
import { type OrderState } from '../domain/order-states.js';
import { transitionOrder, type OrderRow } from '../orders/order-repo.js';
import { byCheckTime, hasKeys, ProviderOrderTakenError, type ClaimedWrite, type ClaimedWriteResult, type OrderLeaseStore } from '../db/order-lease-store.js';

export type { AcceptedFlight, ClaimedWrite, ClaimedWriteResult, ClaimOptions, LinkedOrder, OpenOrder, OrderLeaseStore, Reschedule, WatchedOrder } from '../db/order-lease-store.js';
export { byCheckTime, hasKeys, ProviderOrderTakenError } from '../db/order-lease-store.js';
import { FOLLOWED_STATES } from '../domain/order-lifecycle.js';
import { enqueueNotification } from '../orders/outbox.js';

const leaseFree = (now: Date) => or(isNull(orders.leaseOwner), isNull(orders.leaseExpiresAt), lte(orders.leaseExpiresAt, now));
const released = { leaseOwner: null, leaseExpiresAt: null };

/** The SQLite store: synchronous statements behind promises; one statement claims, immediate transactions write. */
export function createSqliteOrderLeaseStore(deps: { db: Db }): OrderLeaseStore {
  const { db } = deps;

  function writeClaimed(input: ClaimedWrite): ClaimedWriteResult | null {
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
          ...released,
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
        const enqueued = (input.notify ?? []).filter((kind) => enqueueNotification(tx, { orderId: updated.id, kind, now: input.now }));
        return { order: updated, enqueued };
      },
      { behavior: 'immediate' },
    );
  }

  return {
    async claimDue(options) {
      const now = new Date(options.now);
      const due = db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            inArray(orders.state, [...(options.states ?? FOLLOWED_STATES)]),
            or(isNull(orders.nextCheckAt), lte(orders.nextCheckAt, now)),
            leaseFree(now),
          ),
        )
        .orderBy(asc(orders.nextCheckAt), asc(orders.id))
        .limit(Math.max(0, Math.floor(options.limit)));
      // One statement: SQLite's single writer makes the select and the update one step.
      const claimed = db
        .update(orders)
        .set({ leaseOwner: options.owner, leaseExpiresAt: new Date(options.now + options.leaseMs) })
        .where(inArray(orders.id, due))
        .returning()
        .all();
      return claimed.sort(byCheckTime);
    },

    async claim(input) {
      const now = new Date(input.now);
      return (
        db
          .update(orders)
          .set({ leaseOwner: input.owner, leaseExpiresAt: new Date(input.now + input.leaseMs) })
          .where(and(eq(orders.id, input.id), inArray(orders.state, [...FOLLOWED_STATES]), leaseFree(now)))
          .returning()
          .get() ?? null
      );
    },

    async reschedule(input) {
      return (
        db
          .update(orders)
          .set({ nextCheckAt: input.nextCheckAt === null ? null : new Date(input.nextCheckAt), checkCount: input.checkCount, ...released })
          .where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner)))
          .returning()
          .get() ?? null
      );
    },

    async release(input) {
      const result = db.update(orders).set(released).where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner))).run();
      return result.changes > 0;
    },

    async writeClaimed(input) {
      try {
        return writeClaimed(input);
      } catch (error) {
        if (isSqliteUniqueViolation(error)) throw new ProviderOrderTakenError(input.order.id, { cause: error });
        throw error;
      }
    },

    async takeOverEarlierClaims() {
      return db.transaction(
        (tx) => ({
          orders: tx.update(orders).set(released).where(isNotNull(orders.leaseOwner)).run().changes,
          notifications: tx.update(notifications).set(released).where(isNotNull(notifications.leaseOwner)).run().changes,
        }),
        { behavior: 'immediate' },
      );
    },

    async watched(states) {
      return db
        .select(watchedColumns)
        .from(orders)
        .where(and(inArray(orders.state, [...states]), isNotNull(orders.providerOrderId)))
        .all();
    },

    async linkedTo(providerOrderIds, exceptId) {
      if (providerOrderIds.length === 0) return [];
      return db
        .select(linkedColumns)
        .from(orders)
        .where(and(inArray(orders.providerOrderId, [...providerOrderIds]), isNotNull(orders.providerOrderId), ne(orders.id, exceptId)))
        .all();
    },

    async acceptedFlights(acceptedOrderIds, limit) {
      if (acceptedOrderIds.length === 0) return [];
      return db
        .select(flightColumns)
        .from(orders)
        .where(and(inArray(orders.acceptedOrderId, [...acceptedOrderIds]), isNotNull(orders.postEndedAt)))
        .limit(limit)
        .all();
    },

    async openOrders(states, exceptId) {
      return db
        .select(openColumns)
        .from(orders)
        .where(and(inArray(orders.state, [...states]), ne(orders.id, exceptId)))
        .all();
    },
  };
}

const watchedColumns = {
  id: orders.id,
  state: orders.state,
  providerOrderId: orders.providerOrderId,
  providerStatus: orders.providerStatus,
  nextCheckAt: orders.nextCheckAt,
  postedAt: orders.postedAt,
  createdAt: orders.createdAt,
  staleReportedAt: orders.staleReportedAt,
};
const linkedColumns = {
  id: orders.id,
  providerOrderId: orders.providerOrderId,
  providerReference: orders.providerReference,
  sandbox: orders.sandbox,
  postedAt: orders.postedAt,
  createdAt: orders.createdAt,
};
const flightColumns = {
  acceptedOrderId: orders.acceptedOrderId,
  acceptedReference: orders.acceptedReference,
  postedAt: orders.postedAt,
  postEndedAt: orders.postEndedAt,
};
const openColumns = { id: orders.id, state: orders.state, postedAt: orders.postedAt, createdAt: orders.createdAt, lines: orders.lines };

/** drizzle wraps the driver's error; the SQLite code is on the cause. */
function isSqliteUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ('code' in current && current.code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}
