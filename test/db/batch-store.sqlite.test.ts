import { afterAll } from 'vitest';
import { createSqliteBatchStore } from '../../src/batches/batch-store-sqlite.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteOrderStore } from '../../src/orders/order-repo.js';
import { batchStoreContract } from './contract/batch-store.contract.js';
import { steppingClock } from './contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

batchStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return { store: createSqliteBatchStore({ db }), orders: createSqliteOrderStore({ db, clock: steppingClock() }) };
});
