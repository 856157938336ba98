import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('PostgreSQL search index (product_search, kept by triggers)', () => {
  it('follows products written outside the catalog writer (db:copy, a repair in psql): insert, rename, move, delete, truncate', async () => {
    const client = db.$client;
    await client.query('truncate products, categories, category_counts, product_prices, app_state');
    const store = createPostgresCatalogStore({ db, clock: systemClock });
    const ids = async (query: string) => (await store.search({ query, page: 1, pageSize: 8 })).items.map((p) => p.id);
    await client.query(
      `insert into products (id, title, search_text, category_id, is_available, position, bucket_id) values
         (1, 'Steam Wallet 10', 'steam wallet 10', null, true, 0, 0), (2, 'کارت گوگل پلی', 'کارت گوگل پلی', null, true, 1, 0)`,
    );
    expect(await ids('wal')).toEqual([1]);
    expect(await ids('گوگل پ')).toEqual([2]);
    await client.query(`update products set title = 'Xbox Live 10', search_text = 'xbox live 10' where id = 1`);
    expect(await ids('wal')).toEqual([]);
    expect(await ids('xbox')).toEqual([1]);
    await client.query('update products set id = 3 where id = 1');
    expect(await ids('xbox')).toEqual([3]);
    await client.query('delete from products where id = 3');
    expect(await ids('xbox')).toEqual([]);
    expect((await client.query('select count(*)::int as n from product_search')).rows[0].n).toBe(1);
    await client.query('truncate products');
    expect((await client.query('select count(*)::int as n from product_search')).rows[0].n).toBe(0);
  });
});
