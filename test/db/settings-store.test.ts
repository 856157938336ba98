import { asc, eq } from 'drizzle-orm';
import { createSettingsStore } from '../../src/db/settings-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { settingsStoreContract } from './contract/settings-store.contract.js';
import { staffAuditOf, steppingClock } from './contract/subjects.js';

forEachDatabase(['app_state', 'audit_log'], (label, fresh) =>
  settingsStoreContract(label, async () => {
    const database = await fresh();
    const { appState, auditLog } = database.tables;
    return {
      store: createSettingsStore({ database, clock: steppingClock() }),
      audit: async () =>
        staffAuditOf(
          await database.q
            .select({ actor_id: auditLog.actorId, action: auditLog.action, subject_id: auditLog.subjectId, detail: auditLog.detail })
            .from(auditLog)
            .where(eq(auditLog.action, 'setting.changed'))
            .orderBy(asc(auditLog.id)),
        ),
      plant: async (key, value) => {
        await database.q.insert(appState).values({ key, value: JSON.stringify(value), updatedAt: new Date() });
      },
    };
  }),
);
