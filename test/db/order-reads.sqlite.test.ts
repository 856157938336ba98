import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { batches, orders } from '../../src/db/schema.js';
import { createSqliteOrderQueries } from '../../src/orders/order-queries.js';
import { createSpendingStore } from '../../src/db/spending-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { orderQueriesContract } from './contract/order-queries.contract.js';
import { batchRow, type OrderReadsSubject } from './contract/order-rows.js';
import { spendingCounterContract } from './contract/spending-counter.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

async function fresh(): Promise<OrderReadsSubject> {
  const db = openDb(':memory:');
  opened.push(db);
  return {
    queries: createSqliteOrderQueries({ db }),
    spending: createSpendingStore({ database: databaseOf(db) }),
    seed: async (rows) => rows.map((row) => db.insert(orders).values(row).returning().get()),
    seedBatch: async (requesterId, state) => db.insert(batches).values(batchRow(requesterId, state, new Date(0))).returning().get().id,
  };
}

orderQueriesContract('SQLite', fresh);
spendingCounterContract('SQLite', fresh);
