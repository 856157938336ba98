import type { OrderRow } from './order-row.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationKind } from '../domain/notification-kinds.js';
import type { OrderState } from '../domain/order-states.js';
import { withBatchFact, type AuditRecord } from './audit-log.js';
import { appendAuditRow } from './audit-trail.js';
import type { Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

/**
 * The writes every store of the money path shares (orders, review, leases,
 * approvals, the outbox), so that an order's move, its audit row and its
 * announcement commit together. Each takes the caller's transaction: run
 * them inside `database.write`, the money transaction.
 */

export type { OrderRow };
export type OrderUpdate = Partial<Omit<Tables['orders']['$inferInsert'], 'id' | 'state'>>;

/** The audit row of a transition: the order and its amount come from the order itself. */
export type AuditEntry = Omit<AuditRecord, 'orderId' | 'amount'>;

export interface TransitionInput {
  id: number;
  from: OrderState | readonly OrderState[];
  to: OrderState;
  set?: OrderUpdate;
  audit: AuditEntry;
}

export interface NotifyingTransition extends TransitionInput {
  /** Announced in the same transaction as the move (see enqueueNotification). */
  notify?: readonly NotificationKind[];
}

/**
 * Compare-and-swap: moves the order only if it is still in an expected
 * state, and writes the audit row with it. Run it inside a transaction
 * (`tx`) so that both commit together; callers that hold a lease check it
 * in the same transaction first. Null when the order had moved on.
 */
export async function transitionOrder(tx: Query, tables: Pick<Tables, 'orders' | 'auditLog'>, input: TransitionInput, at: Date): Promise<OrderRow | null> {
  const { orders } = tables;
  const from = typeof input.from === 'string' ? [input.from] : input.from;
  const [updated] = await tx
    .update(orders)
    .set({ ...input.set, state: input.to, updatedAt: at })
    .where(and(eq(orders.id, input.id), inArray(orders.state, [...from])))
    .returning();
  if (!updated) return null;
  await appendAuditRow(tx, tables, at, { ...input.audit, orderId: updated.id, amount: updated.totalAmount, facts: withBatchFact(input.audit.facts, updated) });
  return updated;
}

/**
 * Records that an order's event must be announced. Call it inside the
 * transaction that changes the order's state: the unique (order, kind)
 * index makes a second call for the same event a no-op, so an event seen
 * many times is announced once. Returns whether a row was added.
 */
export async function enqueueNotification(tx: Query, tables: Pick<Tables, 'notifications'>, input: { orderId: number; kind: NotificationKind; now: number }): Promise<boolean> {
  const { notifications } = tables;
  const at = new Date(input.now);
  const added = await tx
    .insert(notifications)
    .values({ orderId: input.orderId, kind: input.kind, status: 'pending', createdAt: at, nextAttemptAt: at })
    .onConflictDoNothing({ target: [notifications.orderId, notifications.kind] })
    .returning({ id: notifications.id });
  return added.length > 0;
}

/** The events among `kinds` newly queued for the order, in the order given. */
export async function enqueueNotifications(tx: Query, tables: Pick<Tables, 'notifications'>, orderId: number, kinds: readonly NotificationKind[], now: number): Promise<NotificationKind[]> {
  const enqueued: NotificationKind[] = [];
  for (const kind of kinds) if (await enqueueNotification(tx, tables, { orderId, kind, now })) enqueued.push(kind);
  return enqueued;
}
