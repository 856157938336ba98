import type { SyncDb } from '../db/sync-db.js';
import { notifications } from '../db/schema.js';
import { type NotificationKind } from '../domain/notification-kinds.js';

/**
 * Records that an order's event must be announced. Call it inside the
 * transaction that changes the order's state: the unique (order, kind)
 * index makes a second call for the same event a no-op, so an event seen
 * many times is announced once. Returns whether a row was added.
 */
export function enqueueNotification(exec: SyncDb, input: { orderId: number; kind: NotificationKind; now: number }): boolean {
  const at = new Date(input.now);
  const result = exec
    .insert(notifications)
    .values({
      orderId: input.orderId,
      kind: input.kind,
      status: 'pending',
      createdAt: at,
      nextAttemptAt: at,
    })
    .onConflictDoNothing({ target: [notifications.orderId, notifications.kind] })
    .run();
  return result.changes > 0;
}
