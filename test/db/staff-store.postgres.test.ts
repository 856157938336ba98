import { afterAll, beforeAll } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresStaffStore } from '../../src/db/postgres/staff-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { staffStoreContract } from './contract/staff-store.contract.js';
import { STAFF_AUDIT_SQL, staffAuditOf, steppingClock, type AuditRowText } from './contract/subjects.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('staff_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

staffStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate staff, audit_log restart identity');
  return {
    store: createPostgresStaffStore({ db, clock: steppingClock() }),
    audit: async () => staffAuditOf((await db.$client.query<AuditRowText>(STAFF_AUDIT_SQL)).rows),
  };
});
