import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteUpdateQueueStore } from '../../src/db/update-queue-store.js';
import { callerLeaseTime } from './contract/lease-time.js';
import { updateQueueStoreContract } from './contract/update-queue-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

updateQueueStoreContract('SQLite', async (clock) => {
  const db = openDb(':memory:');
  opened.push(db);
  return { store: createSqliteUpdateQueueStore({ db, clock }), leases: callerLeaseTime };
});
