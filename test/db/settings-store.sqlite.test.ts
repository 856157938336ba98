import { afterAll } from 'vitest';
import { createAppStateRepo } from '../../src/db/app-state-repo.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteSettingsStore } from '../../src/settings/settings-store.js';
import { settingsStoreContract } from './contract/settings-store.contract.js';
import { SETTINGS_AUDIT_SQL, staffAuditOf, steppingClock, type AuditRowText } from './contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

settingsStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = steppingClock();
  return {
    store: createSqliteSettingsStore({ db, clock }),
    audit: async () => staffAuditOf(db.$client.prepare<[], AuditRowText>(SETTINGS_AUDIT_SQL).all()),
    plant: async (key, value) => createAppStateRepo({ db, clock }).set(key, value),
  };
});
