import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresBatchStore } from '../../src/db/postgres/batch-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { postgresOwnerLocks } from '../../src/db/postgres/owner-lock.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { freshDatabase } from '../support/postgres-database.js';
import { batchStoreContract, T0 } from './contract/batch-store.contract.js';
import { steppingClock } from './contract/subjects.js';

/** One database for the file, emptied before each case; a second pool on it plays another instance. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('batch_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

const empty = () => db.$client.query('truncate batches, orders, audit_log, notifications restart identity cascade');

batchStoreContract('PostgreSQL', async () => {
  await empty();
  return { store: createPostgresBatchStore({ db }), orders: createOrderStore({ database: databaseOf(db), clock: steppingClock(), owners: postgresOwnerLocks(null) }) };
});

describe('batch store on PostgreSQL, two connections at once', () => {
  it('lets exactly one of two moves from draft to running win', async () => {
    await empty();
    const one = createPostgresBatchStore({ db });
    const two = createPostgresBatchStore({ db: other });
    for (let round = 0; round < 10; round++) {
      const batch = await one.create(
        { key: `race-${round}`, requesterId: 1, chatId: 1, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [], rows: [] }], total: 1 },
        new Date(T0),
      );
      const moves = await Promise.all([
        one.move(batch.id, { from: ['draft'], to: 'running', at: new Date(T0 + 1) }),
        two.move(batch.id, { from: ['draft'], to: 'running', at: new Date(T0 + 2) }),
      ]);
      const won = moves.filter((m) => m !== null);
      expect(won).toHaveLength(1);
      expect(await one.get(batch.id)).toEqual(won[0]);
    }
  });

  it('lets exactly one of two cursor moves from the same index win', async () => {
    await empty();
    const one = createPostgresBatchStore({ db });
    const two = createPostgresBatchStore({ db: other });
    const batch = await one.create({ key: 'cursor', requesterId: 1, chatId: 1, source: 'quantity', fileHash: null, fileName: null, plan: [], total: 0 }, new Date(T0));
    for (let index = 0; index < 10; index++) {
      const moves = await Promise.all([one.advance(batch.id, index, new Date(T0 + index)), two.advance(batch.id, index, new Date(T0 + index))]);
      expect(moves.filter((m) => m !== null)).toHaveLength(1);
    }
    expect(await one.get(batch.id)).toMatchObject({ nextIndex: 10 });
  });
});
