import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AuditFacts } from './audit-log.js';
import { appendAuditRow } from './audit-trail.js';
import type { LeaseTime } from './lease-time.js';
import type { OrderRow } from './order-writes.js';
import type { Database, Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

/** Why a notification could not be delivered, for the audit's words; the Telegram error itself is kept as a note. */
export type UndeliverableCause = 'order-missing' | 'removed' | 'viewer' | 'blocked' | 'telegram';

export type NotificationRow = Tables['notifications']['$inferSelect'];

/** Who holds a claim, and for how long each claim or renewal holds. */
export interface OutboxLease {
  /** Unique per process (and per start of it). */
  owner: string;
  leaseMs: number;
}

/**
 * The outbox's leases, on either database. A run claims due rows so that
 * no row goes to two senders; every later write is a compare-and-swap on
 * the lease owner (and the pending status), so a row whose lease ran out
 * and went to another sender is never written by the first one.
 * `now` is the caller's clock: it decides which rows are due (the
 * sender's own schedule) and stamps what is written. Leases keep the time
 * of LeaseTime: on SQLite (one instance) that `now` too; on PostgreSQL the
 * server's clock, shared by every instance whatever its own clock says. The
 * final writes commit with their audit row in the money transaction, as
 * every change of notifications does.
 */
export interface NotificationStore {
  /** Claims up to `limit` due pending rows whose lease is free or expired, oldest first. */
  claimDue(lease: OutboxLease, now: number, limit: number): Promise<NotificationRow[]>;
  /** Extends the lease before slow work; false when the row is no longer ours. */
  renew(lease: OutboxLease, id: number, now: number): Promise<boolean>;
  /** Records that Telegram accepted the first `partsSent` messages, and extends the lease; false when the row is no longer ours. */
  recordParts(lease: OutboxLease, id: number, partsSent: number, now: number): Promise<boolean>;
  /** Marks the row sent with its audit row, in one transaction; false when the row is no longer ours. */
  markSent(lease: OutboxLease, id: number, now: number, facts: { kind: string; messages: number }): Promise<boolean>;
  /** A dead letter, audited: kept, never tried again on its own. False when the row is no longer ours. */
  markUndeliverable(lease: OutboxLease, id: number, now: number, reason: string, cause: UndeliverableCause): Promise<boolean>;
  /** Tries again at `at`. A snooze (Telegram asked us to wait) does not count as an attempt. */
  reschedule(lease: OutboxLease, id: number, at: number, options: { countAttempt: boolean; lastError: string }): Promise<boolean>;
  /** Gives a claimed row back untouched, for rows a run did not get to. */
  release(lease: OutboxLease, id: number): Promise<void>;
  /** The order a notification announces; null when it is gone. */
  orderOf(orderId: number): Promise<OrderRow | null>;
}

/** The store's calls for one lease holder, as a sender makes them. */
export type LeasedOutbox = {
  [K in Exclude<keyof NotificationStore, 'orderOf'>]: NotificationStore[K] extends (lease: OutboxLease, ...rest: infer A) => infer R ? (...rest: A) => R : never;
} & Pick<NotificationStore, 'orderOf'>;

export function leasedOutbox(store: NotificationStore, lease: OutboxLease): LeasedOutbox {
  return {
    claimDue: (now, limit) => store.claimDue(lease, now, limit),
    renew: (id, now) => store.renew(lease, id, now),
    recordParts: (id, partsSent, now) => store.recordParts(lease, id, partsSent, now),
    markSent: (id, now, facts) => store.markSent(lease, id, now, facts),
    markUndeliverable: (id, now, reason, cause) => store.markUndeliverable(lease, id, now, reason, cause),
    reschedule: (id, at, options) => store.reschedule(lease, id, at, options),
    release: (id) => store.release(lease, id),
    orderOf: (orderId) => store.orderOf(orderId),
  };
}

/** The audit facts of a dead letter: Telegram's own words only when Telegram refused it. */
const undeliverableFacts = (reason: string, cause: UndeliverableCause): AuditFacts =>
  cause === 'telegram' ? { cause, note: reason } : { cause };

/** Oldest due first, then id: RETURNING comes back in no promised order. */
const byDueTime = (a: NotificationRow, b: NotificationRow): number => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id;

export function createNotificationStore(deps: { database: Database; leases: LeaseTime }): NotificationStore {
  const { database, leases } = deps;
  const { q, tables } = database;
  const { notifications, orders } = tables;
  const mine = (owner: string, id: number) => and(eq(notifications.id, id), eq(notifications.leaseOwner, owner), eq(notifications.status, 'pending'));
  // Due by the caller's clock (the schedule), free by the lease's.
  const claimable = (now: number) =>
    and(
      eq(notifications.status, 'pending'),
      lte(notifications.nextAttemptAt, new Date(now)),
      or(isNull(notifications.leaseOwner), lte(notifications.leaseExpiresAt, leases.now(now))),
    );
  const released = { leaseOwner: null, leaseExpiresAt: null };

  async function audit(tx: Query, id: number, action: string, facts: AuditFacts, now: number): Promise<void> {
    const [row] = await tx
      .select({ orderId: notifications.orderId, amount: orders.totalAmount })
      .from(notifications)
      .innerJoin(orders, eq(orders.id, notifications.orderId))
      .where(eq(notifications.id, id));
    if (!row) return;
    await appendAuditRow(tx, tables, new Date(now), { actorId: null, action, orderId: row.orderId, amount: row.amount, facts });
  }

  /** Ends the row's claim with a final status and its audit row, in one money transaction. */
  function finish(owner: string, id: number, now: number, set: Partial<Tables['notifications']['$inferInsert']>, action: string, facts: AuditFacts): Promise<boolean> {
    return database.write(async (tx) => {
      const changed = await tx
        .update(notifications)
        .set({ ...set, attempts: sql`${notifications.attempts} + 1`, ...released })
        .where(mine(owner, id))
        .returning({ id: notifications.id });
      if (changed.length === 0) return false;
      await audit(tx, id, action, facts, now);
      return true;
    });
  }

  /** An update of a row we hold; whether it was still ours. */
  async function onMine(owner: string, id: number, set: Parameters<ReturnType<Query['update']>['set']>[0]): Promise<boolean> {
    const changed = await q.update(notifications).set(set).where(mine(owner, id)).returning({ id: notifications.id });
    return changed.length > 0;
  }

  return {
    async claimDue(lease, now, limit) {
      const due = q
        .select({ id: notifications.id })
        .from(notifications)
        .where(claimable(now))
        .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
        .limit(limit);
      const claimed = await q
        .update(notifications)
        .set({ leaseOwner: lease.owner, leaseExpiresAt: leases.end(now, lease.leaseMs) })
        .where(and(leases.among(notifications.id, due), claimable(now)))
        .returning();
      return claimed.sort(byDueTime);
    },

    renew: (lease, id, now) => onMine(lease.owner, id, { leaseExpiresAt: leases.end(now, lease.leaseMs) }),

    recordParts: (lease, id, partsSent, now) => onMine(lease.owner, id, { partsSent, leaseExpiresAt: leases.end(now, lease.leaseMs) }),

    markSent: (lease, id, now, facts) => finish(lease.owner, id, now, { status: 'sent', sentAt: new Date(now), lastError: null }, 'notification.sent', facts),

    markUndeliverable: (lease, id, now, reason, cause) =>
      finish(lease.owner, id, now, { status: 'undeliverable', lastError: reason }, 'notification.undeliverable', undeliverableFacts(reason, cause)),

    reschedule: (lease, id, at, options) =>
      onMine(lease.owner, id, {
        nextAttemptAt: new Date(at),
        lastError: options.lastError,
        ...(options.countAttempt ? { attempts: sql`${notifications.attempts} + 1` } : {}),
        ...released,
      }),

    async release(lease, id) {
      await onMine(lease.owner, id, released);
    },

    async orderOf(orderId) {
      const [order] = await q.select().from(orders).where(eq(orders.id, orderId));
      return order ?? null;
    },
  };
}
