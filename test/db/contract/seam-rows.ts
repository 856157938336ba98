import { asc, eq } from 'drizzle-orm';
import * as postgres from '../../../src/db/postgres/schema.js';
import * as sqlite from '../../../src/db/schema.js';
import type { Database } from '../../../src/db/seam/database.js';
import { batchRow } from './order-rows.js';

/** The rows a money store wrote, read through the seam alike on either database. */

/** An order's audit rows in the order written. */
export async function orderAudit(database: Database, orderId: number) {
  const { auditLog } = database.tables;
  return database.q
    .select({ actorId: auditLog.actorId, action: auditLog.action, amount: auditLog.amount, detail: auditLog.detail })
    .from(auditLog)
    .where(eq(auditLog.orderId, orderId))
    .orderBy(asc(auditLog.id));
}

/** An order's announcements, by kind, in the order queued. */
export async function notificationKinds(database: Database, orderId: number): Promise<string[]> {
  const { notifications } = database.tables;
  const rows = await database.q.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.orderId, orderId)).orderBy(asc(notifications.id));
  return rows.map((row) => row.kind);
}

/** A running batch of user 1's, for orders to name: batches are not yet among the seam's tables, so each schema's own. */
export async function insertBatch(database: Database): Promise<number> {
  const batches = (database.kind === 'sqlite' ? sqlite.batches : postgres.batches) as typeof postgres.batches;
  const [row] = await database.q.insert(batches).values(batchRow(1, 'running', new Date(0))).returning({ id: batches.id });
  if (!row) throw new Error('no batch inserted');
  return row.id;
}
