import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createPostgresAppStateStore } from '../../src/db/postgres/app-state-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { freshDatabase } from '../support/postgres-database.js';
import { appStateStoreContract } from './contract/app-state-store.contract.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('app_state_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

appStateStoreContract('PostgreSQL', async () => {
  await db.$client.query('delete from app_state');
  return createPostgresAppStateStore({ db, clock: systemClock });
});
