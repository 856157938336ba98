import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteStaffStore } from '../../src/db/staff-repo.js';
import { staffStoreContract } from './contract/staff-store.contract.js';
import { STAFF_AUDIT_SQL, staffAuditOf, steppingClock, type AuditRowText } from './contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

staffStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return {
    store: createSqliteStaffStore({ db, clock: steppingClock() }),
    audit: async () => staffAuditOf(db.$client.prepare<[], AuditRowText>(STAFF_AUDIT_SQL).all()),
  };
});
