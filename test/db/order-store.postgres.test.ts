import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresOrderStore } from '../../src/db/postgres/order-store.js';
import { batches } from '../../src/db/postgres/schema.js';
import { batchRow } from './contract/order-rows.js';
import { intentInput } from '../support/order-fixtures.js';
import { freshDatabase } from '../support/postgres-database.js';
import { orderStoreContract } from './contract/order-store.contract.js';
import { steppingClock } from './contract/subjects.js';

/** One database for the file, emptied before each case; a second pool on it for the races between connections. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('order_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

const empty = () => db.$client.query('truncate orders, audit_log, notifications, batches restart identity cascade');

orderStoreContract('PostgreSQL', async () => {
  await empty();
  const clock = steppingClock();
  return {
    clock,
    store: createPostgresOrderStore({ db, clock }),
    audit: async (orderId) =>
      (
        await db.$client.query<{ action: string; amount: string | null; actor_id: string | null }>(
          'select action, amount, actor_id from audit_log where order_id = $1 order by id',
          [orderId],
        )
      ).rows.map((r) => ({ action: r.action, amount: r.amount === null ? null : Number(r.amount), actorId: r.actor_id === null ? null : Number(r.actor_id) })),
    auditFacts: async (orderId) =>
      (await db.$client.query<{ detail: string | null }>('select detail from audit_log where order_id = $1 order by id', [orderId])).rows.map((r) =>
        r.detail === null ? null : (JSON.parse(r.detail) as { facts: Record<string, unknown> }).facts,
      ),
    batch: async () => (await db.insert(batches).values(batchRow(1, 'running', new Date(0))).returning())[0]!.id,
    notifications: async (orderId) =>
      (await db.$client.query<{ kind: string }>('select kind from notifications where order_id = $1 order by id', [orderId])).rows.map((r) => r.kind),
  };
});

describe('order store on PostgreSQL, two connections at once', () => {
  it('puts exactly one of two different intents in flight; the other is busy and closed unsent', async () => {
    await empty();
    const one = createPostgresOrderStore({ db, clock: steppingClock() });
    const two = createPostgresOrderStore({ db: other, clock: steppingClock() });
    for (let round = 0; round < 5; round++) {
      await empty();
      const a = await one.openIntent(intentInput({ confirmKey: `a${round}`, fingerprint: 'fa' }));
      const b = await two.openIntent(intentInput({ confirmKey: `b${round}`, fingerprint: 'fb' }));
      const claims = await Promise.all([one.claimForPlacing(a.order.id, 1), two.claimForPlacing(b.order.id, 1)]);
      expect(claims.map((c) => c.kind).sort()).toEqual(['busy', 'placing']);
      const states = (await db.$client.query<{ state: string }>('select state from orders order by state')).rows.map((r) => r.state);
      expect(states).toEqual(['not_placed', 'placing']);
    }
  });

  it('saves one order for two confirmations with the same key; the other hears already-confirmed', async () => {
    const one = createPostgresOrderStore({ db, clock: steppingClock() });
    const two = createPostgresOrderStore({ db: other, clock: steppingClock() });
    for (let round = 0; round < 5; round++) {
      await empty();
      const results = await Promise.all([one.openIntent(intentInput({ confirmKey: 'same' })), two.openIntent(intentInput({ confirmKey: 'same' }))]);
      expect(results.map((r) => r.kind).sort()).toEqual(['already-confirmed', 'created']);
      expect(results[0].order.id).toBe(results[1].order.id);
      expect((await db.$client.query('select id from orders')).rowCount).toBe(1);
    }
  });
});
