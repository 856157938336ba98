import { afterAll, beforeAll } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresOrderStore } from '../../src/db/postgres/order-store.js';
import { createPostgresReviewStore } from '../../src/db/postgres/review-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { freshDatabase } from '../support/postgres-database.js';
import { REVIEW_T0, reviewStoreContract } from './contract/review-store.contract.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('review_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

const number = (value: string | null) => (value === null ? null : Number(value));

reviewStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate orders, audit_log, notifications restart identity cascade');
  const clock = createManualClock(REVIEW_T0);
  return {
    review: createPostgresReviewStore({ db, clock }),
    orders: createPostgresOrderStore({ db, clock }),
    clock,
    kinds: async (orderId) =>
      (await db.$client.query<{ kind: string }>('select kind from notifications where order_id = $1 order by id', [orderId])).rows.map((r) => r.kind),
    audit: async (orderId) =>
      (
        await db.$client.query<{ actor_id: string | null; action: string; amount: string | null; detail: string | null }>(
          'select actor_id, action, amount, detail from audit_log where order_id = $1 order by id',
          [orderId],
        )
      ).rows.map((r) => ({ actorId: number(r.actor_id), action: r.action, amount: number(r.amount), detail: r.detail })),
  };
});
