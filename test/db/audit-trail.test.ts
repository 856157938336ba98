import { createAuditTrail } from '../../src/db/audit-trail.js';
import { forEachDatabase } from '../support/each-database.js';
import { auditTrailContract } from './contract/audit-trail.contract.js';
import { steppingClock } from './contract/subjects.js';

forEachDatabase(['audit_log'], (label, fresh) =>
  auditTrailContract(label, async () => {
    const database = await fresh();
    const { auditLog } = database.tables;
    return {
      trail: createAuditTrail({ database, clock: steppingClock() }),
      rows: async () =>
        (
          await database.q
            .select({ at: auditLog.at, actorId: auditLog.actorId, action: auditLog.action, orderId: auditLog.orderId, amount: auditLog.amount, subjectId: auditLog.subjectId, detail: auditLog.detail })
            .from(auditLog)
            .orderBy(auditLog.id)
        ).map((row) => ({ ...row, at: row.at.getTime() })),
    };
  }),
);
