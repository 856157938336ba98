import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { NotificationKind } from '../domain/notification-kinds.js';
import { FOLLOWED_STATES } from '../domain/order-lifecycle.js';
import type { OrderState } from '../domain/order-states.js';
import type { LeaseTime } from './lease-time.js';
import { enqueueNotifications, transitionOrder, type AuditEntry, type OrderRow, type TransitionInput } from './order-writes.js';
import type { Database } from './seam/database.js';

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

export interface Reschedule {
  id: number;
  owner: string;
  /** Null stops the follow-up (final orders, orders handed to a person). */
  nextCheckAt: number | null;
  checkCount: number;
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
 * A claimed write would link a provider order another local order already
 * holds (the unique index on provider_order_id): another process adopted
 * it between our search and the write. Nothing was written.
 */
export class ProviderOrderTakenError extends Error {
  constructor(orderId: number, options?: { cause?: unknown }) {
    super(`order ${orderId}: its provider order is linked to another order`, options);
    this.name = 'ProviderOrderTakenError';
  }
}

/** What the sweep needs of an open order (see sweep-plan.ts). */
export type WatchedOrder = Pick<
  OrderRow,
  'id' | 'state' | 'providerOrderId' | 'providerStatus' | 'nextCheckAt' | 'postedAt' | 'createdAt' | 'staleReportedAt'
>;
/** A local order that follows a provider order, as reconciliation compares it. */
export type LinkedOrder = Pick<OrderRow, 'id' | 'providerOrderId' | 'providerReference' | 'sandbox' | 'postedAt' | 'createdAt'>;
/** One of our answered POSTs: what the provider's answer named and when the POST flew. */
export type AcceptedFlight = Pick<OrderRow, 'acceptedOrderId' | 'acceptedReference' | 'postedAt' | 'postEndedAt'>;
/** An open order whose goods and time are compared with a candidate's. */
export type OpenOrder = Pick<OrderRow, 'id' | 'state' | 'postedAt' | 'createdAt' | 'lines'>;

/**
 * What following orders reads and writes: the leases on open orders, the
 * writes a lease holder makes, and the reads of the sweep and of
 * reconciliation. Both databases give the same answers; a claim never
 * hands one order to two claimers (takeOverEarlierClaims differs, see
 * there). The `now` callers pass decides what is due and stamps what is
 * written; leases keep the time of LeaseTime: on SQLite (one instance) that
 * `now` too, on PostgreSQL the server's clock, shared by every instance
 * whatever its own clock says. Claims are single statements whose WHERE
 * holds the lease check (compare-and-swap); writes after a claim run in the
 * money transaction.
 */
export interface OrderLeaseStore {
  /**
   * Claims up to `limit` followed orders whose check is due and whose lease
   * is free or expired, so two processes never claim the same order. A
   * followed order without a check time counts as due: nothing open may be
   * forgotten. Earliest check first.
   */
  claimDue(options: ClaimOptions): Promise<OrderRow[]>;
  /**
   * Claims one followed order, whatever its schedule, when its lease is free
   * or expired: the history sweep claims an order just before it acts on it.
   * Null when it is no longer followed or someone else holds it.
   */
  claim(input: { id: number; owner: string; now: number; leaseMs: number }): Promise<OrderRow | null>;
  /** Sets the next check and gives the lease up; null when the lease is no longer ours. */
  reschedule(input: Reschedule): Promise<OrderRow | null>;
  /** Gives the lease up and leaves the schedule as it was; false when the lease is no longer ours. */
  release(input: { id: number; owner: string }): Promise<boolean>;
  /**
   * One transaction: checks that the lease is still ours and the state
   * unchanged, applies the change (through the order transition when the
   * state moves, so the audit row goes with it), queues the events and
   * releases the lease with the next check time. Null when the lease or the
   * state had changed under us: nothing is written then. Rejects with
   * ProviderOrderTakenError when the change would link a provider order
   * another order holds.
   */
  writeClaimed(input: ClaimedWrite): Promise<ClaimedWriteResult | null>;
  /**
   * Frees the claims an earlier run left on orders and notifications. Called
   * once this process holds the background role; without this a run that
   * died (kill -9) would leave its work waiting for the leases to expire.
   * SQLite has one instance, so the earlier holder is gone and every claim
   * is freed. On PostgreSQL the earlier holder may have lost only its role
   * connection and still be finishing a pass, so only claims whose lease has
   * ended by the server's clock are freed; live ones end on their own.
   */
  takeOverEarlierClaims(): Promise<{ orders: number; notifications: number }>;
  /** Orders in these states that have a provider order to look for. */
  watched(states: readonly OrderState[]): Promise<WatchedOrder[]>;
  /** The local orders other than `exceptId` that follow these provider orders. */
  linkedTo(providerOrderIds: readonly number[], exceptId: number): Promise<LinkedOrder[]>;
  /** Up to `limit` of our orders whose POST answer named one of these provider orders and whose flight ended. */
  acceptedFlights(acceptedOrderIds: readonly number[], limit: number): Promise<AcceptedFlight[]>;
  /** Orders other than `exceptId` in these states. */
  openOrders(states: readonly OrderState[], exceptId: number): Promise<OpenOrder[]>;
}

/** RETURNING comes back in no promised order: earliest check first, then id. */
const byCheckTime = (a: OrderRow, b: OrderRow): number =>
  (a.nextCheckAt?.getTime() ?? 0) - (b.nextCheckAt?.getTime() ?? 0) || a.id - b.id;

const hasKeys = (value: object | undefined): boolean => value !== undefined && Object.keys(value).length > 0;


const released = { leaseOwner: null, leaseExpiresAt: null };

export function createOrderLeaseStore(deps: { database: Database; leases: LeaseTime }): OrderLeaseStore {
  const { database, leases } = deps;
  const { q, tables } = database;
  const { orders, notifications } = tables;
  /** A lease nobody holds or that has ended, by the lease's clock. */
  const leaseFree = (now: number) => or(isNull(orders.leaseOwner), isNull(orders.leaseExpiresAt), lte(orders.leaseExpiresAt, leases.now(now)));

  async function writeClaimed(input: ClaimedWrite): Promise<ClaimedWriteResult | null> {
    return database.write(async (tx): Promise<ClaimedWriteResult | null> => {
      // The check is itself a write of the row (its owner, unchanged): on PostgreSQL it holds the row until commit, as claims do not
      // take the money lock, so a claim of a lease that expires meanwhile waits, then finds it released or taken, never beside this.
      const [held] = await tx
        .update(orders)
        .set({ leaseOwner: input.owner })
        .where(and(eq(orders.id, input.order.id), eq(orders.leaseOwner, input.owner), eq(orders.state, input.order.state)))
        .returning({ id: orders.id });
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
        updated = await transitionOrder(tx, tables, { id: input.order.id, from: input.order.state, to: move.to, set: columns, audit: move.audit }, new Date(input.now));
      } else {
        const [row] = await tx
          .update(orders)
          .set(hasKeys(input.set) ? { ...columns, updatedAt: new Date(input.now) } : columns)
          .where(and(eq(orders.id, input.order.id), eq(orders.leaseOwner, input.owner)))
          .returning();
        updated = row ?? null;
      }
      if (!updated) return null;
      return { order: updated, enqueued: await enqueueNotifications(tx, tables, updated.id, input.notify ?? [], input.now) };
    });
  }

  return {
    async claimDue(options) {
      const due = q
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.state, [...(options.states ?? FOLLOWED_STATES)]), or(isNull(orders.nextCheckAt), lte(orders.nextCheckAt, new Date(options.now))), leaseFree(options.now)))
        // An order without a check time first (SQLite's own order for NULL; PostgreSQL's must be asked), or it would wait behind the others.
        .orderBy(sql`${orders.nextCheckAt} asc nulls first`, asc(orders.id))
        .limit(Math.max(0, Math.floor(options.limit)));
      const claimed = await q
        .update(orders)
        .set({ leaseOwner: options.owner, leaseExpiresAt: leases.end(options.now, options.leaseMs) })
        .where(and(leases.among(orders.id, due), leaseFree(options.now)))
        .returning();
      return claimed.sort(byCheckTime);
    },

    async claim(input) {
      const [claimed] = await q
        .update(orders)
        .set({ leaseOwner: input.owner, leaseExpiresAt: leases.end(input.now, input.leaseMs) })
        .where(and(eq(orders.id, input.id), inArray(orders.state, [...FOLLOWED_STATES]), leaseFree(input.now)))
        .returning();
      return claimed ?? null;
    },

    async reschedule(input) {
      const [updated] = await q
        .update(orders)
        .set({ nextCheckAt: input.nextCheckAt === null ? null : new Date(input.nextCheckAt), checkCount: input.checkCount, ...released })
        .where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner)))
        .returning();
      return updated ?? null;
    },

    async release(input) {
      const freed = await q
        .update(orders)
        .set(released)
        .where(and(eq(orders.id, input.id), eq(orders.leaseOwner, input.owner)))
        .returning({ id: orders.id });
      return freed.length > 0;
    },

    async writeClaimed(input) {
      try {
        return await writeClaimed(input);
      } catch (error) {
        // The money transaction serialises these writes, so this is a link another process made between our search and this write.
        if (isUniqueViolation(error)) throw new ProviderOrderTakenError(input.order.id, { cause: error });
        throw error;
      }
    },

    takeOverEarlierClaims() {
      return database.write(async (tx) => ({
        orders: (await tx.update(orders).set(released).where(and(isNotNull(orders.leaseOwner), leases.takenOver(orders.leaseExpiresAt))).returning({ id: orders.id })).length,
        notifications: (
          await tx
            .update(notifications)
            .set(released)
            .where(and(isNotNull(notifications.leaseOwner), leases.takenOver(notifications.leaseExpiresAt)))
            .returning({ id: notifications.id })
        ).length,
      }));
    },

    watched: (states) => q.select(watchedColumns(tables)).from(orders).where(and(inArray(orders.state, [...states]), isNotNull(orders.providerOrderId))),

    async linkedTo(providerOrderIds, exceptId) {
      if (providerOrderIds.length === 0) return [];
      return q
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
      return q
        .select({ acceptedOrderId: orders.acceptedOrderId, acceptedReference: orders.acceptedReference, postedAt: orders.postedAt, postEndedAt: orders.postEndedAt })
        .from(orders)
        .where(and(inArray(orders.acceptedOrderId, [...acceptedOrderIds]), isNotNull(orders.postEndedAt)))
        .limit(limit);
    },

    openOrders: (states, exceptId) =>
      q
        .select({ id: orders.id, state: orders.state, postedAt: orders.postedAt, createdAt: orders.createdAt, lines: orders.lines })
        .from(orders)
        .where(and(inArray(orders.state, [...states]), ne(orders.id, exceptId))),
  };
}

const watchedColumns = ({ orders }: Database['tables']) => ({
  id: orders.id,
  state: orders.state,
  providerOrderId: orders.providerOrderId,
  providerStatus: orders.providerStatus,
  nextCheckAt: orders.nextCheckAt,
  postedAt: orders.postedAt,
  createdAt: orders.createdAt,
  staleReportedAt: orders.staleReportedAt,
});

/** A unique index refused the write: SQLite's code or PostgreSQL's SQLSTATE, on the error or a cause drizzle wrapped it in. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ('code' in current && (current.code === 'SQLITE_CONSTRAINT_UNIQUE' || current.code === '23505')) return true;
  }
  return false;
}
