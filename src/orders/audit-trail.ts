import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { auditLog } from '../db/schema.js';
import type { SyncDb } from '../db/sync-db.js';

export interface AuditRecord {
  actorId: number | null;
  action: string;
  orderId: number | null;
  amount: number | null;
  /** Short and free of secrets and codes. */
  detail?: string | null;
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
    })
    .run();
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;

/**
 * For events that change no order state, such as a person looking at the
 * codes again. State changes write their row inside their transition
 * (transitionOrder in order-repo).
 */
export function createAuditTrail(deps: { db: Db; clock: Clock }) {
  return {
    record(entry: AuditRecord): void {
      appendAudit(deps.db, new Date(deps.clock.now()), entry);
    },
  };
}
