import { afterAll, beforeAll, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresRateBudgetStore } from '../../src/db/postgres/rate-budget-store.js';
import { freshDatabase } from '../support/postgres-database.js';
import { rateBudgetContract } from './contract/rate-budget-store.contract.js';

let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('rate_budget'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

rateBudgetContract('PostgreSQL', async () => {
  await db.$client.query('truncate provider_rate_budget');
  return { store: createPostgresRateBudgetStore({ db }) };
});

it('shares the budget with every instance on PostgreSQL', () => {
  expect(createPostgresRateBudgetStore({ db }).sharedAcrossInstances).toBe(true);
});
