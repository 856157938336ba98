import { auditLog } from './schema.js';
import type { SyncDb } from './sync-db.js';

export interface AuditRecord {
  actorId: number | null;
  action: string;
  orderId: number | null;
  amount: number | null;
  /** Short and free of secrets and codes. */
  detail?: string | null;
  /** The person the event is about, when not the actor: whose role changed, whose codes were seen. */
  subjectId?: number | null;
}

/**
 * The one way a row reaches audit_log. Given a transaction, the row commits
 * or rolls back with the change it describes.
 */
export function appendAudit(exec: SyncDb, at: Date, entry: AuditRecord): void {
  exec
    .insert(auditLog)
    .values({
      at,
      actorId: entry.actorId,
      action: entry.action,
      orderId: entry.orderId,
      amount: entry.amount,
      detail: entry.detail ?? null,
      subjectId: entry.subjectId ?? null,
    })
    .run();
}
