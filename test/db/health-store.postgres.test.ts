import { afterAll, beforeAll } from 'vitest';
import { createPostgresHealthStore } from '../../src/db/postgres/health-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { notifications, orders } from '../../src/db/postgres/schema.js';
import { freshDatabase } from '../support/postgres-database.js';
import { healthStoreContract } from './contract/health-store.contract.js';
import { orderValues } from './contract/report-store.contract.js';

let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('health_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

healthStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate audit_log, notifications, approvals, orders restart identity cascade');
  return {
    store: createPostgresHealthStore({ db }),
    async addOrder(state) {
      const [row] = await db.insert(orders).values(orderValues({ userId: 1, state, createdAt: 0 })).returning({ id: orders.id });
      return row!.id;
    },
    async addNotification(orderId, kind, status, nextAttemptAt) {
      await db.insert(notifications).values({ orderId, kind, status, createdAt: new Date(0), nextAttemptAt: new Date(nextAttemptAt) });
    },
  };
});
