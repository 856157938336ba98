import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { notifications, orders } from '../db/schema.js';
import type { SyncDb } from '../db/sync-db.js';
import { appendAudit, type AuditFacts } from '../orders/audit-trail.js';

/** Why a notification could not be delivered, for the audit's words; the Telegram error itself is kept as a note. */
export type UndeliverableCause = 'order-missing' | 'removed' | 'viewer' | 'blocked' | 'telegram';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The outbox's leases. A run claims due rows in one statement; every later
 * write is a compare-and-swap on the lease owner, so a row whose lease ran
 * out and went to another sender is never written by the first one.
 */
export function createNotificationStore(deps: { db: Db; owner: string; leaseMs: number }) {
  const { db, owner, leaseMs } = deps;
  const mine = (id: number) => and(eq(notifications.id, id), eq(notifications.leaseOwner, owner), eq(notifications.status, 'pending'));
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

  return {
    /** Due pending rows whose lease is free or expired, oldest first. */
    claimDue(now: number, limit: number): NotificationRow[] {
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
        .set({ leaseOwner: owner, leaseExpiresAt: new Date(now + leaseMs) })
        .where(inArray(notifications.id, due))
        .returning()
        .all();
      return claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
    },

    /** Extends the lease before slow work; false when the row is no longer ours. */
    renew(id: number, now: number): boolean {
      const result = db.update(notifications).set({ leaseExpiresAt: new Date(now + leaseMs) }).where(mine(id)).run();
      return result.changes > 0;
    },

    /**
     * Records that Telegram accepted the first `partsSent` messages, and
     * extends the lease; false when the row is no longer ours.
     */
    recordParts(id: number, partsSent: number, now: number): boolean {
      const result = db.update(notifications).set({ partsSent, leaseExpiresAt: new Date(now + leaseMs) }).where(mine(id)).run();
      return result.changes > 0;
    },

    markSent(id: number, now: number, facts: { kind: string; messages: number }): boolean {
      return db.transaction(
        (tx) => {
          const result = tx
            .update(notifications)
            .set({ status: 'sent', sentAt: new Date(now), attempts: sql`${notifications.attempts} + 1`, lastError: null, ...released })
            .where(mine(id))
            .run();
          if (result.changes === 0) return false;
          audit(tx, id, 'notification.sent', facts, now);
          return true;
        },
        { behavior: 'immediate' },
      );
    },

    /** A dead letter: kept, never tried again on its own. */
    markUndeliverable(id: number, now: number, reason: string, cause: UndeliverableCause): boolean {
      return db.transaction(
        (tx) => {
          const result = tx
            .update(notifications)
            .set({ status: 'undeliverable', attempts: sql`${notifications.attempts} + 1`, lastError: reason, ...released })
            .where(mine(id))
            .run();
          if (result.changes === 0) return false;
          audit(tx, id, 'notification.undeliverable', cause === 'telegram' ? { cause, note: reason } : { cause }, now);
          return true;
        },
        { behavior: 'immediate' },
      );
    },

    /** Tries again at `at`. A snooze (Telegram asked us to wait) does not count as an attempt. */
    reschedule(id: number, at: number, options: { countAttempt: boolean; lastError: string }): boolean {
      const result = db
        .update(notifications)
        .set({
          nextAttemptAt: new Date(at),
          lastError: options.lastError,
          ...(options.countAttempt ? { attempts: sql`${notifications.attempts} + 1` } : {}),
          ...released,
        })
        .where(mine(id))
        .run();
      return result.changes > 0;
    },

    /** Gives a claimed row back untouched, for rows a run did not get to. */
    release(id: number): void {
      db.update(notifications).set(released).where(mine(id)).run();
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
