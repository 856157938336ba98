import { asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { productPrices, products } from '../db/schema.js';
import type { ProductDetail } from '../provider/schemas.js';

/**
 * The SQLite rows behind the price cache: what a product detail said about
 * price and stock, and which products are due for a fresh read.
 */

/** Remembers what a product detail said about price and stock. */
export function recordProductDetail(db: Db, detail: ProductDetail, now: number): void {
  const regions = detail.regionProperties;
  if (regions.length === 0) return;
  const inStock = regions.filter((r) => r.stock > 0);
  const prices = (inStock.length > 0 ? inStock : regions).map((r) => r.price);
  const stockTotal = regions.reduce((sum, r) => sum + Math.max(0, r.stock), 0);
  const row = { productId: detail.id, priceFrom: Math.min(...prices), priceTo: Math.max(...prices), stockTotal, fetchedAt: new Date(now) };
  db.insert(productPrices).values(row).onConflictDoUpdate({ target: productPrices.productId, set: row }).run();
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
