import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresSessionStore } from '../../src/db/postgres/session-store.js';
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
