import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../domain/notification-kinds.js';
import { auditRow, withBatchFact, type AuditRecord } from '../audit-log.js';
import type { OrderRow, TransitionInput } from '../../orders/order-repo.js';
import type { PgDb, PgExec, PgTx } from './open.js';
import { auditLog, notifications, orders } from './schema.js';
import { holdMoneyLock } from './private-locks.js';

/**
 * The writes that every money repository on PostgreSQL shares, each the
 * twin of its SQLite original (audit-log.ts, outbox.ts, order-repo.ts), so
 * that an order's move, its audit row and its announcement commit together
 * on either database.
 */

/**
 * Every transaction changing orders, approvals or their announcements holds
 * the money lock first: the twin of SQLite's immediate transaction, which
 * lets one writer in at a time. Holding it, each statement of READ
 * COMMITTED sees what the previous holder committed, so the checks before a
 * move (one POST in flight for the wallet, the same order open elsewhere)
 * cannot be raced across connections or instances. Readers never wait for
 * it. A row lock, not an advisory one: no other database role can hold it
 * (private-locks.ts).
 */
export function moneyTransaction<T>(db: PgDb, work: (tx: PgTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await holdMoneyLock(tx);
    return work(tx);
  });
}

/** The one way a row reaches audit_log on PostgreSQL. Given a transaction, the row commits or rolls back with the change it describes. */
export async function appendAudit(exec: PgExec, at: Date, entry: AuditRecord): Promise<void> {
  await exec.insert(auditLog).values(auditRow(at, entry));
}

/**
 * Records that an order's event must be announced, inside the transaction
 * that changes the order: the unique (order, kind) index makes a second
 * call for the same event a no-op. Returns whether a row was added.
 */
export async function enqueueNotification(exec: PgExec, input: { orderId: number; kind: NotificationKind; now: number }): Promise<boolean> {
  const at = new Date(input.now);
  const added = await exec
    .insert(notifications)
    .values({ orderId: input.orderId, kind: input.kind, status: 'pending', createdAt: at, nextAttemptAt: at })
    .onConflictDoNothing({ target: [notifications.orderId, notifications.kind] })
    .returning({ id: notifications.id });
  return added.length > 0;
}

/**
 * Compare-and-swap: moves the order only if it is still in an expected
 * state, and writes the audit row with it. Run it inside a transaction so
 * that both commit together. Null when the order had moved on.
 */
export async function transitionOrder(exec: PgExec, input: TransitionInput, at: Date): Promise<OrderRow | null> {
  const from = typeof input.from === 'string' ? [input.from] : input.from;
  const [updated] = await exec
    .update(orders)
    .set({ ...input.set, state: input.to, updatedAt: at })
    .where(and(eq(orders.id, input.id), inArray(orders.state, [...from])))
    .returning();
  if (!updated) return null;
  await appendAudit(exec, at, { ...input.audit, orderId: updated.id, amount: updated.totalAmount, facts: withBatchFact(input.audit.facts, updated) });
  return updated;
}
