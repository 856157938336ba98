import { afterAll, beforeAll } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresStepUpStore } from '../../src/db/postgres/step-up-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { freshDatabase } from '../support/postgres-database.js';
import { stepUpStoreContract, T0 } from './contract/step-up-store.contract.js';

/** One database for the file, emptied before each case; a second pool on it plays another instance. */
let db: PgDb;
let other: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('step_up_store');
  db = await openPostgres(url);
  other = await openPostgres(url);
});
afterAll(async () => {
  if (other) await closePostgres(other);
  if (db) await closePostgres(db);
});

stepUpStoreContract('PostgreSQL', async () => {
  await db.$client.query('truncate step_up');
  const clock = createManualClock(T0);
  return { store: createPostgresStepUpStore({ db, clock }), other: createPostgresStepUpStore({ db: other, clock }), clock };
});
