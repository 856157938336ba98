import { afterAll, beforeAll } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresVelocityStore } from '../../src/db/postgres/velocity-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { velocityStoreContract } from './contract/velocity-store.contract.js';

let first: PgDb;
let second: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('velocity');
  first = await openPostgres(url);
  // Another pool on the same database: another instance.
  second = await openPostgres(url);
});
afterAll(async () => {
  if (first) await closePostgres(first);
  if (second) await closePostgres(second);
});

velocityStoreContract('PostgreSQL', async () => {
  await first.$client.query('truncate velocity_counters');
  return { store: createPostgresVelocityStore({ db: first }), other: createPostgresVelocityStore({ db: second }) };
});
