/**
 * Batch check benchmark: a 500-row CSV (BENCH_ROWS) naming BENCH_PRODUCTS
 * distinct products (5 by default, as a campaign or a list of recipients names few; half by title, half by id, with e-mail
 * and phone answers in Persian digits), read, checked and its answer text
 * rendered, against the provider sandbox at its default rate limit through
 * a client at the default request budget, with the catalog synced into
 * SQLite as the bot keeps it. Every run reads the product details afresh.
 * Target (issue 22): checked and answered within 2 s. Product details are
 * read once per distinct product, so the time grows with the products a
 * file names, not with its rows: at the provider's 10 requests a second a
 * file naming 100 different products needs 10 s of reads whatever is done.
 *
 *   npm run bench:batch-check
 *   BENCH_ROWS=500 BENCH_PRODUCTS=50 BENCH_RUNS=5 npm run bench:batch-check
 */
import { performance } from 'node:perf_hooks';
import { batchCatalog } from '../../src/batches/batch-catalog.js';
import { checkBatch } from '../../src/batches/batch-check.js';
import { readBatchFile } from '../../src/batches/batch-file.js';
import { batchProblemsText } from '../../src/batches/batch-messages.js';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createProviderClient } from '../../src/provider/client.js';
import { CONTRACT_LIMITS } from '../../src/provider/schemas.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { GENERATED_PRODUCT_BASE_ID } from '../../src/sandbox/seed.js';
import { translatorFor } from '../../src/text/i18n.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 500);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const sandbox = await createSandbox({ catalogSize: 2_000 });
const db = openDb(':memory:');
try {
  const store = createCatalogStore({ database: databaseOf(db), clock: systemClock });
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: CONTRACT_LIMITS.requestsPerSecond });
  await createCatalogSync({ provider, store, clock: systemClock, logger: silentLogger }).syncNow();
  const catalog = batchCatalog({ catalog: store, provider });

  // Generated products: one US region, stock 100, no fields. Netflix (103) adds the two answered fields.
  const named = await Promise.all(
    Array.from({ length: PRODUCTS - 1 }, async (_, i) => {
      const id = GENERATED_PRODUCT_BASE_ID + i + 1;
      return i % 2 === 0 ? String(id) : (await store.product(id))!.title;
    }),
  );
  const lines = ['product;region;quantity;ایمیل گیرنده;شماره موبایل گیرنده'];
  for (let row = 0; row < ROWS; row++) {
    const netflix = row % PRODUCTS === PRODUCTS - 1;
    lines.push(netflix ? `Netflix 30 USD;US;۱;person${row}@example.com;۰۹۱۲۱۲۳۴۵۶۷` : `${named[row % PRODUCTS]};;1;;`);
  }
  const bytes = new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
  const t = translatorFor('fa');

  const times: number[] = [];
  let outcome = '';
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const file = await readBatchFile(bytes, { maxRows: ROWS });
    if (!file.ok) throw new Error(`the file was refused: ${file.reason}`);
    const result = await checkBatch(file, catalog);
    const answer = result.ok ? `${result.lines.length} lines` : batchProblemsText(result.problems, t, 'fa');
    times.push(performance.now() - started);
    outcome = result.ok ? answer : `${result.problems.length} problems (${answer.length} characters)`;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`batch check: ${ROWS} rows, ${PRODUCTS} distinct products, ${RUNS} runs at ${CONTRACT_LIMITS.requestsPerSecond} requests/s`);
  console.log(`  outcome: ${outcome}`);
  console.log(`  read + check + answer: median ${median.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (target 2,000 ms)`);
} finally {
  closeDb(db);
  await sandbox.close();
}
