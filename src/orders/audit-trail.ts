import type { Clock } from '../clock.js';
import { appendAudit, type AuditRecord } from '../db/audit-log.js';
import type { Db } from '../db/open.js';

// The row writer lives beside the table so that repositories below orders/ (staff) audit too.
export { appendAudit, type AuditFacts, type AuditRecord } from '../db/audit-log.js';

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
