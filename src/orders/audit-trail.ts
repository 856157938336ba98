import type { Clock } from '../clock.js';
import { appendAudit, type AuditRecord } from '../db/audit-log.js';
import type { Db } from '../db/open.js';

// The row writer lives beside the table so that repositories below orders/ (staff) audit too.
export { appendAudit, type AuditFacts, type AuditRecord } from '../db/audit-log.js';

/**
 * For events that change no order state, such as a person looking at the
 * codes again. State changes write their row inside their transition
 * (transitionOrder in order-repo and its PostgreSQL twin).
 */
export interface AuditTrail {
  record(entry: AuditRecord): Promise<void>;
}

/** The SQLite trail: one row, written at once; a statement that fails rejects. */
export function createSqliteAuditTrail(deps: { db: Db; clock: Clock }): AuditTrail {
  return {
    async record(entry) {
      appendAudit(deps.db, new Date(deps.clock.now()), entry);
    },
  };
}
