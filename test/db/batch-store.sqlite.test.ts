import { afterAll } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSqliteBatchStore } from '../../src/batches/batch-store-sqlite.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { batchStoreContract } from './contract/batch-store.contract.js';
import { steppingClock } from './contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

batchStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return { store: createSqliteBatchStore({ db }), orders: createOrderStore({ database: databaseOf(db), clock: steppingClock() }) };
});
