import { asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { productPrices, products } from '../db/schema.js';
import type { ProductDetail } from '../provider/schemas.js';

/**
 * The SQLite rows behind the price cache: what a product detail said about
 * price and stock, and which products are due for a fresh read.
 */

/** What a product detail said about price and stock, as product_prices keeps it; null for a detail without regions. */
export function priceRow(detail: ProductDetail): { productId: number; priceFrom: number; priceTo: number; stockTotal: number } | null {
  const regions = detail.regionProperties;
  if (regions.length === 0) return null;
  const inStock = regions.filter((r) => r.stock > 0);
  const prices = (inStock.length > 0 ? inStock : regions).map((r) => r.price);
  const stockTotal = regions.reduce((sum, r) => sum + Math.max(0, r.stock), 0);
  return { productId: detail.id, priceFrom: Math.min(...prices), priceTo: Math.max(...prices), stockTotal };
}

/**
 * Remembers what a product detail said about price and stock, and says
 * whether that differs from the row stored before (the pages a catalog
 * view keeps in memory show it, catalog-view.ts). Every product a person picks is read from the
 * provider and recorded before the step goes on, so the statements are
 * prepared once (built by drizzle and compiled on each call, it took about
 * 0.3 ms); fetched_at in epoch milliseconds, as the schema's timestamp_ms
 * column keeps it.
 */
export function createPriceRecorder(db: Db): (detail: ProductDetail, now: number) => boolean {
  const stored = db.$client.prepare<[number], { priceFrom: number; priceTo: number; stockTotal: number }>(
    'select price_from as priceFrom, price_to as priceTo, stock_total as stockTotal from product_prices where product_id = ?',
  );
  const upsert = db.$client.prepare<[number, number, number, number, number]>(
    `insert into product_prices (product_id, price_from, price_to, stock_total, fetched_at) values (?, ?, ?, ?, ?)
     on conflict (product_id) do update set price_from = excluded.price_from, price_to = excluded.price_to,
       stock_total = excluded.stock_total, fetched_at = excluded.fetched_at`,
  );
  return (detail, now) => {
    const row = priceRow(detail);
    if (!row) return false;
    const was = stored.get(row.productId);
    upsert.run(row.productId, row.priceFrom, row.priceTo, row.stockTotal, now);
    return !was || was.priceFrom !== row.priceFrom || was.priceTo !== row.priceTo || was.stockTotal !== row.stockTotal;
  };
}

/** Products whose price is unknown or fetched before `cutoff`: unknown first, then oldest. */
export function productsDueForPrice(db: Db, cutoff: Date, limit: number): number[] {
  return db
    .select({ id: products.id })
    .from(products)
    .leftJoin(productPrices, eq(productPrices.productId, products.id))
    .where(or(isNull(productPrices.productId), lt(productPrices.fetchedAt, cutoff)))
    .orderBy(sql`${productPrices.fetchedAt} is not null`, asc(productPrices.fetchedAt), asc(products.position))
    .limit(limit)
    .all()
    .map((row) => row.id);
}
