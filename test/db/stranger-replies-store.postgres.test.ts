import { afterAll, beforeAll } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresStrangerRepliesStore } from '../../src/db/postgres/stranger-replies-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { strangerRepliesStoreContract } from './contract/stranger-replies-store.contract.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('stranger_replies'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

strangerRepliesStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate stranger_replies');
  return createPostgresStrangerRepliesStore({ db });
});
