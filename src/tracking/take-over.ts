import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { notifications, orders } from '../db/schema.js';

/**
 * Frees the claims an earlier run left behind. It runs once this process
 * holds the instance lock (src/db/instance-lock.ts), so claims found at
 * start belong to a run that died, for instance to kill -9; without this,
 * its orders and messages would wait for their leases to expire.
 */
export function takeOverEarlierClaims(db: Db): { orders: number; notifications: number } {
  return db.transaction(
    (tx) => ({
      orders: tx.update(orders).set({ leaseOwner: null, leaseExpiresAt: null }).where(isNotNull(orders.leaseOwner)).run().changes,
      notifications: tx
        .update(notifications)
        .set({ leaseOwner: null, leaseExpiresAt: null })
        .where(isNotNull(notifications.leaseOwner))
        .run().changes,
    }),
    { behavior: 'immediate' },
  );
}
