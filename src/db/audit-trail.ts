import type { Clock } from '../clock.js';
import { auditRow, type AuditRecord } from './audit-log.js';
import type { Database, Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

/**
 * For events that change no order state, such as a person looking at the
 * codes again: one row on its own, with no order to move, so no
 * transaction or money lock. State changes write their row inside their
 * transition, through appendAuditRow.
 */
export interface AuditTrail {
  record(entry: AuditRecord): Promise<void>;
}

/**
 * The one way a store written over the seam adds a row to audit_log. Given
 * a transaction, the row commits or rolls back with the change it describes.
 */
export async function appendAuditRow(q: Query, tables: Pick<Tables, 'auditLog'>, at: Date, entry: AuditRecord): Promise<void> {
  await q.insert(tables.auditLog).values(auditRow(at, entry));
}

export function createAuditTrail(deps: { database: Database; clock: Clock }): AuditTrail {
  const { database, clock } = deps;
  return {
    record: (entry) => appendAuditRow(database.q, database.tables, new Date(clock.now()), entry),
  };
}
