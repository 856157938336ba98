import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import { categories, productPrices, products } from '../db/schema.js';
import { normaliseSearchText } from './normalise.js';

/** The synthetic category of products with no category, or one the provider did not list. Its title is for the bot to word. */
export const UNCATEGORISED_ID = 0;

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
  stockTotal: number | null;
}

export interface CatalogQueries {
  /** Only categories that have products, in the provider's order; the uncategorised entry comes last. */
  categoriesPage(request: PageRequest): PageOf<CatalogCategory>;
  productsPage(request: PageRequest & { categoryId: number }): PageOf<CatalogProduct>;
  /** Every word of the query must appear in the title; an empty query finds nothing. */
  search(request: PageRequest & { query: string }): PageOf<CatalogProduct>;
  product(id: number): CatalogProduct | null;
}

const MAX_SEARCH_WORDS = 8;

const productColumns = {
  id: products.id,
  title: products.title,
  categoryId: products.categoryId,
  isAvailable: products.isAvailable,
  priceFrom: productPrices.priceFrom,
  stockTotal: productPrices.stockTotal,
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const uncategorised = or(
  isNull(products.categoryId),
  sql`not exists (select 1 from ${categories} where ${categories.id} = ${products.categoryId})`,
);

export function createCatalogQueries(deps: { db: Db }): CatalogQueries {
  const { db } = deps;

  function productPage(where: SQL | undefined, request: PageRequest): PageOf<CatalogProduct> {
    const total = db.select({ n: sql<number>`count(*)` }).from(products).where(where).get()?.n ?? 0;
    const { page, pageSize, pageCount, offset } = resolvePage(request, total);
    const items = db
      .select(productColumns)
      .from(products)
      .leftJoin(productPrices, eq(productPrices.productId, products.id))
      .where(where)
      .orderBy(asc(products.position))
      .limit(pageSize)
      .offset(offset)
      .all();
    return { items, page, pageCount, total };
  }

  return {
    categoriesPage(request) {
      const listed = db
        .select({ id: categories.id, title: categories.title, productCount: sql<number>`count(${products.id})` })
        .from(categories)
        .innerJoin(products, eq(products.categoryId, categories.id))
        .groupBy(categories.id)
        .orderBy(asc(categories.position))
        .all();
      const orphans = db.select({ n: sql<number>`count(*)` }).from(products).where(uncategorised).get()?.n ?? 0;
      const all = orphans > 0 ? [...listed, { id: UNCATEGORISED_ID, title: '', productCount: orphans }] : listed;
      const { page, pageSize, pageCount, offset } = resolvePage(request, all.length);
      return { items: all.slice(offset, offset + pageSize), page, pageCount, total: all.length };
    },

    productsPage({ categoryId, ...request }) {
      return productPage(categoryId === UNCATEGORISED_ID ? uncategorised : eq(products.categoryId, categoryId), request);
    },

    search({ query, ...request }) {
      const words = normaliseSearchText(query).split(' ').filter(Boolean).slice(0, MAX_SEARCH_WORDS);
      if (words.length === 0) return { items: [], page: 1, pageCount: 1, total: 0 };
      const conditions = words.map(
        (word) => sql`${products.searchText} like ${`%${escapeLike(word)}%`} escape '\\'`,
      );
      return productPage(and(...conditions), request);
    },

    product(id) {
      return (
        db
          .select(productColumns)
          .from(products)
          .leftJoin(productPrices, eq(productPrices.productId, products.id))
          .where(eq(products.id, id))
          .get() ?? null
      );
    },
  };
}
