import { afterAll } from 'vitest';
import { createSqliteHealthStore } from '../../src/db/health-store.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { notifications, orders } from '../../src/db/schema.js';
import { healthStoreContract } from './contract/health-store.contract.js';
import { orderValues } from './contract/report-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

healthStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return {
    store: createSqliteHealthStore({ db }),
    addOrder: async (state) => db.insert(orders).values(orderValues({ userId: 1, state, createdAt: 0 })).returning({ id: orders.id }).get().id,
    async addNotification(orderId, kind, status, nextAttemptAt) {
      db.insert(notifications).values({ orderId, kind, status, createdAt: new Date(0), nextAttemptAt: new Date(nextAttemptAt) }).run();
    },
  };
});
