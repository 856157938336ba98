import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createPostgresReviewStore } from '../../src/db/postgres/review-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { intentInput } from '../support/order-fixtures.js';
import { freshDatabase } from '../support/postgres-database.js';
import { REVIEW_T0, reviewStoreContract } from './contract/review-store.contract.js';

/** One database for the file, emptied before each case; a second pool on it for the race between connections. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('review_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

const number = (value: string | null) => (value === null ? null : Number(value));

reviewStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate orders, audit_log, notifications restart identity cascade');
  const clock = createManualClock(REVIEW_T0);
  return {
    review: createPostgresReviewStore({ db, clock }),
    orders: createOrderStore({ database: databaseOf(db), clock, owners: postgresOwnerLocks(null) }),
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

describe('review on PostgreSQL, two connections at once', () => {
  it('links one provider order to one of two orders adopted together; the other hears already-linked', async () => {
    const detail = {
      orderId: 9001,
      orderReference: 'A9001',
      amount: 1_250_000,
      status: 'PREPARING',
      createdAt: new Date(REVIEW_T0).toISOString(),
      items: [{ id: 1, productId: 101, regionPropertyId: 5001, quantity: 1, totalAmount: 1_250_000, delivery: null }],
    };
    for (let round = 0; round < 5; round++) {
      await db.$client.query('truncate orders, audit_log, notifications restart identity cascade');
      const clock = createManualClock(REVIEW_T0);
      const orders = createOrderStore({ database: databaseOf(db), clock, owners: postgresOwnerLocks(null) });
      const waiting: number[] = [];
      for (const key of ['a', 'b']) {
        const opened = await orders.openIntent(intentInput({ confirmKey: key, fingerprint: key }));
        await orders.claimForPlacing(opened.order.id, 1);
        await orders.transition({ id: opened.order.id, from: 'placing', to: 'needs_review', set: { nextCheckAt: null }, audit: { actorId: null, action: 'order.needs_review' } });
        waiting.push(opened.order.id);
      }
      const results = await Promise.all([
        createPostgresReviewStore({ db, clock }).settleReview({ orderId: waiting[0]!, actorId: 1001, decision: { kind: 'adopt', providerOrder: detail } }),
        createPostgresReviewStore({ db: other, clock }).settleReview({ orderId: waiting[1]!, actorId: 1002, decision: { kind: 'adopt', providerOrder: detail } }),
      ]);
      expect(results.map((r) => r.kind).sort()).toEqual(['already-linked', 'settled']);
      expect((await db.$client.query('select id from orders where provider_order_id = 9001')).rowCount).toBe(1);
    }
  });
});
