import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { orders } from '../../src/db/schema.js';
import { createSqliteLedgerStore } from '../../src/ledger/ledger-store-sqlite.js';
import { ledgerStoreContract } from './contract/ledger-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

ledgerStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return { store: createSqliteLedgerStore({ db }), seedOrders: async (rows) => rows.map((row) => db.insert(orders).values(row).returning().get()) };
});
