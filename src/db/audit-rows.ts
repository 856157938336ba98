import { encodeAuditFacts, type AuditRecord } from './audit-log.js';
import type { Query } from './seam/database.js';
import type { Tables } from './seam/tables.js';

/**
 * The one way a store written over the seam adds a row to audit_log. Given
 * a transaction, the row commits or rolls back with the change it describes.
 */
export async function appendAuditRow(q: Query, tables: Pick<Tables, 'auditLog'>, at: Date, entry: AuditRecord): Promise<void> {
  await q.insert(tables.auditLog).values({
    at,
    actorId: entry.actorId,
    action: entry.action,
    orderId: entry.orderId,
    amount: entry.amount,
    detail: entry.facts ? encodeAuditFacts(entry.facts) : null,
    subjectId: entry.subjectId ?? null,
  });
}
