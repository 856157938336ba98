import { like } from 'drizzle-orm';
import { createStaffStore } from '../../src/db/staff-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { staffStoreContract } from './contract/staff-store.contract.js';
import { staffAuditOf, steppingClock } from './contract/subjects.js';

forEachDatabase(['staff', 'audit_log'], (label, fresh) =>
  staffStoreContract(label, async () => {
    const database = await fresh();
    const { auditLog } = database.tables;
    return {
      store: createStaffStore({ database, clock: steppingClock() }),
      audit: async () =>
        staffAuditOf(
          await database.q
            .select({ actor_id: auditLog.actorId, action: auditLog.action, subject_id: auditLog.subjectId, detail: auditLog.detail })
            .from(auditLog)
            .where(like(auditLog.action, 'staff.%'))
            .orderBy(auditLog.id),
        ),
    };
  }),
);
