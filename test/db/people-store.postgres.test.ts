import { afterAll, beforeAll } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresPeopleStore } from '../../src/db/postgres/people-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { peopleStoreContract } from './contract/people-store.contract.js';
import { steppingClock } from './contract/subjects.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('people_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

peopleStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate people');
  const clock = steppingClock();
  return {
    store: createPostgresPeopleStore({ db, clock }),
    reopen: () => createPostgresPeopleStore({ db, clock }),
    advance: (ms) => clock.advance(ms),
  };
});
