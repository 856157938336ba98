import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createCatalogStore, type CatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createCatalogView, KEPT_PAGES } from '../../src/catalog/catalog-view.js';
import { CATALOG_SYNC_STATE_KEY } from '../../src/catalog/catalog-sync.js';
import type { CatalogSnapshot } from '../../src/db/catalog-writer.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import type { ProductDetail } from '../../src/provider/schemas.js';

/**
 * The catalog view over a real store (SQLite here: what the view keeps and
 * drops does not depend on the database behind it; on PostgreSQL the same
 * view runs through the catalog store contract and fresh-views.postgres).
 * Each read that reaches the store is counted.
 */
const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

const SNAPSHOT: CatalogSnapshot = {
  categories: [{ id: 1, title: 'Games', parentId: null }],
  products: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `Steam Wallet ${i + 1}`, categoryId: 1, imageUrl: null, isAvailable: true })),
};

const detail = (id: number, price: number, stock: number): ProductDetail =>
  ({ id, title: `Steam Wallet ${id}`, regionProperties: [{ regionId: 1, regionName: 'Global', price, stock }] }) as unknown as ProductDetail;

async function world() {
  const db = openDb(':memory:');
  opened.push(db);
  const store = createCatalogStore({ database: databaseOf(db), clock: systemClock, rest: async () => undefined });
  await store.write(SNAPSHOT);
  const reads = { menu: 0, pages: 0 };
  const counted: CatalogStore = {
    ...store,
    categoriesPage: (request) => (reads.menu++, store.categoriesPage(request)),
    productsPage: (request) => (reads.pages++, store.productsPage(request)),
    search: (request) => (reads.pages++, store.search(request)),
  };
  const view = createCatalogView(counted, { keptStateKeys: [CATALOG_SYNC_STATE_KEY] });
  const page = () => view.productsPage({ categoryId: 1, page: 2, pageSize: 8 });
  const found = () => view.search({ query: 'steam', page: 1, pageSize: 8 });
  return { db, view, reads, page, found };
}

describe('the catalog view: pages of products kept in memory', () => {
  it('answers a category page and a search page read before from memory, each page and query its own', async () => {
    const { view, reads, page, found } = await world();
    expect((await page()).items.map((p) => p.id)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    expect((await found()).items.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await page();
    await found();
    expect(reads.pages).toBe(2);
    expect((await view.productsPage({ categoryId: 1, page: 3, pageSize: 8 })).items.map((p) => p.id)).toEqual([17, 18, 19, 20]);
    expect((await view.search({ query: 'wallet 7', page: 1, pageSize: 8 })).items.map((p) => p.id)).toEqual([7]);
    expect(reads.pages).toBe(4);
  });

  it('drops the pages when a price recorded through it moved, and keeps them when it was the same again', async () => {
    const { view, reads, page, found } = await world();
    expect(await view.recordPrice(detail(9, 500, 3), 1_000)).toBe(true);
    await page();
    await found();
    expect(await view.recordPrice(detail(9, 500, 3), 2_000)).toBe(false);
    expect((await page()).items[0]).toMatchObject({ id: 9, priceFrom: 500, stockTotal: 3 });
    await found();
    expect(reads.pages).toBe(2);

    expect(await view.recordPrice(detail(9, 500, 2), 3_000)).toBe(true);
    expect((await page()).items[0]).toMatchObject({ id: 9, priceFrom: 500, stockTotal: 2 });
    expect(reads.pages).toBe(3);
  });

  it('drops only the pages when the prices moved elsewhere, and everything when the catalog did or at a write, hide or show', async () => {
    const { db, view, reads, page, found } = await world();
    await view.categoriesPage({ page: 1, pageSize: 8 });
    await page();
    // Another instance (or a script) recorded a price: learnt from the prices' counter.
    db.$client.prepare('insert into product_prices (product_id, price_from, price_to, stock_total, fetched_at) values (9, 700, 700, 1, 0)').run();
    expect((await page()).items[0]!.priceFrom).toBeNull();
    await view.refreshPages();
    expect((await page()).items[0]).toMatchObject({ id: 9, priceFrom: 700 });
    await view.categoriesPage({ page: 1, pageSize: 8 });
    expect(reads).toEqual({ menu: 1, pages: 2 });

    await view.refresh();
    await view.categoriesPage({ page: 1, pageSize: 8 });
    await page();
    expect(reads).toEqual({ menu: 2, pages: 3 });

    await view.hide({ kind: 'product', id: 1, title: 'Steam Wallet 1' }, 1);
    expect((await found()).items.map((p) => p.id).slice(0, 2)).toEqual([2, 3]);
    await view.show({ kind: 'product', id: 1 }, 1);
    expect((await found()).items.map((p) => p.id).slice(0, 2)).toEqual([1, 2]);
    await view.write({ ...SNAPSHOT, products: SNAPSHOT.products.slice(0, 10) });
    expect((await page()).items.map((p) => p.id)).toEqual([9, 10]);
  });

  it('keeps one search however it was typed, and passes searches of hidden products and large pages to the store', async () => {
    const { view, reads } = await world();
    await view.search({ query: 'Steam', page: 1, pageSize: 8 });
    await view.search({ query: ' steam ', page: 1, pageSize: 8 });
    expect(reads.pages).toBe(1);
    // A batch file's titles (hidden ones included, up to 96 rows) would push the steps' pages out.
    await view.search({ query: 'steam', page: 1, pageSize: 96, includeHidden: true });
    await view.search({ query: 'steam', page: 1, pageSize: 96, includeHidden: true });
    await view.productsPage({ categoryId: 1, page: 1, pageSize: 96 });
    await view.productsPage({ categoryId: 1, page: 1, pageSize: 96 });
    expect(reads.pages).toBe(5);
  });

  it('keeps at most KEPT_PAGES pages, letting go of the least recently used', async () => {
    const { view, reads } = await world();
    const pageOf = (n: number) => view.search({ query: 'steam', page: n, pageSize: 1 });
    for (let n = 1; n <= KEPT_PAGES + 1; n += 1) await pageOf(n);
    expect(reads.pages).toBe(KEPT_PAGES + 1);
    // The newest are kept; the first, least recently used, was let go.
    await pageOf(KEPT_PAGES + 1);
    expect(reads.pages).toBe(KEPT_PAGES + 1);
    await pageOf(1);
    expect(reads.pages).toBe(KEPT_PAGES + 2);
  });

  it('on SQLite, sees what another connection wrote at the next read, and keeps its copies while nobody else writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-view-'));
    try {
      const path = join(dir, 'bot.sqlite');
      const db = openDb(path);
      opened.push(db);
      const store = createCatalogStore({ database: databaseOf(db), clock: systemClock, rest: async () => undefined });
      await store.write(SNAPSHOT);
      let reads = 0;
      const view = createCatalogView({ ...store, productsPage: (request) => (reads++, store.productsPage(request)) }, { keptStateKeys: [] });
      const titles = async () => (await view.productsPage({ categoryId: 1, page: 1, pageSize: 8 })).items.map((p) => p.title);
      const menu = async () => (await view.categoriesPage({ page: 1, pageSize: 8 })).items.map((c) => c.title);
      expect((await titles())[0]).toBe('Steam Wallet 1');
      expect(await menu()).toEqual(['Games']);
      // This connection's own reads and writes of other tables change nothing kept.
      db.$client.prepare("insert into app_state (key, value, updated_at) values ('unrelated', '1', 0)").run();
      await titles();
      expect(reads).toBe(1);

      // A script (another connection) renames a product and the category.
      const other = openDb(path);
      opened.push(other);
      const renamed = { categories: [{ id: 1, title: 'Gift cards', parentId: null }], products: SNAPSHOT.products.map((p) => (p.id === 1 ? { ...p, title: 'Steam Wallet One' } : p)) };
      await createCatalogStore({ database: databaseOf(other), clock: systemClock, rest: async () => undefined }).write(renamed);
      expect((await titles())[0]).toBe('Steam Wallet One');
      expect(await menu()).toEqual(['Gift cards']);
      expect(reads).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
