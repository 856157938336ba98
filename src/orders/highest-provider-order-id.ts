import { sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { orders } from '../db/schema.js';

/**
 * The highest order id the provider is known to have handed out, by any
 * order of this database (recorded, or only accepted and sent to review);
 * null when none. The in-process sandbox numbers its orders above it, so
 * that a sandbox that lost its state file never repeats an id stored here.
 */
export function highestProviderOrderId(db: Pick<Db, 'select'>): number | null {
  const row = db
    .select({ highest: sql<number | null>`max(max(coalesce(${orders.providerOrderId}, 0)), max(coalesce(${orders.acceptedOrderId}, 0)))` })
    .from(orders)
    .get();
  const highest = Number(row?.highest ?? 0);
  return highest > 0 ? highest : null;
}
