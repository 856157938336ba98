import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { auditLog } from '../db/schema.js';

export interface AuditRecord {
  actorId: number | null;
  action: string;
  orderId: number | null;
  amount: number | null;
  /** Short and free of secrets and codes. */
  detail?: string | null;
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;

/**
 * Appends to audit_log for events that change no order state, such as a
 * person looking at the codes again. State changes write their own row
 * inside their transition (order-repo).
 */
export function createAuditTrail(deps: { db: Db; clock: Clock }) {
  return {
    record(entry: AuditRecord): void {
      deps.db
        .insert(auditLog)
        .values({
          at: new Date(deps.clock.now()),
          actorId: entry.actorId,
          action: entry.action,
          orderId: entry.orderId,
          amount: entry.amount,
          detail: entry.detail ?? null,
        })
        .run();
    },
  };
}
