import { asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { productPrices, products } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { providerFailureFields, ProviderNotFoundError, ProviderRateLimitedError } from '../provider/errors.js';
import type { ProductDetail } from '../provider/schemas.js';
import type { CatalogStore } from './catalog-store.js';

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

/**
 * The provider client with one change: every product detail read also
 * refreshes the cached price, so lists improve as people browse.
 */
export function withPriceRecording(provider: ProviderClient, catalog: Pick<CatalogStore, 'recordPrice'>, clock: Clock): ProviderClient {
  return {
    ...provider,
    async getProduct(id, options) {
      const detail = await provider.getProduct(id, options);
      await catalog.recordPrice(detail, clock.now());
      return detail;
    },
  };
}

/**
 * Reads the details of up to `limit` products whose price is unknown or
 * older than `maxAgeMs` (unknown first, then oldest), at background
 * priority so that staff requests go first. A bounded pass per sync keeps a
 * large catalog from costing thousands of requests at once; prices converge
 * over a few passes.
 */
export async function refreshStalePrices(deps: {
  catalog: Pick<CatalogStore, 'recordPrice' | 'productsDueForPrice'>;
  provider: Pick<ProviderClient, 'getProduct'>;
  clock: Clock;
  logger: Logger;
  limit: number;
  maxAgeMs: number;
}): Promise<{ refreshed: number; failed: number }> {
  const { catalog, clock } = deps;
  const cutoff = new Date(clock.now() - deps.maxAgeMs);
  const due = await catalog.productsDueForPrice(cutoff, deps.limit);
  let refreshed = 0;
  let failed = 0;
  for (const id of due) {
    try {
      await catalog.recordPrice(await deps.provider.getProduct(id, { priority: 'background' }), clock.now());
      refreshed += 1;
    } catch (error) {
      failed += 1;
      if (error instanceof ProviderRateLimitedError) break;
      if (!(error instanceof ProviderNotFoundError)) {
        deps.logger.warn({ productId: id, ...providerFailureFields(error) }, 'could not refresh a product price');
      }
    }
  }
  return { refreshed, failed };
}
