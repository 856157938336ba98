import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayOrder } from '../../src/bot/middleware/roles.js';
import { openFreshViews } from '../../src/app/fresh-views.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { LOW_BALANCE_THRESHOLD } from '../../src/alerts/low-balance.js';
import { freshDatabase } from '../support/postgres-database.js';
import { steppingClock } from '../db/contract/subjects.js';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { createLogger } from '../../src/logger.js';
import type { CatalogSnapshot } from '../../src/db/catalog-writer.js';
import type { ProductDetail } from '../../src/provider/schemas.js';

/**
 * Two instances on one PostgreSQL: each its own pool, stores and views, as
 * two processes would build them. A change through one holds on the other
 * at its next update, that is after its freshness check.
 */
let first: PgDb;
let second: PgDb;
beforeAll(async () => {
  const url = await freshDatabase('fresh_views');
  first = await openPostgres(url);
  second = await openPostgres(url);
});
afterAll(async () => {
  await Promise.all([first, second].filter(Boolean).map(closePostgres));
});

async function instance(db: PgDb) {
  const stores = postgresStores({ db, clock: steppingClock() });
  const views = await openFreshViews(stores, steppingClock());
  return { ...views, stores, rules: createSpendingRuleBook({ settings: views.settings }) };
}

const product = (id: number, title: string, categoryId: number | null) => ({ id, title, categoryId, imageUrl: null, isAvailable: true });
const catalogOf = (...categories: [number, string][]): CatalogSnapshot => ({
  categories: categories.map(([id, title]) => ({ id, title, parentId: null })),
  products: categories.map(([id], i) => product(100 + i, `Card ${id}`, id)),
});
const menuTitles = async (views: { catalog: { categoriesPage(r: { page: number; pageSize: number }): Promise<{ items: { title: string }[] }> } }) =>
  (await views.catalog.categoriesPage({ page: 1, pageSize: 8 })).items.map((c) => c.title);

describe('views on several instances', () => {
  it('a staff member removed or given another role through one instance is refused or changed on the other at its next update', async () => {
    const a = await instance(first);
    await a.staff.syncEnvAdmins([1]);
    await a.staff.add(20, 'staff', 1);
    await a.staff.add(21, 'staff', 1);
    const b = await instance(second);
    expect(b.staff.current.find(20)?.role).toBe('staff');

    await a.staff.remove(20, 1);
    await a.staff.changeRole(21, 'viewer', 1);
    // Before its next update the copy is what it read: the check is what brings the change.
    expect(b.staff.current.find(20)).not.toBeNull();
    await b.viewFreshness.check();
    expect(b.staff.current.find(20)).toBeNull();
    expect(mayOrder(b.staff.current.find(21)!.role)).toBe(false);

    await a.staff.changeRole(21, 'admin', 1);
    await b.viewFreshness.check();
    expect(b.staff.current.adminIds()).toEqual([1, 21]);
  });

  it('a favourite starred, renamed, moved or removed and a team pick pinned through one instance are what the other opens /order with at its next update', async () => {
    const a = await instance(first);
    const b = await instance(second);
    const line = (productId: number) => ({ productId, title: `Card ${productId}`, regionPropertyId: null, quantity: null, fieldValues: {}, unitPrice: 100 });
    const star = async (productId: number) => {
      const added = await a.favourites.add({ owner: { person: 70 }, kind: 'product', name: `Card ${productId}`, lines: [line(productId)], createdBy: 70 });
      return added.kind === 'added' ? added.favourite.id : -1;
    };
    const cardOne = await star(1);
    const cardTwo = await star(2);
    await a.favourites.add({ owner: 'team', kind: 'product', name: 'Team card', lines: [line(3)], createdBy: 1 });
    // Before its next update the copy is what it read: the check is what brings the change.
    expect((await b.favourites.menuFor(70)).mine).toEqual([]);
    await b.viewFreshness.check();
    const names = async () => {
      const menu = await b.favourites.menuFor(70);
      return [...menu.mine.map((f) => f.name), ...menu.picks.map((f) => `📌 ${f.name}`)];
    };
    expect(await names()).toEqual(['Card 1', 'Card 2', '📌 Team card']);

    await a.favourites.rename({ person: 70 }, cardTwo, 'Support team');
    expect(await a.favourites.moveUp({ person: 70 }, cardTwo)).toBe(true);
    await b.viewFreshness.check();
    expect(await names()).toEqual(['Support team', 'Card 1', '📌 Team card']);
    expect(await b.favourites.get({ person: 70 }, cardOne)).toMatchObject({ name: 'Card 1' });

    await a.favourites.remove({ person: 70 }, cardOne);
    await b.viewFreshness.check();
    expect(await b.favourites.get({ person: 70 }, cardOne)).toBeNull();
    expect(await names()).toEqual(['Support team', '📌 Team card']);
  });

  it('a spending rule, a setting and a language changed through one instance hold on the other at its next update', async () => {
    const a = await instance(first);
    const b = await instance(second);
    await a.staff.add(30, 'staff', 1);
    await a.people.remember({ id: 30, first_name: 'Sam', language_code: 'en' });
    await b.viewFreshness.check();
    expect(b.people.current.find(30)?.languageCode).toBe('en');

    await a.rules.setDefault('order', 50_000, 1);
    await a.settings.write(LOW_BALANCE_THRESHOLD, 123_456, 1);
    await a.staff.setLocale(30, 'fa');
    await a.people.remember({ id: 30, first_name: 'Samira', language_code: 'fa' });
    await b.viewFreshness.check();
    expect(b.rules.defaults().order).toBe(50_000);
    expect(b.settings.read(LOW_BALANCE_THRESHOLD)).toBe(123_456);
    expect(b.staff.current.find(30)?.locale).toBe('fa');
    expect(b.people.current.find(30)).toMatchObject({ firstName: 'Samira', languageCode: 'fa' });

    await a.settings.reset(LOW_BALANCE_THRESHOLD, 1);
    await b.viewFreshness.check();
    expect(b.settings.read(LOW_BALANCE_THRESHOLD)).toBeNull();
  });

  it('a person who changes back to an earlier name on another instance is written, not skipped on a remembered copy', async () => {
    const a = await instance(first);
    const b = await instance(second);
    await a.people.remember({ id: 40, first_name: 'Kim' });
    await b.viewFreshness.check();
    await b.people.remember({ id: 40, first_name: 'Kimberly' });
    await a.viewFreshness.check();
    expect(await a.people.remember({ id: 40, first_name: 'Kim' })).toBe(true);
    expect((await b.people.find(40))?.firstName).toBe('Kim');
  });

  it('a change made outside the application (a script, psql) is read too, and no change means no reload', async () => {
    const a = await instance(first);
    await a.staff.add(50, 'staff', 1);
    await second.$client.query('delete from staff where telegram_id = 50');
    await a.viewFreshness.check();
    expect(a.staff.current.find(50)).toBeNull();

    let reads = 0;
    const list = a.staff.list;
    a.staff.list = () => (reads++, list());
    await a.viewFreshness.check();
    expect(reads).toBe(0);
  });

  it('a pause or resume through one instance, or written in psql, is shown on the other from its next update, and at once on its own', async () => {
    const a = await instance(first);
    const b = await instance(second);
    expect(await b.orderingPause.current()).toBeNull();

    await a.orderingPause.pause({ source: 'admin', reason: 'stocktake', by: 1 });
    expect(await a.orderingPause.current()).toMatchObject({ source: 'admin', reason: 'stocktake' });
    // The copy answers without asking until the check says the pause moved.
    expect(await b.orderingPause.current()).toBeNull();
    await b.viewFreshness.check();
    expect(await b.orderingPause.current()).toMatchObject({ source: 'admin', reason: 'stocktake' });
    // The database's own answer, which the order service reads under the wallet lock, never waits for a check.
    expect(await b.stores.orderingPause.current()).toMatchObject({ source: 'admin' });

    await a.orderingPause.resume(1);
    await b.viewFreshness.check();
    expect(await b.orderingPause.current()).toBeNull();

    await second.$client.query(
      `insert into app_state (key, value, updated_at) values ('ordering.pause', $1, now())
       on conflict (key) do update set value = excluded.value`,
      [JSON.stringify({ source: 'provider', reason: 'key refused', since: 1, by: null })],
    );
    await a.viewFreshness.check();
    expect(await a.orderingPause.current()).toMatchObject({ source: 'provider', reason: 'key refused' });
    await b.orderingPause.resume(1);
    expect(await b.orderingPause.current()).toBeNull();
    await a.viewFreshness.check();
    expect(await a.orderingPause.current()).toBeNull();
  });

  it('a catalog refresh through one instance, or in psql, is on the other\'s menu, loading state and search from its next update', async () => {
    await first.$client.query('truncate products, categories, category_counts');
    await first.$client.query(`delete from app_state where key = 'catalog.sync'`);
    const a = await instance(first);
    const b = await instance(second);
    const logger = createLogger({ level: 'silent' });
    const syncOf = (views: typeof a) => createCatalogSync({ provider: { listCategories: async () => [], allProducts: async function* () {} }, store: views.catalog, clock: steppingClock(), logger });
    // A first sync under way on the first instance: the other says the catalog is loading.
    await a.catalog.writeState('catalog.sync', { lastSuccessAt: null, lastError: null, lastErrorAt: null, runningSince: Date.now() });
    await b.viewFreshness.check();
    expect(await syncOf(b).loading()).toBe(true);
    expect(await menuTitles(b)).toEqual([]);

    await a.catalog.write(catalogOf([1, 'Streaming'], [2, 'Games']), { state: { key: 'catalog.sync', value: { lastSuccessAt: 1, lastError: null, lastErrorAt: null, runningSince: null } } });
    expect(await menuTitles(a)).toEqual(['Streaming', 'Games']);
    // Kept until the check: the menu and the loading state are answered from memory.
    expect(await menuTitles(b)).toEqual([]);
    expect(await syncOf(b).loading()).toBe(true);
    await b.viewFreshness.check();
    expect(await menuTitles(b)).toEqual(['Streaming', 'Games']);
    expect(await syncOf(b).loading()).toBe(false);
    expect((await b.catalog.search({ query: 'games', page: 1, pageSize: 8 })).items.map((p) => p.id)).toEqual([101]);

    // A category renamed: found by its new name on the other instance, whose search had read the old names.
    await a.catalog.write(catalogOf([1, 'Streaming'], [2, 'Consoles']));
    await b.viewFreshness.check();
    expect(await menuTitles(b)).toEqual(['Streaming', 'Consoles']);
    expect((await b.catalog.search({ query: 'consoles', page: 1, pageSize: 8 })).items.map((p) => p.id)).toEqual([101]);
    // The other's search for the old name, made before the rename, is not answered from what it kept.
    expect((await b.catalog.search({ query: 'games', page: 1, pageSize: 8 })).items).toEqual([]);

    await second.$client.query(`update categories set title = 'Films' where id = 1`);
    await a.viewFreshness.check();
    expect(await menuTitles(a)).toEqual(['Films', 'Consoles']);
  });

  it('a price moved through one instance, or in psql, is on the other\'s pages from its next update; the same price again reads nothing', async () => {
    await first.$client.query('truncate products, categories, category_counts, product_prices');
    const a = await instance(first);
    const b = await instance(second);
    await a.catalog.write(catalogOf([1, 'Streaming'], [2, 'Games']));
    await b.viewFreshness.check();
    const detail = (price: number, stock: number) => ({ id: 101, regionProperties: [{ price, stock }] }) as unknown as ProductDetail;
    const page = async (views: typeof a) => (await views.catalog.productsPage({ categoryId: 2, page: 1, pageSize: 8 })).items[0];
    const found = async (views: typeof a) => (await views.catalog.search({ query: 'card', page: 1, pageSize: 8 })).items.find((p) => p.id === 101);

    // No price yet: the lists show none until someone picks the product once.
    expect(await page(b)).toMatchObject({ id: 101, priceFrom: null });
    expect(await found(b)).toMatchObject({ priceFrom: null });
    expect(await a.catalog.recordPrice(detail(500, 3), 1_000)).toBe(true);
    // Kept until the check, then read again: the counter moved with the first price.
    expect(await page(b)).toMatchObject({ priceFrom: null });
    await b.viewFreshness.check();
    expect(await page(b)).toMatchObject({ id: 101, priceFrom: 500, stockTotal: 3 });
    expect(await found(b)).toMatchObject({ priceFrom: 500 });

    let reads = 0;
    const { productsPage, search } = b.stores.catalog;
    b.stores.catalog.productsPage = (request) => (reads++, productsPage(request));
    b.stores.catalog.search = (request) => (reads++, search(request));
    // Picked again at the same price: the pages stay kept on every instance.
    expect(await a.catalog.recordPrice(detail(500, 3), 2_000)).toBe(false);
    await b.viewFreshness.check();
    await page(b);
    await found(b);
    expect(reads).toBe(0);

    await a.catalog.recordPrice(detail(450, 3), 3_000);
    expect(await page(b)).toMatchObject({ priceFrom: 500 });
    await b.viewFreshness.check();
    expect(await page(b)).toMatchObject({ priceFrom: 450 });
    expect(await found(b)).toMatchObject({ priceFrom: 450 });
    expect(reads).toBe(2);
    // A price changed in psql, deleted, or all of them dropped, is read too.
    await second.$client.query('update product_prices set stock_total = 9 where product_id = 101');
    await b.viewFreshness.check();
    expect(await page(b)).toMatchObject({ stockTotal: 9 });
    await second.$client.query('delete from product_prices where product_id = 101');
    await b.viewFreshness.check();
    expect(await page(b)).toMatchObject({ priceFrom: null, stockTotal: null });
    await a.catalog.recordPrice(detail(450, 3), 4_000);
    await b.viewFreshness.check();
    expect(await page(b)).toMatchObject({ priceFrom: 450 });
    await second.$client.query('truncate product_prices');
    await b.viewFreshness.check();
    expect(await page(b)).toMatchObject({ priceFrom: null, stockTotal: null });
  });

  it('a statement writing two thousand prices moves the prices counter once, and one that changes none not at all', async () => {
    const counter = async () => Number((await first.$client.query<{ version: string }>(`select version from change_counters where name = 'prices'`)).rows[0]!.version);
    await first.$client.query('truncate products, categories, category_counts, product_prices');
    await first.$client.query(`insert into products (id, title, search_text, category_id, is_available, position, bucket_id)
      select 1000 + i, 'Card ' || i, 'card ' || i, null, true, i, 0 from generate_series(0, 1999) i`);
    const before = await counter();
    await first.$client.query(`insert into product_prices (product_id, price_from, price_to, stock_total, fetched_at)
      select id, 100, 100, 1, now() from products`);
    expect(await counter()).toBe(before + 1);
    // Read again unchanged (only the time moves): no move.
    await first.$client.query('update product_prices set fetched_at = now()');
    expect(await counter()).toBe(before + 1);
    await first.$client.query('update product_prices set stock_total = 2 where product_id < 1100');
    expect(await counter()).toBe(before + 2);
    await first.$client.query('delete from product_prices where product_id < 0');
    expect(await counter()).toBe(before + 2);
  });

  it('no change to the pause or the catalog means nothing read again', async () => {
    const a = await instance(first);
    await a.catalog.categoriesPage({ page: 1, pageSize: 8 });
    await a.viewFreshness.check();
    let reads = 0;
    const { catalog, orderingPause } = a.stores;
    const categoriesPage = catalog.categoriesPage;
    catalog.categoriesPage = (request) => (reads++, categoriesPage(request));
    const current = orderingPause.current;
    orderingPause.current = () => (reads++, current());
    await a.viewFreshness.check();
    await a.catalog.categoriesPage({ page: 1, pageSize: 8 });
    await a.orderingPause.current();
    expect(reads).toBe(0);
  });
});

describe('the freshness check given the counters read with the update\'s first read', () => {
  it('reads them no more, and reloads the views whose counters moved past its copies', async () => {
    const a = await instance(first);
    const stores = postgresStores({ db: second, clock: steppingClock() });
    let counterReads = 0;
    const read = stores.changes.read.bind(stores.changes);
    const b = await openFreshViews({ ...stores, changes: { shared: true, read: () => (counterReads++, read()) } }, steppingClock());
    const baseline = counterReads;
    await a.staff.add(60, 'staff', 1);
    const counts = await stores.changes.read();
    await b.viewFreshness.check(counts);
    expect(counterReads).toBe(baseline);
    expect(b.staff.current.find(60)?.role).toBe('staff');
  });
});
