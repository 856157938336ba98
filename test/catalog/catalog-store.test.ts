import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SYNC_STATE_KEY } from '../../src/catalog/catalog-sync.js';
import { createCatalogView } from '../../src/catalog/catalog-view.js';
import { systemClock } from '../../src/clock.js';
import { createCatalogStore, type CatalogStore } from '../../src/db/catalog-store.js';
import type { ProductDetail } from '../../src/provider/schemas.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { forEachDatabase } from '../support/each-database.js';
import { freshDatabase } from '../support/postgres-database.js';
import { catalogAuditOf } from './contract/catalog-audit.js';
import { hiddenCatalogContract } from './contract/catalog-hidden.contract.js';
import { catalogStoreContract } from './contract/catalog-store.contract.js';

const CATALOG_TABLES = ['products', 'categories', 'category_counts', 'product_prices', 'app_state', 'catalog_hidden', 'audit_log'];

async function stateText(database: Database, key: string): Promise<string | undefined> {
  const { appState } = database.tables;
  return (await database.q.select({ value: appState.value }).from(appState).where(eq(appState.key, key)))[0]?.value;
}

async function catalogAudit(database: Database) {
  const { auditLog } = database.tables;
  const rows = await database.q
    .select({ actor_id: auditLog.actorId, action: auditLog.action, subject_id: auditLog.subjectId, detail: auditLog.detail })
    .from(auditLog)
    .where(like(auditLog.action, 'catalog.%'))
    .orderBy(asc(auditLog.id));
  return catalogAuditOf(rows);
}

forEachDatabase(CATALOG_TABLES, (label, fresh) => {
  let current: Database | undefined;
  const stores = async () => {
    const database = await fresh();
    current = database;
    return database;
  };

  catalogStoreContract(label, {
    async fresh() {
      const database = await stores();
      return (options) => createCatalogStore({ database, clock: systemClock, ...options });
    },
    stateText: (key) => stateText(current!, key),
  });
  hiddenCatalogContract(label, {
    fresh: async () => createCatalogStore({ database: await stores(), clock: systemClock, rest: async () => undefined }),
    audit: () => catalogAudit(current!),
  });
  if (label === 'SQLite') return;

  // The store as instances use it on PostgreSQL (fresh-views.ts): the menu's reads kept in memory, dropped by every write through it.
  const viewed = (store: CatalogStore) => createCatalogView(store, { keptStateKeys: [CATALOG_SYNC_STATE_KEY] });
  catalogStoreContract('PostgreSQL, through the catalog view', {
    async fresh() {
      const database = await stores();
      return (options) => viewed(createCatalogStore({ database, clock: systemClock, ...options }));
    },
    stateText: (key) => stateText(current!, key),
  });
  // Hiding through the view drops the menu it keeps, so the next read is the database's.
  hiddenCatalogContract('PostgreSQL, through the catalog view', {
    fresh: async () => viewed(createCatalogStore({ database: await stores(), clock: systemClock, rest: async () => undefined })),
    audit: () => catalogAudit(current!),
  });
});

describe('SQLite search: the hits of a search kept until the catalog changes', () => {
  const opened: Db[] = [];
  afterAll(() => opened.splice(0).forEach(closeDb));

  /** A catalog store over a fresh file holding Steam Wallet products of these ids, and a second connection to the same file. */
  async function storeWithAnotherConnection(productIds: number[]) {
    const file = join(mkdtempSync(join(tmpdir(), 'giftdesk-kept-')), 'bot.sqlite');
    const db = openDb(file);
    const other = openDb(file);
    opened.push(db, other);
    const store = createCatalogStore({ database: databaseOf(db), clock: systemClock, rest: async () => undefined });
    await store.write({
      categories: [{ id: 1, title: 'Games', parentId: null }],
      products: productIds.map((id) => ({ id, title: `Steam Wallet ${id}`, categoryId: 1, isAvailable: true, imageUrl: null })),
    });
    return { store, db, other };
  }

  it('lets them go when another connection (a script, a repair) changes the database', async () => {
    const { store, other } = await storeWithAnotherConnection([1, 2, 3]);
    const ids = async () => (await store.search({ query: 'steam', page: 1, pageSize: 8 })).items.map((p) => p.id);
    expect(await ids()).toEqual([1, 2, 3]);
    other.$client.prepare(`insert into catalog_hidden (kind, item_id, title, hidden_by, hidden_at) values ('product', 2, 'Steam Wallet 2', null, 0)`).run();
    expect(await ids()).toEqual([1, 3]);
  });

  it('keeps the rows of a page shown, and shows a price or stock recorded differently, here or by another connection, at the next search', async () => {
    const { store, db, other } = await storeWithAnotherConnection([1, 2]);
    const detail = (id: number, price: number, stock: number) =>
      ({ id, regionProperties: [{ regionId: 1, regionName: 'Global', price, stock }] }) as unknown as ProductDetail;
    const shown = async () => (await store.search({ query: 'steam', page: 1, pageSize: 8 })).items.map((p) => [p.id, p.priceFrom, p.stockTotal]);
    await store.recordPrice(detail(1, 500, 3), 1_000);
    expect(await shown()).toEqual([[1, 500, 3], [2, null, null]]);
    // The same price and stock read again keeps the page; a different one is shown at the next search.
    expect(await store.recordPrice(detail(1, 500, 3), 2_000)).toBe(false);
    expect(await shown()).toEqual([[1, 500, 3], [2, null, null]]);
    expect(await store.recordPrice(detail(1, 450, 2), 3_000)).toBe(true);
    expect(await shown()).toEqual([[1, 450, 2], [2, null, null]]);
    other.$client.prepare('update product_prices set price_from = 400 where product_id = 1').run();
    expect(await shown()).toEqual([[1, 400, 2], [2, null, null]]);
    // Kept: a write past the store on its own connection (nothing in giftdesk writes so) is not read again.
    db.$client.prepare('update product_prices set stock_total = 99 where product_id = 1').run();
    expect(await shown()).toEqual([[1, 400, 2], [2, null, null]]);
  });
});

/** What only PostgreSQL has (the index its triggers keep, another instance's change learnt from the view): one database, changed as psql would change it. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('catalog_store'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

describe('catalog view on PostgreSQL', () => {
  it('answers the menu from memory and shows a refresh or a sync state written through it at once', async () => {
    const client = db.$client;
    await client.query('truncate products, categories, category_counts, product_prices, app_state, catalog_hidden');
    const view = createCatalogView(createCatalogStore({ database: databaseOf(db), clock: systemClock, rest: async () => undefined }), { keptStateKeys: [CATALOG_SYNC_STATE_KEY] });
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
    const store = createCatalogStore({ database: databaseOf(db), clock: systemClock });
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
    const store = createCatalogStore({ database: databaseOf(db), clock: systemClock, rest: async () => undefined });
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
