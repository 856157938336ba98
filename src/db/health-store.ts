import { and, count, eq, lt, min } from 'drizzle-orm';
import type { Database } from './seam/database.js';

/**
 * What /healthz, /readyz and /metrics read from the database: counts only,
 * never a row's content.
 */
export interface HealthStore {
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Orders per local state; states without orders are left out. */
  ordersByState(): Promise<{ state: string; n: number }[]>;
  /** Notifications not yet sent. */
  pendingNotifications(): Promise<number>;
  /** Pending notifications due before `before` (epoch ms), and the oldest due time among them. */
  overdueNotifications(before: number): Promise<{ n: number; oldest: number | null }>;
}

export function createHealthStore(deps: { database: Database }): HealthStore {
  const { database } = deps;
  const { q } = database;
  const { orders, notifications } = database.tables;
  const pending = eq(notifications.status, 'pending');
  return {
    ping: () => database.ping(),
    ordersByState: () => q.select({ state: orders.state, n: count() }).from(orders).groupBy(orders.state),
    async pendingNotifications() {
      const [row] = await q.select({ n: count() }).from(notifications).where(pending);
      return row?.n ?? 0;
    },
    async overdueNotifications(before) {
      const [row] = await q
        .select({ n: count(), oldest: min(notifications.nextAttemptAt) })
        .from(notifications)
        .where(and(pending, lt(notifications.nextAttemptAt, new Date(before))));
      return { n: row?.n ?? 0, oldest: row?.oldest ? row.oldest.getTime() : null };
    },
  };
}
