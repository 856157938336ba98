import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { OrderRow } from '../../orders/order-repo.js';
import { FOLLOWED_STATES } from '../../domain/order-lifecycle.js';
import {
  byCheckTime,
  hasKeys,
  ProviderOrderTakenError,
  type ClaimedWrite,
  type ClaimedWriteResult,
  type OrderLeaseStore,
} from '../../tracking/order-leases.js';
import { leaseEnd, serverNow } from './lease-time.js';
import type { PgDb } from './open.js';
import { enqueueNotification, moneyTransaction, transitionOrder } from './order-writes.js';
import { notifications, orders } from './schema.js';

/** A lease nobody holds or that has ended by the server's clock, whatever the claimer's own clock says. */
const leaseFree = () => or(isNull(orders.leaseOwner), isNull(orders.leaseExpiresAt), lte(orders.leaseExpiresAt, serverNow));
const released = { leaseOwner: null, leaseExpiresAt: null };

/**
 * The lease store on PostgreSQL. Claims are single statements whose WHERE
 * holds the lease check (compare-and-swap): two connections updating the
 * same row are serialised by its row lock, and the second one re-checks the
 * WHERE on the row the first committed, so it finds the lease taken. A batch
 * claim picks its rows FOR UPDATE SKIP LOCKED, so concurrent claimers share
 * the due orders instead of waiting on or doubling each other's. The pick
 * is an ARRAY(...) sub-select, which PostgreSQL runs once: as `IN (...)` it
 * may run again for each row, and each run, seeing the rows just claimed
 * as taken, would pick further rows past the limit.
 *
 * Leases are set and compared by the server's clock (lease-time.ts), not
 * the `now` callers pass: instances' clocks differ. `now` still decides
 * which orders are due (next_check_at), a schedule only the background
 * instance keeps, and stamps updated_at and audit rows.
 */
export function createPostgresOrderLeaseStore(deps: { db: PgDb }): OrderLeaseStore {
  const { db } = deps;

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
            leaseFree(),
          ),
        )
        // SQLite sorts NULL first; so must this, or an order without a check time would wait behind the others.
        .orderBy(sql`${orders.nextCheckAt} asc nulls first`, asc(orders.id))
        .limit(Math.max(0, Math.floor(options.limit)))
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(orders)
        .set({ leaseOwner: options.owner, leaseExpiresAt: leaseEnd(options.leaseMs) })
        .where(and(sql`${orders.id} = any(array(${due}))`, leaseFree()))
        .returning();
      return claimed.sort(byCheckTime);
    },

    async claim(input) {
      const [claimed] = await db
        .update(orders)
        .set({ leaseOwner: input.owner, leaseExpiresAt: leaseEnd(input.leaseMs) })
        .where(and(eq(orders.id, input.id), inArray(orders.state, [...FOLLOWED_STATES]), leaseFree()))
        .returning();
      return claimed ?? null;
    },

    async reschedule(input) {
      const [updated] = await db
        .update(orders)
        .set({ nextCheckAt: input.nextCheckAt === null ? null : new Date(input.nextCheckAt), checkCount: input.checkCount, ...released })
        .where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner)))
        .returning();
      return updated ?? null;
    },

    async release(input) {
      const freed = await db
        .update(orders)
        .set(released)
        .where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner)))
        .returning({ id: orders.id });
      return freed.length > 0;
    },

    async writeClaimed(input) {
      try {
        return await moneyTransaction(db, async (tx): Promise<ClaimedWriteResult | null> => {
          const [held] = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.id, input.order.id), eq(orders.leaseOwner, input.owner), eq(orders.state, input.order.state)))
            // Claims do not take the money lock: the row lock keeps a claim of an expired lease out until this commits.
            .for('update');
          if (!held) return null;
          const columns = {
            ...input.set,
            nextCheckAt: input.nextCheckAt === null ? null : new Date(input.nextCheckAt),
            checkCount: input.checkCount,
            ...released,
          };
          const move = input.move && input.move.to !== input.order.state ? input.move : null;
          let updated: OrderRow | null;
          if (move) {
            updated = await transitionOrder(tx, { id: input.order.id, from: input.order.state, to: move.to, set: columns, audit: move.audit }, new Date(input.now));
          } else {
            const [row] = await tx
              .update(orders)
              .set(hasKeys(input.set) ? { ...columns, updatedAt: new Date(input.now) } : columns)
              .where(and(eq(orders.id, input.order.id), eq(orders.leaseOwner, input.owner)))
              .returning();
            updated = row ?? null;
          }
          if (!updated) return null;
          const order = updated;
          const enqueued: ClaimedWriteResult['enqueued'] = [];
          for (const kind of input.notify ?? []) {
            if (await enqueueNotification(tx, { orderId: order.id, kind, now: input.now })) enqueued.push(kind);
          }
          return { order, enqueued };
        });
      } catch (error) {
        // The money lock serialises these writes, so this is the same conflict SQLite meets, seen the same way.
        if (isPgUniqueViolation(error)) throw new ProviderOrderTakenError(input.order.id, { cause: error });
        throw error;
      }
    },

    // Only leases that have ended: the earlier holder may have lost its role
    // but still be finishing a pass, and a notification it is sending now
    // must not be claimed and sent again. Its live leases end on their own.
    async takeOverEarlierClaims() {
      return moneyTransaction(db, async (tx) => ({
        orders: (await tx.update(orders).set(released).where(and(isNotNull(orders.leaseOwner), leaseFree())).returning({ id: orders.id })).length,
        notifications: (
          await tx
            .update(notifications)
            .set(released)
            .where(and(isNotNull(notifications.leaseOwner), or(isNull(notifications.leaseExpiresAt), lte(notifications.leaseExpiresAt, serverNow))))
            .returning({ id: notifications.id })
        ).length,
      }));
    },

    async watched(states) {
      return db
        .select({
          id: orders.id,
          state: orders.state,
          providerOrderId: orders.providerOrderId,
          providerStatus: orders.providerStatus,
          nextCheckAt: orders.nextCheckAt,
          postedAt: orders.postedAt,
          createdAt: orders.createdAt,
          staleReportedAt: orders.staleReportedAt,
        })
        .from(orders)
        .where(and(inArray(orders.state, [...states]), isNotNull(orders.providerOrderId)));
    },

    async linkedTo(providerOrderIds, exceptId) {
      if (providerOrderIds.length === 0) return [];
      return db
        .select({
          id: orders.id,
          providerOrderId: orders.providerOrderId,
          providerReference: orders.providerReference,
          sandbox: orders.sandbox,
          postedAt: orders.postedAt,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(and(inArray(orders.providerOrderId, [...providerOrderIds]), isNotNull(orders.providerOrderId), ne(orders.id, exceptId)));
    },

    async acceptedFlights(acceptedOrderIds, limit) {
      if (acceptedOrderIds.length === 0) return [];
      return db
        .select({
          acceptedOrderId: orders.acceptedOrderId,
          acceptedReference: orders.acceptedReference,
          postedAt: orders.postedAt,
          postEndedAt: orders.postEndedAt,
        })
        .from(orders)
        .where(and(inArray(orders.acceptedOrderId, [...acceptedOrderIds]), isNotNull(orders.postEndedAt)))
        .limit(limit);
    },

    async openOrders(states, exceptId) {
      return db
        .select({ id: orders.id, state: orders.state, postedAt: orders.postedAt, createdAt: orders.createdAt, lines: orders.lines })
        .from(orders)
        .where(and(inArray(orders.state, [...states]), ne(orders.id, exceptId)));
    },
  };
}

/** node-postgres puts SQLSTATE 23505 on the error; drizzle may wrap it as the cause. */
export function isPgUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}
