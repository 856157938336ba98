import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { notifications, orders } from '../db/schema.js';
import type { SyncDb } from '../db/sync-db.js';
import type { OrderRow } from '../orders/order-repo.js';
import { appendAudit, type AuditFacts } from '../db/audit-log.js';

/** Why a notification could not be delivered, for the audit's words; the Telegram error itself is kept as a note. */
export type UndeliverableCause = 'order-missing' | 'removed' | 'viewer' | 'blocked' | 'telegram';

export type NotificationRow = typeof notifications.$inferSelect;

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
 * `now` is the caller's clock: it decides which rows are due and stamps
 * what is written. On SQLite (one instance) it also times the leases; on
 * PostgreSQL leases follow the server's clock, shared by every instance.
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
export const undeliverableFacts = (reason: string, cause: UndeliverableCause): AuditFacts =>
  cause === 'telegram' ? { cause, note: reason } : { cause };

/** Oldest due first, then id: RETURNING comes back in no promised order. */
export const byDueTime = (a: NotificationRow, b: NotificationRow): number => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id;

/** The SQLite store: synchronous statements behind promises; SQLite's single writer makes each claim one step. */
export function createSqliteNotificationStore(deps: { db: Db }): NotificationStore {
  const { db } = deps;
  const mine = (owner: string, id: number) => and(eq(notifications.id, id), eq(notifications.leaseOwner, owner), eq(notifications.status, 'pending'));
  const released = { leaseOwner: null, leaseExpiresAt: null };

  function audit(exec: SyncDb, id: number, action: string, facts: AuditFacts, now: number): void {
    const row = exec
      .select({ orderId: notifications.orderId, amount: orders.totalAmount })
      .from(notifications)
      .innerJoin(orders, eq(orders.id, notifications.orderId))
      .where(eq(notifications.id, id))
      .get();
    if (!row) return;
    appendAudit(exec, new Date(now), { actorId: null, action, orderId: row.orderId, amount: row.amount, facts });
  }

  /** Ends the row's claim with a final status and its audit row, in one immediate transaction. */
  function finish(owner: string, id: number, now: number, set: Partial<typeof notifications.$inferInsert>, action: string, facts: AuditFacts): boolean {
    return db.transaction(
      (tx) => {
        const result = tx
          .update(notifications)
          .set({ ...set, attempts: sql`${notifications.attempts} + 1`, ...released })
          .where(mine(owner, id))
          .run();
        if (result.changes === 0) return false;
        audit(tx, id, action, facts, now);
        return true;
      },
      { behavior: 'immediate' },
    );
  }

  return {
    async claimDue(lease, now, limit) {
      const due = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.status, 'pending'),
            lte(notifications.nextAttemptAt, new Date(now)),
            or(isNull(notifications.leaseOwner), lte(notifications.leaseExpiresAt, new Date(now))),
          ),
        )
        .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
        .limit(limit);
      const claimed = db
        .update(notifications)
        .set({ leaseOwner: lease.owner, leaseExpiresAt: new Date(now + lease.leaseMs) })
        .where(inArray(notifications.id, due))
        .returning()
        .all();
      return claimed.sort(byDueTime);
    },

    async renew(lease, id, now) {
      return db.update(notifications).set({ leaseExpiresAt: new Date(now + lease.leaseMs) }).where(mine(lease.owner, id)).run().changes > 0;
    },

    async recordParts(lease, id, partsSent, now) {
      return db.update(notifications).set({ partsSent, leaseExpiresAt: new Date(now + lease.leaseMs) }).where(mine(lease.owner, id)).run().changes > 0;
    },

    async markSent(lease, id, now, facts) {
      return finish(lease.owner, id, now, { status: 'sent', sentAt: new Date(now), lastError: null }, 'notification.sent', facts);
    },

    async markUndeliverable(lease, id, now, reason, cause) {
      return finish(lease.owner, id, now, { status: 'undeliverable', lastError: reason }, 'notification.undeliverable', undeliverableFacts(reason, cause));
    },

    async reschedule(lease, id, at, options) {
      const result = db
        .update(notifications)
        .set({
          nextAttemptAt: new Date(at),
          lastError: options.lastError,
          ...(options.countAttempt ? { attempts: sql`${notifications.attempts} + 1` } : {}),
          ...released,
        })
        .where(mine(lease.owner, id))
        .run();
      return result.changes > 0;
    },

    async release(lease, id) {
      db.update(notifications).set(released).where(mine(lease.owner, id)).run();
    },

    async orderOf(orderId) {
      return db.select().from(orders).where(eq(orders.id, orderId)).get() ?? null;
    },
  };
}
