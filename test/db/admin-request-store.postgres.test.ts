import { afterAll, beforeAll } from 'vitest';
import { createPostgresAdminRequestStore } from '../../src/db/postgres/admin-request-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createManualClock } from '../support/manual-clock.js';
import { freshDatabase } from '../support/postgres-database.js';
import { ADMIN_REQUEST_AUDIT_SQL, adminRequestStoreContract, T0 } from './contract/admin-request-store.contract.js';

/** One database for the file, emptied before each case; a second pool on it plays another instance. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('admin_request_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

adminRequestStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate admin_requests, audit_log restart identity cascade');
  const clock = createManualClock(T0);
  return {
    store: createPostgresAdminRequestStore({ db, clock }),
    other: createPostgresAdminRequestStore({ db: other, clock }),
    clock,
    audit: async () => (await db.$client.query(ADMIN_REQUEST_AUDIT_SQL)).rows,
  };
});
