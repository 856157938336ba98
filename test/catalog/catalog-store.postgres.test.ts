import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createPostgresCatalogStore } from '../../src/db/postgres/catalog-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { freshDatabase } from '../support/postgres-database.js';
import { catalogStoreContract } from './contract/catalog-store.contract.js';

/** One database for the file, its catalog emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('catalog_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

catalogStoreContract('PostgreSQL', {
  async fresh() {
    await db.$client.query('truncate products, categories, category_counts, product_prices, app_state');
    return (options) => createPostgresCatalogStore({ db, clock: systemClock, ...options });
  },
  stateText: async (key) => (await db.$client.query<{ value: string }>('select value from app_state where key = $1', [key])).rows[0]?.value,
});
