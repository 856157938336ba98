import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { providerFailureFields, ProviderNotFoundError, ProviderRateLimitedError } from '../provider/errors.js';
import type { CatalogStore } from '../db/catalog-store.js';

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
 * priority so that staff requests go first. `provider` records each price
 * it reads (withPriceRecording, as the application's provider does), so a
 * detail is recorded once. A bounded pass per sync keeps a large catalog
 * from costing thousands of requests at once; prices converge over a few
 * passes.
 */
export async function refreshStalePrices(deps: {
  catalog: Pick<CatalogStore, 'productsDueForPrice'>;
  /** One that records the prices it reads (withPriceRecording). */
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
      await deps.provider.getProduct(id, { priority: 'background' });
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
