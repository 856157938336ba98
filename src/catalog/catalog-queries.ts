import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import { productPrices, products } from '../db/schema.js';
import { UNCATEGORISED_ID } from './catalog-writer.js';
import { HIDDEN_CATEGORIES } from './catalog-hidden.js';
import { buildMatchExpression } from './search-query.js';

export { UNCATEGORISED_ID };

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

export interface CatalogQueries {
  /** Only categories that have products, in the provider's order; the uncategorised entry comes last. */
  categoriesPage(request: PageRequest): PageOf<CatalogCategory>;
  productsPage(request: PageRequest & { categoryId: number }): PageOf<CatalogProduct>;
  /**
   * Every word of the query must begin a word of the title or of its
   * category's name, in either script for known brand names (see
   * search-query.ts); an empty query finds nothing. At most
   * MAX_SEARCH_RESULTS products, in the provider's order. Hidden products
   * are left out unless `includeHidden` (a batch file naming one by its
   * title is told it is hidden, not that it is unknown).
   */
  search(request: SearchRequest): PageOf<CatalogProduct>;
  /** Hidden products too, marked, so that whoever reaches one can say why it cannot be ordered. */
  product(id: number): ListedProduct | null;
}

export type SearchRequest = PageRequest & { query: string; includeHidden?: boolean };

/** A product as `product` reads it: whether administrators hid it (itself or its category). */
export interface ListedProduct extends CatalogProduct {
  hidden: boolean;
}

const productColumns = {
  id: products.id,
  title: products.title,
  categoryId: products.categoryId,
  isAvailable: products.isAvailable,
  priceFrom: productPrices.priceFrom,
  priceTo: productPrices.priceTo,
  stockTotal: productPrices.stockTotal,
};

interface RawProduct extends Omit<CatalogProduct, 'isAvailable'> {
  isAvailable: number | null;
}

const EMPTY_PAGE: PageOf<never> = { items: [], page: 1, pageCount: 1, total: 0 };

/** Most products one search lists (12 pages of 8): a longer list on a phone is a sign to type more. */
export const MAX_SEARCH_RESULTS = 96;

/**
 * The queries every /order step runs, each prepared once: a category menu
 * reads the counts the sync kept, a category page one range of an index,
 * a search the FTS5 index.
 */
export function createCatalogQueries(deps: { db: Db }): CatalogQueries {
  const { db } = deps;

  // A hidden category (or one above it) is left out; a category's count leaves out its hidden products (the hidden list is short).
  const hiddenInBucket = `(select count(*) from catalog_hidden h join products p on p.id = h.item_id where h.kind = 'product' and p.bucket_id = c.category_id)`;
  const shownCount = `c.product_count - ${hiddenInBucket}`;
  const bucketShown = `c.category_id not in ${HIDDEN_CATEGORIES}`;
  const listedCategories = db.$client.prepare<[], CatalogCategory>(
    `select c.category_id as id, coalesce(k.title, '') as title, ${shownCount} as productCount
     from category_counts c left join categories k on k.id = c.category_id
     where ${bucketShown} and ${shownCount} > 0
     order by k.position is null, k.position`,
  );

  const bucketCount = db.$client.prepare<[number], { n: number }>(
    `select case when ${bucketShown} then ${shownCount} else 0 end as n from category_counts c where c.category_id = ?`,
  );

  const bucketPage = db
    .select(productColumns)
    .from(products)
    .leftJoin(productPrices, eq(productPrices.productId, products.id))
    .where(and(eq(products.bucketId, sql.placeholder('bucket')), sql`${products.id} not in (select item_id from catalog_hidden where kind = 'product')`))
    .orderBy(asc(products.position), asc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();

  const oneProduct = db
    .select({
      ...productColumns,
      hidden: sql<number>`(exists (select 1 from catalog_hidden h where h.kind = 'product' and h.item_id = ${products.id}) or ${products.bucketId} in ${sql.raw(HIDDEN_CATEGORIES)})`,
    })
    .from(products)
    .leftJoin(productPrices, eq(productPrices.productId, products.id))
    .where(eq(products.id, sql.placeholder('id')))
    .prepare();

  // A search stops at MAX_SEARCH_RESULTS matches: a word every title shares would otherwise
  // sort the whole catalog for one page, and nobody pages past a few dozen results.
  // Hidden products are left out before the limit, so that they never take a place among the results.
  const shownHits = `select rowid as id from products_fts where products_fts match ?
    and rowid not in (select item_id from catalog_hidden where kind = 'product')
    and rowid not in (select p.id from products p where p.bucket_id in ${HIDDEN_CATEGORIES})
    limit ${MAX_SEARCH_RESULTS}`;
  const everyHit = `select rowid as id from products_fts where products_fts match ? limit ${MAX_SEARCH_RESULTS}`;
  const searchStatements = (hits: string) => ({
    count: db.$client.prepare<[string], { n: number }>(`select count(*) as n from (${hits})`),
    // The total rides along with the page, so the index is searched once per page shown;
    // the hits are ordered by position alone, and only the page's rows are read in full.
    page: db.$client.prepare<[string, number, number], RawProduct & { total: number }>(
      `with page as (
         select p.id, p.position, count(*) over () as total
         from (${hits}) h
         join products p on p.id = h.id
         order by p.position, p.id
         limit ? offset ?)
       select p.id, p.title, p.category_id as categoryId, p.is_available as isAvailable,
         pp.price_from as priceFrom, pp.price_to as priceTo, pp.stock_total as stockTotal, page.total
       from page
       join products p on p.id = page.id
       left join product_prices pp on pp.product_id = p.id
       order by page.position, page.id`,
    ),
  });
  const shownSearch = searchStatements(shownHits);
  const everySearch = searchStatements(everyHit);

  return {
    categoriesPage(request) {
      const all = listedCategories.all();
      const { page, pageSize, pageCount, offset } = resolvePage(request, all.length);
      return { items: all.slice(offset, offset + pageSize), page, pageCount, total: all.length };
    },

    productsPage({ categoryId, ...request }) {
      const total = bucketCount.get(categoryId)?.n ?? 0;
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      const items = total === 0 ? [] : bucketPage.all({ bucket: categoryId, limit: pageSize, offset });
      return { items, page, pageCount, total };
    },

    search({ query, includeHidden, ...request }) {
      const match = buildMatchExpression(query);
      if (match === null) return EMPTY_PAGE;
      const { count: searchCount, page: searchPage } = includeHidden ? everySearch : shownSearch;
      const wanted = resolvePage(request, Number.MAX_SAFE_INTEGER);
      let rows = searchPage.all(match, wanted.pageSize, wanted.offset);
      let total = rows[0]?.total;
      if (total === undefined) {
        // Past the last page (or nothing found): count, then show the last page.
        total = searchCount.get(match)?.n ?? 0;
        if (total === 0) return EMPTY_PAGE;
        const last = resolvePage(request, total);
        rows = searchPage.all(match, last.pageSize, last.offset);
      }
      const { page, pageCount } = resolvePage(request, total);
      const items = rows.map(({ total: _total, ...row }) => ({ ...row, isAvailable: row.isAvailable === null ? null : row.isAvailable === 1 }));
      return { items, page, pageCount, total };
    },

    product(id) {
      const row = oneProduct.get({ id });
      return row ? { ...row, hidden: row.hidden === 1 } : null;
    },
  };
}
