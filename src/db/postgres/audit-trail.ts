import type { Clock } from '../../clock.js';
import type { AuditTrail } from '../../orders/audit-trail.js';
import type { PgDb } from './open.js';
import { appendAudit } from './order-writes.js';

/** The audit trail on PostgreSQL: one row on its own, with no order to move, so no transaction or money lock. */
export function createPostgresAuditTrail(deps: { db: PgDb; clock: Clock }): AuditTrail {
  return {
    record: (entry) => appendAudit(deps.db, new Date(deps.clock.now()), entry),
  };
}
