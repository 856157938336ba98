import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalogStore, type CatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { refreshStalePrices, withPriceRecording } from '../../src/catalog/price-cache.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';

describe('product prices for the lists', () => {
  let sandbox: Sandbox;
  let db: Db;
  let clock: ManualClock;
  let provider: ProviderClient;
  let catalog: CatalogStore;

  beforeEach(async () => {
    clock = createManualClock(Date.parse('2026-11-22T10:00:00Z'));
    sandbox = await createSandbox({ rateLimit: false });
    db = openDb(':memory:');
    catalog = createCatalogStore({ database: databaseOf(db), clock });
    provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 });
    await createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock }), clock, logger: silentLogger }).syncNow();
  });
  afterEach(async () => {
    closeDb(db);
    await sandbox.close();
  });

  const detailRequests = () => sandbox.requests.filter((r) => /^\/products\/\d+$/.test(r.path)).length;

  it('shows no price until a detail was read', async () => {
    expect(await catalog.product(SANDBOX_PRODUCTS.noFields)).toMatchObject({ priceFrom: null, stockTotal: null });
  });

  it('records the lowest in-stock price and the total stock when a detail is read', async () => {
    await withPriceRecording(provider, catalog, clock).getProduct(SANDBOX_PRODUCTS.multiRegion);
    // US 2,450,000 (20), EU 2,700,000 (0), TR 900,000 (15).
    expect(await catalog.product(SANDBOX_PRODUCTS.multiRegion)).toMatchObject({ priceFrom: 900_000, stockTotal: 35 });
  });

  it('records the highest in-stock price beside the lowest, so that a list can say "from"', async () => {
    await withPriceRecording(provider, catalog, clock).getProduct(SANDBOX_PRODUCTS.multiRegion);
    // The sold-out EU region (2,700,000) is no price anyone can pay now.
    expect(await catalog.product(SANDBOX_PRODUCTS.multiRegion)).toMatchObject({ priceFrom: 900_000, priceTo: 2_450_000 });
  });

  it('records one price for a product whose regions cost the same', async () => {
    await withPriceRecording(provider, catalog, clock).getProduct(SANDBOX_PRODUCTS.noFields);
    expect(await catalog.product(SANDBOX_PRODUCTS.noFields)).toMatchObject({ priceFrom: 1_250_000, priceTo: 1_250_000 });
  });

  it('marks a product with no stock anywhere as sold out through its stock total', async () => {
    await withPriceRecording(provider, catalog, clock).getProduct(SANDBOX_PRODUCTS.outOfStock);
    expect(await catalog.product(SANDBOX_PRODUCTS.outOfStock)).toMatchObject({ stockTotal: 0, priceFrom: 6_100_000 });
  });

  it('refreshes at most the given number of unknown prices per pass, unknown ones first', async () => {
    const first = await refreshStalePrices({ catalog, provider: withPriceRecording(provider, catalog, clock), clock, logger: silentLogger, limit: 10, maxAgeMs: 60_000 });
    expect(first).toEqual({ refreshed: 10, failed: 0 });
    expect(detailRequests()).toBe(10);
    const total = (await catalog.categoriesPage({ page: 1, pageSize: 100 })).items.reduce((sum, category) => sum + category.productCount, 0);
    expect(total).toBeGreaterThan(10);
    await refreshStalePrices({ catalog, provider: withPriceRecording(provider, catalog, clock), clock, logger: silentLogger, limit: 1000, maxAgeMs: 60_000 });
    // Everything is fresh now: a further pass within the age reads nothing.
    const before = detailRequests();
    await refreshStalePrices({ catalog, provider: withPriceRecording(provider, catalog, clock), clock, logger: silentLogger, limit: 1000, maxAgeMs: 60_000 });
    expect(detailRequests()).toBe(before);
    clock.advance(61_000);
    const again = await refreshStalePrices({ catalog, provider: withPriceRecording(provider, catalog, clock), clock, logger: silentLogger, limit: 5, maxAgeMs: 60_000 });
    expect(again.refreshed).toBe(5);
  });

  it('keeps the cached prices across a catalog sync', async () => {
    await catalog.recordPrice(await provider.getProduct(SANDBOX_PRODUCTS.noFields), clock.now());
    await createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock }), clock, logger: silentLogger }).syncNow();
    expect((await catalog.product(SANDBOX_PRODUCTS.noFields))?.priceFrom).toBe(1_250_000);
  });
});
