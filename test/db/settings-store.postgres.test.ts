import { afterAll, beforeAll } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresSettingsStore } from '../../src/db/postgres/settings-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { settingsStoreContract } from './contract/settings-store.contract.js';
import { SETTINGS_AUDIT_SQL, staffAuditOf, steppingClock, type AuditRowText } from './contract/subjects.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('settings_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

settingsStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate app_state, audit_log restart identity');
  return {
    store: createPostgresSettingsStore({ db, clock: steppingClock() }),
    audit: async () => staffAuditOf((await db.$client.query<AuditRowText>(SETTINGS_AUDIT_SQL)).rows),
    plant: async (key, value) => {
      await db.$client.query('insert into app_state (key, value, updated_at) values ($1, $2, now())', [key, JSON.stringify(value)]);
    },
  };
});
