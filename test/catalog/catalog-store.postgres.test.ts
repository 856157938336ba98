import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createPostgresCatalogStore } from '../../src/db/postgres/catalog-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { freshDatabase } from '../support/postgres-database.js';
import { catalogStoreContract } from './contract/catalog-store.contract.js';
import { hiddenCatalogContract } from './contract/catalog-hidden.contract.js';
import { CATALOG_AUDIT_SQL, catalogAuditOf } from './contract/catalog-audit.js';
import type { AuditRowText } from '../db/contract/subjects.js';
import { createCatalogView } from '../../src/catalog/catalog-view.js';
import { CATALOG_SYNC_STATE_KEY } from '../../src/catalog/catalog-sync.js';
import type { CatalogStore } from '../../src/catalog/catalog-store.js';

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
    await db.$client.query('truncate products, categories, category_counts, product_prices, app_state, catalog_hidden');
    return (options) => createPostgresCatalogStore({ db, clock: systemClock, ...options });
  },
  stateText: async (key) => (await db.$client.query<{ value: string }>('select value from app_state where key = $1', [key])).rows[0]?.value,
});

// The store as instances use it on PostgreSQL (fresh-views.ts): the menu's reads kept in memory, dropped by every write through it.
catalogStoreContract('PostgreSQL, through the catalog view', {
  async fresh() {
    await db.$client.query('truncate products, categories, category_counts, product_prices, app_state, catalog_hidden');
    return (options) => createCatalogView(createPostgresCatalogStore({ db, clock: systemClock, ...options }), { keptStateKeys: [CATALOG_SYNC_STATE_KEY] });
  },
  stateText: async (key) => (await db.$client.query<{ value: string }>('select value from app_state where key = $1', [key])).rows[0]?.value,
});

for (const [name, through] of [
  ['PostgreSQL', (store: CatalogStore) => store],
  // Hiding through the view drops the menu it keeps, so the next read is the database's.
  ['PostgreSQL, through the catalog view', (store: CatalogStore) => createCatalogView(store, { keptStateKeys: [CATALOG_SYNC_STATE_KEY] })],
] as const) {
  hiddenCatalogContract(name, {
    async fresh() {
      await db.$client.query('truncate products, categories, category_counts, product_prices, app_state, catalog_hidden, audit_log restart identity');
      return through(createPostgresCatalogStore({ db, clock: systemClock, rest: async () => undefined }));
    },
    audit: async () => catalogAuditOf((await db.$client.query<AuditRowText>(CATALOG_AUDIT_SQL)).rows),
  });
}

describe('catalog view on PostgreSQL', () => {
  it('answers the menu from memory and shows a refresh or a sync state written through it at once', async () => {
    const client = db.$client;
    await client.query('truncate products, categories, category_counts, product_prices, app_state, catalog_hidden');
    const view = createCatalogView(createPostgresCatalogStore({ db, clock: systemClock, rest: async () => undefined }), { keptStateKeys: [CATALOG_SYNC_STATE_KEY] });
    const snapshot = (title: string) => ({
      categories: [{ id: 1, title, parentId: null }],
      products: [{ id: 10, title: 'Card 10', categoryId: 1, imageUrl: null, isAvailable: true }],
    });
    const menu = async () => (await view.categoriesPage({ page: 1, pageSize: 8 })).items.map((c) => c.title);
    expect(await menu()).toEqual([]);
    expect(await view.productCount()).toBe(0);
    expect(await view.readState(CATALOG_SYNC_STATE_KEY)).toBeNull();

    await view.write(snapshot('Games'), { state: { key: CATALOG_SYNC_STATE_KEY, value: { lastSuccessAt: 5 } } });
    expect(await menu()).toEqual(['Games']);
    expect(await view.productCount()).toBe(1);
    expect(await view.readState(CATALOG_SYNC_STATE_KEY)).toEqual({ lastSuccessAt: 5 });
    await view.writeState(CATALOG_SYNC_STATE_KEY, { lastSuccessAt: 6 });
    expect(await view.readState(CATALOG_SYNC_STATE_KEY)).toEqual({ lastSuccessAt: 6 });
    expect(await menu()).toEqual(['Games']);

    // Written behind its back (another instance): kept until refresh, which the freshness check calls when the counter moved.
    await client.query(`update categories set title = 'Consoles'`);
    expect(await menu()).toEqual(['Games']);
    await view.refresh();
    expect(await menu()).toEqual(['Consoles']);
    expect((await view.search({ query: 'consoles', page: 1, pageSize: 8 })).items.map((p) => p.id)).toEqual([10]);
  });
});

describe('PostgreSQL search index (product_search, kept by triggers)', () => {
  it('follows products written outside the catalog writer (db:copy, a repair in psql): insert, rename, move, delete, truncate', async () => {
    const client = db.$client;
    await client.query('truncate products, categories, category_counts, product_prices, app_state, catalog_hidden');
    const store = createPostgresCatalogStore({ db, clock: systemClock });
    // Each change here moves the catalog's counter, on which the catalog view has the store forget its kept searches.
    const ids = async (query: string) => {
      store.forget!();
      return (await store.search({ query, page: 1, pageSize: 8 })).items.map((p) => p.id);
    };
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

describe('PostgreSQL search: the hits of a search kept until the catalog changes', () => {
  it('keeps them through a change made outside the store until told to forget, as the catalog view does when the counter moves', async () => {
    const client = db.$client;
    await client.query('truncate products, categories, category_counts, product_prices, app_state, catalog_hidden');
    const store = createPostgresCatalogStore({ db, clock: systemClock, rest: async () => undefined });
    await store.write({
      categories: [{ id: 1, title: 'Games', parentId: null }],
      products: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `Steam Wallet ${i + 1}`, categoryId: 1, isAvailable: true, imageUrl: null })),
    });
    const page2 = async () => (await store.search({ query: 'steam', page: 2, pageSize: 8 })).items;
    expect((await page2()).map((p) => p.id)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    // In psql: a new title. The kept hits stay; the row is read again.
    await client.query(`update products set title = 'Renamed', search_text = 'renamed' where id = 9`);
    expect((await page2())[0]).toMatchObject({ id: 9, title: 'Renamed' });
    store.forget!();
    expect((await page2()).map((p) => p.id)).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
  });
});
