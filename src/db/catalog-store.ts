import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { createAppStateStore } from './app-state-store.js';
import type { Json } from './json.js';
import { createHiddenCatalog, HIDDEN_CATEGORIES, type HiddenCatalog } from './catalog-hidden.js';
import { catalogSearchFor } from './catalog-search.js';
import { createCatalogWriter, type CatalogSnapshot, type CatalogWriteResult } from './catalog-writer.js';
import { createKeptSearches, inHitOrder, KEPT_PAGE_ROWS, pageOfHits, searchKey } from './kept-searches.js';
import { resolvePage, type PageOf, type PageRequest } from './paging.js';
import { buildSearchTerms } from '../text/search-query.js';
import type { Database, Query } from './seam/database.js';

export { UNCATEGORISED_ID } from './catalog-writer.js';
export { MAX_SEARCH_RESULTS } from '../text/search-query.js';

export interface CatalogCategory {
  id: number;
  /** Empty for UNCATEGORISED_ID. */
  title: string;
  productCount: number;
}

export interface CatalogProduct {
  id: number;
  title: string;
  categoryId: number | null;
  isAvailable: boolean | null;
  /** From the last product detail read; null until one was read. */
  priceFrom: number | null;
  /** Highest price among the same regions; above priceFrom when regions differ in price. */
  priceTo: number | null;
  stockTotal: number | null;
}

export type SearchRequest = PageRequest & { query: string; includeHidden?: boolean };

/** A product as `product` reads it: whether administrators hid it (itself or its category). */
export interface ListedProduct extends CatalogProduct {
  hidden: boolean;
}

/**
 * The stored catalog, as every database keeps it: what a catalog refresh
 * writes, what the /order steps read, and the cached prices. Asynchronous,
 * so that the SQLite file and a PostgreSQL server answer through one shape.
 *
 * - Search: every word typed must begin a word of the product's folded
 *   title or of its category's name (with the category's parent), as a
 *   prefix; brand names match in either script (search-query.ts); an empty
 *   query finds nothing; at most MAX_SEARCH_RESULTS products (those with the
 *   lowest ids), listed in the provider's order.
 * - Pages past the end show the last page.
 * - What administrators hid (a product, or every product of a category and
 *   of the categories under it) is left out of the category menu, its
 *   counts, products pages and search; `product` reads it marked hidden.
 */
export interface CatalogStore extends HiddenCatalog {
  categoriesPage(request: PageRequest): Promise<PageOf<CatalogCategory>>;
  productsPage(request: PageRequest & { categoryId: number }): Promise<PageOf<CatalogProduct>>;
  /** Hidden products are left out unless `includeHidden`. */
  search(request: SearchRequest): Promise<PageOf<CatalogProduct>>;
  product(id: number): Promise<ListedProduct | null>;
  productCount(): Promise<number>;
  /**
   * Brings the stored catalog to `snapshot` in chunks (see catalog-writer.ts).
   * `state`, when given, is set in app_state in the same transaction as the
   * categories and their counts, the last one. `hideNew` hides each product
   * not stored before, in the same transaction as its row, so that no
   * reader sees it shown first.
   */
  write(snapshot: CatalogSnapshot, options?: CatalogWriteOptions): Promise<CatalogWriteResult>;
  /**
   * Remembers what a product detail said about price and stock (nothing for
   * a detail without regions); true when the price or stock stored before
   * (or none) differs, and the pages that show it are stale. Exact for one
   * writer; two instances recording one product at once may miss a move,
   * which the prices counter catches (catalog-view.ts).
   */
  recordPrice(detail: PricedProduct, now: number): Promise<boolean>;
  /** Up to `limit` product ids whose price is unknown or fetched before `cutoff`: unknown first, then oldest. */
  productsDueForPrice(cutoff: Date, limit: number): Promise<number[]>;
  /** The sync's own record in app_state (when it last succeeded or failed), so that its status survives a restart. */
  readState<T = Json>(key: string): Promise<T | null>;
  writeState(key: string, value: Json): Promise<void>;
  /**
   * Forgets what the store itself keeps between reads (the hits of recent
   * searches; on PostgreSQL the category names search matches), so that
   * its next read asks the database: called by the catalog view when
   * another instance or a script changed the catalog. Absent where the
   * store sees such a change itself (SQLite, through its data_version).
   */
  forget?(): void;
  /**
   * A watch of what other connections change (SQLite's data_version, see
   * CatalogSearch.changeWatch) for a reader that keeps copies of what it
   * read: each call of the function says whether anything changed since its
   * previous call. Absent where such changes are learnt from the change
   * counters instead (PostgreSQL, where `forget` is present).
   */
  changeWatch?(): () => Promise<boolean>;
}

export interface CatalogWriteOptions {
  state?: { key: string; value: Json };
  hideNew?: boolean;
}

/** What the /order steps read. */
export type CatalogReads = Pick<CatalogStore, 'categoriesPage' | 'productsPage' | 'search' | 'product' | 'hiddenAmong'>;

export interface CatalogStoreOptions {
  /** Products per write transaction. */
  chunkSize?: number;
  /** Waits between chunks; tests pass one that does not wait. */
  rest?: (ms: number) => Promise<unknown>;
}


/** What of a product's detail its price row is made of: its regions' prices and stock. */
export interface PricedProduct {
  id: number;
  regionProperties: readonly { price: number; stock: number }[];
}

/** What a product detail said about price and stock, as product_prices keeps it; null for a detail without regions. */
function priceRow(detail: PricedProduct): { productId: number; priceFrom: number; priceTo: number; stockTotal: number } | null {
  const regions = detail.regionProperties;
  if (regions.length === 0) return null;
  const inStock = regions.filter((r) => r.stock > 0);
  const prices = (inStock.length > 0 ? inStock : regions).map((r) => r.price);
  const stockTotal = regions.reduce((sum, r) => sum + Math.max(0, r.stock), 0);
  return { productId: detail.id, priceFrom: Math.min(...prices), priceTo: Math.max(...prices), stockTotal };
}

/**
 * The catalog over the seam, on either database; only the search differs
 * (catalog-search.ts). The reads of the /order steps are built once and
 * prepared (named statements on PostgreSQL, parsed and planned once per
 * connection). A search's hits are kept until the catalog changes
 * (kept-searches.ts): by this store's own writes, hides and shows, by
 * another connection (seen by the search where it can), or as the catalog
 * view says (`forget`).
 */
export function createCatalogStore(deps: { database: Database; clock: Clock } & CatalogStoreOptions): CatalogStore {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { products, productPrices, categories, categoryCounts, appState } = tables;
  const search = catalogSearchFor(database);
  const writer = createCatalogWriter({ database, search, ...(deps.chunkSize ? { chunkSize: deps.chunkSize } : {}), ...(deps.rest ? { rest: deps.rest } : {}) });
  const hidden: HiddenCatalog = createHiddenCatalog({ database, clock });
  const state = createAppStateStore({ database, clock });

  const productColumns = {
    id: products.id,
    title: products.title,
    categoryId: products.categoryId,
    isAvailable: products.isAvailable,
    priceFrom: productPrices.priceFrom,
    priceTo: productPrices.priceTo,
    stockTotal: productPrices.stockTotal,
  };
  // A hidden category (or one above it) is left out; a category's count leaves out its hidden products (the hidden list is short).
  const shownCount = sql`${categoryCounts.productCount} - (select count(*) from catalog_hidden h join products p on p.id = h.item_id where h.kind = 'product' and p.bucket_id = ${categoryCounts.categoryId})`;
  const bucketShown = sql`${categoryCounts.categoryId} not in ${HIDDEN_CATEGORIES}`;
  const bucket = sql.placeholder('bucket');
  const bucketTotal = sql`(select case when ${bucketShown} then ${shownCount} else 0 end from ${categoryCounts} where ${categoryCounts.categoryId} = ${bucket})`;

  const listedCategories = q
    .select({ id: categoryCounts.categoryId, title: sql<string>`coalesce(${categories.title}, '')`, productCount: sql<number>`${shownCount}`.mapWith(Number) })
    .from(categoryCounts)
    .leftJoin(categories, eq(categories.id, categoryCounts.categoryId))
    .where(and(bucketShown, sql`${shownCount} > 0`))
    .orderBy(sql`${categories.position} is null`, asc(categories.position))
    .prepare('catalog-categories');
  // The count comes with the page asked for (one round trip); read alone only when past the end.
  const bucketPage = q
    .select({ ...productColumns, total: sql<number>`coalesce(${bucketTotal}, 0)`.mapWith(Number) })
    .from(products)
    .leftJoin(productPrices, eq(productPrices.productId, products.id))
    .where(and(eq(products.bucketId, bucket), sql`${products.id} not in (select item_id from catalog_hidden where kind = 'product')`))
    .orderBy(asc(products.position), asc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('catalog-products-page');
  const bucketCount = q
    .select({ n: sql<number>`case when ${bucketShown} then ${shownCount} else 0 end`.mapWith(Number) })
    .from(categoryCounts)
    .where(eq(categoryCounts.categoryId, bucket))
    .prepare('catalog-bucket-count');
  const oneProduct = q
    .select({
      ...productColumns,
      hidden: sql<boolean>`(exists (select 1 from catalog_hidden h where h.kind = 'product' and h.item_id = ${products.id}) or ${products.bucketId} in ${HIDDEN_CATEGORIES})`.mapWith(Boolean),
    })
    .from(products)
    .leftJoin(productPrices, eq(productPrices.productId, products.id))
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('catalog-product');
  const productCount = q.select({ n: count() }).from(products).prepare('catalog-product-count');
  const productsById = async (ids: number[]): Promise<CatalogProduct[]> =>
    ids.length === 0 ? [] : q.select(productColumns).from(products).leftJoin(productPrices, eq(productPrices.productId, products.id)).where(inArray(products.id, ids));

  // Every product a person picks is recorded before the step goes on: an unchanged price and stock
  // (the usual answer) only moves fetched_at, in one statement; a change is one upsert more.
  const price = { id: sql.placeholder('id'), from: sql.placeholder('from'), to: sql.placeholder('to'), stock: sql.placeholder('stock'), at: sql.placeholder('at') };
  const touchUnchanged = q
    .update(productPrices)
    // Bound as the column stores a moment (a placeholder in `set` is not mapped by drizzle's types).
    .set({ fetchedAt: sql`${sql.param(price.at, productPrices.fetchedAt)}` })
    .where(and(eq(productPrices.productId, price.id), eq(productPrices.priceFrom, price.from), eq(productPrices.priceTo, price.to), eq(productPrices.stockTotal, price.stock)))
    .returning({ id: productPrices.productId })
    .prepare('catalog-price-unchanged');
  const putPrice = q
    .insert(productPrices)
    .values({ productId: price.id, priceFrom: price.from, priceTo: price.to, stockTotal: price.stock, fetchedAt: price.at })
    .onConflictDoUpdate({
      target: productPrices.productId,
      set: { priceFrom: sql`excluded.price_from`, priceTo: sql`excluded.price_to`, stockTotal: sql`excluded.stock_total`, fetchedAt: sql`excluded.fetched_at` },
    })
    .prepare('catalog-price-put');

  const kept = createKeptSearches();
  const forget = () => {
    kept.forget();
    search.forget();
  };
  // A refresh writes in chunks with rests between: what a search finds meanwhile is not kept.
  let writing = 0;
  const changed = async <T>(work: () => Promise<T>): Promise<T> => {
    writing += 1;
    forget();
    try {
      return await work();
    } finally {
      writing -= 1;
      forget();
    }
  };

  return {
    ...hidden,
    // What is hidden changes what a search finds.
    hide: (item, actorId) => changed(() => hidden.hide(item, actorId)),
    show: (item, actorId) => changed(() => hidden.show(item, actorId)),

    async categoriesPage(request) {
      const all = await listedCategories.execute();
      const { page, pageSize, pageCount, offset } = resolvePage(request, all.length);
      return { items: all.slice(offset, offset + pageSize), page, pageCount, total: all.length };
    },

    async productsPage({ categoryId, ...request }) {
      const pageAt = (limit: number, offset: number) => bucketPage.execute({ bucket: categoryId, limit, offset });
      const strip = (rows: (CatalogProduct & { total: number })[]): CatalogProduct[] => rows.map(({ total: _total, ...row }) => row);
      const asked = resolvePage(request, Number.MAX_SAFE_INTEGER);
      const first = await pageAt(asked.pageSize, asked.offset);
      const total = first[0]?.total ?? (await bucketCount.execute({ bucket: categoryId }))[0]?.n ?? 0;
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      const items = total === 0 ? [] : offset === asked.offset && pageSize === asked.pageSize ? strip(first) : strip(await pageAt(pageSize, offset));
      return { items, page, pageCount, total };
    },

    async search({ query, includeHidden, ...request }) {
      const terms = buildSearchTerms(query);
      if (terms === null) return { items: [], page: 1, pageCount: 1, total: 0 };
      if (await search.changedElsewhere()) forget();
      const find = () => search.hitIds(terms, includeHidden ?? false);
      const ids = writing > 0 ? await find() : await kept.hits(searchKey(terms, includeHidden), find);
      const { wanted, ...place } = pageOfHits(ids, request);
      // Kept only where every change is learnt here (kept-searches.ts), and never while a refresh is half written.
      const keepRows = writing === 0 && !search.toldOfChanges && wanted.length <= KEPT_PAGE_ROWS;
      const rows = keepRows ? await kept.rows(wanted, () => productsById(wanted)) : await productsById(wanted);
      return { items: inHitOrder(wanted, rows), ...place };
    },

    async product(id) {
      const [row] = await oneProduct.execute({ id });
      return row ?? null;
    },

    async productCount() {
      const [row] = await productCount.execute();
      return row?.n ?? 0;
    },

    write(snapshot, options) {
      const put = options?.state;
      const finish = put
        ? async (tx: Query) => {
            const row = { key: put.key, value: JSON.stringify(put.value), updatedAt: new Date(clock.now()) };
            await tx.insert(appState).values(row).onConflictDoUpdate({ target: appState.key, set: { value: row.value, updatedAt: row.updatedAt } });
          }
        : undefined;
      return changed(() => writer.write(snapshot, finish, { hideNew: options?.hideNew ?? false, now: clock.now() }));
    },

    async recordPrice(detail, now) {
      const row = priceRow(detail);
      if (!row) return false;
      const values = { id: row.productId, from: row.priceFrom, to: row.priceTo, stock: row.stockTotal, at: new Date(now) };
      if ((await touchUnchanged.execute(values)).length > 0) return false;
      // The kept rows show the price and stock read before: dropped before the write, and after, for a page read meanwhile.
      kept.forgetRows();
      try {
        await putPrice.execute(values);
      } finally {
        kept.forgetRows();
      }
      return true;
    },

    async productsDueForPrice(cutoff, limit) {
      const due = await q
        .select({ id: products.id })
        .from(products)
        .leftJoin(productPrices, eq(productPrices.productId, products.id))
        .where(or(isNull(productPrices.productId), lt(productPrices.fetchedAt, cutoff)))
        .orderBy(sql`${productPrices.fetchedAt} is not null`, asc(productPrices.fetchedAt), asc(products.position))
        .limit(limit);
      return due.map((row) => row.id);
    },

    readState: <T = Json>(key: string) => state.get<T>(key),
    writeState: (key, value) => state.set(key, value),
    ...(search.toldOfChanges ? { forget } : { changeWatch: () => search.changeWatch() ?? (async () => false) }),
  };
}
