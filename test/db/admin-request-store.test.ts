import { like } from 'drizzle-orm';
import { createAdminRequestStore } from '../../src/db/admin-request-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { adminRequestStoreContract, T0 } from './contract/admin-request-store.contract.js';

forEachDatabase(['admin_requests', 'audit_log', 'expiry_news'], (label, fresh, another) =>
  adminRequestStoreContract(label, async () => {
    const database = await fresh();
    const { auditLog } = database.tables;
    const clock = createManualClock(T0);
    return {
      store: createAdminRequestStore({ database, clock }),
      other: createAdminRequestStore({ database: another(), clock }),
      clock,
      audit: () =>
        database.q
          .select({ actor_id: auditLog.actorId, action: auditLog.action, subject_id: auditLog.subjectId, amount: auditLog.amount, detail: auditLog.detail })
          .from(auditLog)
          .where(like(auditLog.action, 'admin_change.%'))
          .orderBy(auditLog.id),
    };
  }),
);
