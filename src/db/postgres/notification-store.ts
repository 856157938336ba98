import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AuditFacts } from '../audit-log.js';
import { byDueTime, undeliverableFacts, type NotificationStore } from '../../delivery/notification-store.js';
import { leaseEnd, serverNow } from './lease-time.js';
import type { PgDb, PgTx } from './open.js';
import { appendAudit, moneyTransaction } from './order-writes.js';
import { notifications, orders } from './schema.js';

/**
 * The outbox on PostgreSQL. A claim picks its rows FOR UPDATE SKIP LOCKED
 * and updates them in the same statement, re-checking the lease, so two
 * senders on two connections share the due rows and never take the same
 * one (the pick is an ARRAY(...) sub-select, run once: as `IN (...)` it
 * may run again per row and pick rows past the limit); every later write is a compare-and-swap on the lease owner and the
 * pending status, and the final ones commit with their audit row under the
 * money lock, as every change of notifications does.
 *
 * Leases are set and compared by the server's clock (lease-time.ts), not
 * the `now` callers pass, since instances' clocks differ; `now` still
 * decides which rows are due (next_attempt_at, the sender's own schedule)
 * and stamps sent_at and audit rows.
 */
export function createPostgresNotificationStore(deps: { db: PgDb }): NotificationStore {
  const { db } = deps;
  const mine = (owner: string, id: number) => and(eq(notifications.id, id), eq(notifications.leaseOwner, owner), eq(notifications.status, 'pending'));
  // Due by the caller's clock (the schedule), free by the server's (the lease).
  const claimable = (now: Date) =>
    and(
      eq(notifications.status, 'pending'),
      lte(notifications.nextAttemptAt, now),
      or(isNull(notifications.leaseOwner), lte(notifications.leaseExpiresAt, serverNow)),
    );
  const released = { leaseOwner: null, leaseExpiresAt: null };

  async function audit(tx: PgTx, id: number, action: string, facts: AuditFacts, now: number): Promise<void> {
    const [row] = await tx
      .select({ orderId: notifications.orderId, amount: orders.totalAmount })
      .from(notifications)
      .innerJoin(orders, eq(orders.id, notifications.orderId))
      .where(eq(notifications.id, id));
    if (!row) return;
    await appendAudit(tx, new Date(now), { actorId: null, action, orderId: row.orderId, amount: row.amount, facts });
  }

  function finish(owner: string, id: number, now: number, set: Partial<typeof notifications.$inferInsert>, action: string, facts: AuditFacts): Promise<boolean> {
    return moneyTransaction(db, async (tx) => {
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
  async function onMine(owner: string, id: number, set: PgUpdateSetSource<typeof notifications>): Promise<boolean> {
    const changed = await db.update(notifications).set(set).where(mine(owner, id)).returning({ id: notifications.id });
    return changed.length > 0;
  }

  return {
    async claimDue(lease, now, limit) {
      const at = new Date(now);
      const due = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(claimable(at))
        .orderBy(asc(notifications.nextAttemptAt), asc(notifications.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(notifications)
        .set({ leaseOwner: lease.owner, leaseExpiresAt: leaseEnd(lease.leaseMs) })
        .where(and(sql`${notifications.id} = any(array(${due}))`, claimable(at)))
        .returning();
      return claimed.sort(byDueTime);
    },

    renew: (lease, id) => onMine(lease.owner, id, { leaseExpiresAt: leaseEnd(lease.leaseMs) }),

    recordParts: (lease, id, partsSent) => onMine(lease.owner, id, { partsSent, leaseExpiresAt: leaseEnd(lease.leaseMs) }),

    markSent: (lease, id, now, facts) =>
      finish(lease.owner, id, now, { status: 'sent', sentAt: new Date(now), lastError: null }, 'notification.sent', facts),

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
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      return order ?? null;
    },
  };
}
