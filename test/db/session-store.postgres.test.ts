import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresSessionStore } from '../../src/db/postgres/session-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { sessionStoreContract } from './contract/session-store.contract.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('session_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

sessionStoreContract('PostgreSQL', async () => {
  await db.$client.query('delete from bot_sessions');
  return {
    store: createPostgresSessionStore({ db, clock: systemClock }),
    storedText: async (key) => (await db.$client.query<{ value: string }>('select value from bot_sessions where key = $1', [key])).rows[0]?.value,
  };
});
