import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { batches } from '../../src/db/schema.js';
import { createSqliteOrderStore } from '../../src/orders/order-repo.js';
import { batchRow } from './contract/order-rows.js';
import { orderStoreContract } from './contract/order-store.contract.js';
import { steppingClock } from './contract/subjects.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

orderStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = steppingClock();
  return {
    clock,
    store: createSqliteOrderStore({ db, clock }),
    audit: async (orderId) =>
      db.$client
        .prepare<[number], { action: string; amount: number | null; actorId: number | null }>(
          'select action, amount, actor_id as actorId from audit_log where order_id = ? order by id',
        )
        .all(orderId),
    auditFacts: async (orderId) =>
      db.$client
        .prepare<[number], { detail: string | null }>('select detail from audit_log where order_id = ? order by id')
        .all(orderId)
        .map((r) => (r.detail === null ? null : (JSON.parse(r.detail) as { facts: Record<string, unknown> }).facts)),
    batch: async () => db.insert(batches).values(batchRow(1, 'running', new Date(0))).returning().get().id,
    notifications: async (orderId) =>
      db.$client.prepare<[number], { kind: string }>('select kind from notifications where order_id = ? order by id').all(orderId).map((r) => r.kind),
  };
});
