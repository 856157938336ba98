import { createHealthStore } from '../../src/db/health-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { healthStoreContract } from './contract/health-store.contract.js';
import { orderValues } from './contract/report-store.contract.js';

forEachDatabase(['audit_log', 'notifications', 'approvals', 'orders'], (label, fresh) =>
  healthStoreContract(label, async () => {
    const database = await fresh();
    const { orders, notifications } = database.tables;
    return {
      store: createHealthStore({ database }),
      async addOrder(state) {
        const [row] = await database.q.insert(orders).values(orderValues({ userId: 1, state, createdAt: 0 })).returning({ id: orders.id });
        return row!.id;
      },
      async addNotification(orderId, kind, status, nextAttemptAt) {
        await database.q.insert(notifications).values({ orderId, kind, status, createdAt: new Date(0), nextAttemptAt: new Date(nextAttemptAt) });
      },
    };
  }),
);
