import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { notifications, orders } from '../db/schema.js';
import type { SyncDb } from '../db/sync-db.js';
import { appendAudit, type AuditFacts } from '../db/audit-log.js';

export type { LeasedOutbox, NotificationRow, NotificationStore, OutboxLease, UndeliverableCause } from '../db/notification-store.js';
export { byDueTime, leasedOutbox, undeliverableFacts } from '../db/notification-store.js';
import { byDueTime, undeliverableFacts, type NotificationStore } from '../db/notification-store.js';

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
