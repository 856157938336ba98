import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createSqliteOrderStore } from '../../src/orders/order-repo.js';
import { createSqliteReviewStore } from '../../src/orders/review.js';
import { createManualClock } from '../support/manual-clock.js';
import { REVIEW_T0, reviewStoreContract } from './contract/review-store.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

reviewStoreContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = createManualClock(REVIEW_T0);
  return {
    review: createSqliteReviewStore({ db, clock }),
    orders: createSqliteOrderStore({ db, clock }),
    clock,
    kinds: async (orderId) =>
      db.$client.prepare<[number], { kind: string }>('select kind from notifications where order_id = ? order by id').all(orderId).map((r) => r.kind),
    audit: async (orderId) =>
      db.$client
        .prepare<[number], { actorId: number | null; action: string; amount: number | null; detail: string | null }>(
          'select actor_id as actorId, action, amount, detail from audit_log where order_id = ? order by id',
        )
        .all(orderId),
  };
});
