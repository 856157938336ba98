import { afterAll } from 'vitest';
import { createSqliteAdminRequestStore } from '../../src/safeguards/dual-control/admin-request-store.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createManualClock } from '../support/manual-clock.js';
import { ADMIN_REQUEST_AUDIT_SQL, adminRequestStoreContract, T0 } from './contract/admin-request-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

adminRequestStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = createManualClock(T0);
  const store = createSqliteAdminRequestStore({ db, clock });
  return { store, other: store, clock, audit: async () => db.$client.prepare(ADMIN_REQUEST_AUDIT_SQL).all() as never };
});
