/**
 * Catalog benchmark: how long a full sync of a large catalog takes through
 * the real client and the sandbox over loopback, what it costs in memory,
 * and how fast the browsing queries answer from SQLite afterwards.
 *
 *   npm run bench            (CATALOG_SIZE=5000 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';

const size = Number(process.env.CATALOG_SIZE ?? 5000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `p50 ${(at(0.5) * 1000).toFixed(0)} µs, p95 ${(at(0.95) * 1000).toFixed(0)} µs, max ${(at(1) * 1000).toFixed(0)} µs`;
}

const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-'));
const sandbox = await createSandbox({ catalogSize: size, rateLimit: false });
const db = openDb(join(dir, 'bench.sqlite'));
try {
  // The production rate (8 requests/s) would measure the limiter, not the code: lift it here.
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000 });
  const sync = createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock: systemClock }), clock: systemClock, logger: silentLogger });

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const result = await sync.syncNow();
  const elapsed = performance.now() - started;
  const heapAfter = process.memoryUsage().heapUsed;
  if (!result.ok) throw result.error;
  const requests = sandbox.requests.length;
  console.log(`catalog sync: ${result.products} products, ${result.categories} categories, ${requests} requests, ${elapsed.toFixed(0)} ms (${((result.products / elapsed) * 1000).toFixed(0)} products/s)`);
  console.log(`  heap growth during sync ${mb(heapAfter - heapBefore)}, rss ${mb(process.memoryUsage().rss)}`);

  const again = performance.now();
  await sync.syncNow();
  console.log(`second sync (replace in place): ${(performance.now() - again).toFixed(0)} ms`);

  const queries = createCatalogStore({ database: databaseOf(db), clock: systemClock });
  const time = async (label: string, run: (i: number) => Promise<unknown>, rounds = 1000) => {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const t = performance.now();
      await run(i);
      samples.push(performance.now() - t);
    }
    console.log(`${label}: ${percentiles(samples)} over ${rounds} runs`);
  };
  await time('categories page', (i) => queries.categoriesPage({ page: (i % 3) + 1, pageSize: 8 }));
  await time('products page of a category', (i) => queries.productsPage({ categoryId: (i % 8) + 1, page: (i % 50) + 1, pageSize: 8 }));
  await time('search "gift 25" (two words)', (i) => queries.search({ query: 'gift 25', page: (i % 5) + 1, pageSize: 8 }));
  await time('search Persian "گیفت کارت"', () => queries.search({ query: 'گیفت کارت', page: 1, pageSize: 8 }));
} finally {
  closeDb(db);
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
