import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import { productPrices, products } from '../db/schema.js';
import { UNCATEGORISED_ID } from './catalog-writer.js';
import { HIDDEN_CATEGORIES } from './catalog-hidden.js';
import { buildMatchExpression } from './search-query.js';
import { inHitOrder, pageOfHits } from './kept-searches.js';

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
  /** The ids `search` pages through, in its order (none for an empty query). */
  searchHits(request: Omit<SearchRequest, keyof PageRequest>): number[];
  /** The products named, with their cached prices, in no particular order; ids not in the catalog are left out. */
  productsById(ids: readonly number[]): CatalogProduct[];
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
  // The hits are ordered by position alone; only a page's rows are read in full, by id.
  const orderedHits = (hits: string) =>
    db.$client.prepare<[string], { id: number }>(`select h.id from (${hits}) h join products p on p.id = h.id order by p.position, p.id`).pluck();
  const shownHitIds = orderedHits(shownHits);
  const everyHitId = orderedHits(everyHit);
  const byIds = db.$client.prepare<[string], RawProduct>(
    `select p.id, p.title, p.category_id as categoryId, p.is_available as isAvailable,
       pp.price_from as priceFrom, pp.price_to as priceTo, pp.stock_total as stockTotal
     from products p left join product_prices pp on pp.product_id = p.id
     where p.id in (select value from json_each(?))`,
  );
  const searchHits = ({ query, includeHidden }: Omit<SearchRequest, keyof PageRequest>): number[] => {
    const match = buildMatchExpression(query);
    if (match === null) return [];
    return (includeHidden ? everyHitId : shownHitIds).all(match) as unknown as number[];
  };
  const productsById = (ids: readonly number[]): CatalogProduct[] =>
    ids.length === 0 ? [] : byIds.all(JSON.stringify(ids)).map((row) => ({ ...row, isAvailable: row.isAvailable === null ? null : row.isAvailable === 1 }));

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
      const { wanted, ...place } = pageOfHits(searchHits({ query, ...(includeHidden === undefined ? {} : { includeHidden }) }), request);
      return { items: inHitOrder(wanted, productsById(wanted)), ...place };
    },

    searchHits,
    productsById,

    product(id) {
      const row = oneProduct.get({ id });
      return row ? { ...row, hidden: row.hidden === 1 } : null;
    },
  };
}
