import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresSessionStore } from '../../src/db/postgres/session-store.js';
import { createSharedChangeCounterStore } from '../../src/db/shared-change-counters.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { freshDatabase } from '../support/postgres-database.js';
import { sessionStoreContract } from './contract/session-store.contract.js';
import { orderValues } from './contract/report-store.contract.js';
import { orders } from '../../src/db/postgres/schema.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('session_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

sessionStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate bot_sessions, audit_log, notifications, approvals, orders restart identity cascade');
  return {
    store: createPostgresSessionStore({ db, clock: systemClock }),
    storedText: async (key) => (await db.$client.query<{ value: string }>('select value from bot_sessions where key = $1', [key])).rows[0]?.value,
    storeWith: (clock) => createPostgresSessionStore({ db, clock }),
    otherStoreWith: (clock) => createPostgresSessionStore({ db: other, clock }),
    async addOrder(chatId, state, createdAt) {
      await db.insert(orders).values(orderValues({ userId: chatId, state, createdAt }));
    },
  };
});

describe('the state read with the change counters (the first read of every update)', () => {
  it('is the state read alone, with the counters as they are, another connection\'s change included', async () => {
    await db.$client.query('truncate bot_sessions');
    await db.$client.query('delete from staff where telegram_id = 77');
    const store = createPostgresSessionStore<{ step: string }>({ db, clock: systemClock });
    const before = await createSharedChangeCounterStore({ database: databaseOf(db) }).read();
    expect(await store.readWithCounts!('conversation:1')).toEqual({ value: undefined, counts: before });

    await store.write('conversation:1', { step: 'menu' });
    // A change through another instance moves a counter in the same transaction.
    await other.$client.query(`insert into staff (telegram_id, role, source, added_by, created_at) values (77, 'staff', 'chat', 1, now())`);
    const { value, counts } = await store.readWithCounts!('conversation:1');
    expect(value).toEqual({ step: 'menu' });
    expect(counts).toEqual({ ...before, staff: before.staff + 1 });
    expect(counts).toEqual(await createSharedChangeCounterStore({ database: databaseOf(db) }).read());
  });
});
