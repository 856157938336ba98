/**
 * Catalog steps benchmark, 10,000 products by default:
 *
 * 1. How long a catalog refresh holds the event loop: the chunked writer
 *    (first fill, an unchanged catalog, every product moved and a tenth
 *    renamed, and a whole sync through the client) beside the former
 *    one-transaction replace on the same catalog.
 * 2. The browsing queries, each beside the query it replaced.
 * 3. Every /order step answered by the real bot (createBot, the runner,
 *    the real database and sandbox) against the fake Bot API over
 *    loopback, beside a bare grammY bot answering the same updates with a
 *    message of similar size on its own fake Bot API, in the same run;
 *    then the real bot's steps again while refreshes rewrite the catalog.
 *    The fake tells the benchmark of each call as it arrives, so nothing
 *    polls the call list on the event loop the bots share.
 * 4. The steps that wait on the provider (pick product, summary, Confirm)
 *    under the production request budget, before and now, beside bare
 *    grammY plus the provider's round trips (summary-confirm.ts).
 * 5. The cart steps (add another product, open a line, change its
 *    quantity, remove it, the summary) with a cart of 10 lines, beside
 *    bare grammY (cart-steps.ts).
 * 6. Alone (BENCH_BOT_CPU_ONLY=1): each bot's own CPU time per /order
 *    update, each in a thread of its own, beside bare grammY (bot-cpu.ts).
 *
 *   npm run bench:catalog-steps   (CATALOG_SIZE=10000, BENCH_ROUNDS=200, enough for a steady p95;
 *                                  BENCH_THINK_MS=50 between an answer and the next step;
 *                                  BENCH_STEPS_ONLY=1 skips parts 1 and 2; BENCH_ORDER_STEPS_ONLY=1 runs part 3's steps alone, without the refreshes;
 *                                  BENCH_SUMMARY_ROUNDS=60, BENCH_SUMMARY_THINK_MS=300 for part 4,
 *                                  BENCH_SUMMARY_ONLY=1 runs part 4 alone;
 *                                  BENCH_CART_ROUNDS=30 for part 5, BENCH_CART_ONLY=1 runs part 5 alone;
 *                                  BENCH_DATABASE=both also runs parts 2 and 3 on PostgreSQL, on a
 *                                  throwaway server of the run's own, beside SQLite and bare grammY
 *                                  in the same alternating rounds; BENCH_DATABASE=postgresql runs
 *                                  them on PostgreSQL alone)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCatalogStore, type CatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { CATALOG_SYNC_STATE_KEY, createCatalogSync } from '../../src/catalog/catalog-sync.js';
import type { CatalogSnapshot } from '../../src/db/catalog-writer.js';
import { normaliseSearchText } from '../../src/text/search-text.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import type { Stores } from '../../src/db/stores.js';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import type { FakeBotApi } from '../support/fake-bot-api/index.js';
import { benchLogger as logger, ms, ORDER_STEPS, orderStepsRound, startBareBot, startRealBot, stats, type OrderStep } from './step-bots.js';
import { cartSteps } from './cart-steps.js';
import { summaryAndConfirm } from './summary-confirm.js';
import { benchPostgres } from './postgres-bench.js';
import { botCpuPerUpdate } from './bot-cpu.js';

const SIZE = Number(process.env.CATALOG_SIZE ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM_UP = 5;
/**
 * Between an answer and the next step, as a person reads and taps (they
 * take far longer). At 0 the next update also waits for the end of the
 * previous one, which goes on after its answer (the conversation's state
 * is saved, a replaced menu loses its buttons): no person meets that wait.
 */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 50);
const SEARCHES = ['gift 25', 'نمونه ۵۰', 'steam', 'نتفلیکس', 'sample card 7', 'گوگل پلی'];
const DATABASE = process.env.BENCH_DATABASE ?? 'sqlite';
if (!['sqlite', 'postgresql', 'both'].includes(DATABASE)) throw new Error(`BENCH_DATABASE must be sqlite, postgresql or both, not ${DATABASE}`);

/**
 * The longest stretch the event loop went without turning, while it runs:
 * in wall time, and in CPU time of this process, which leaves out the time
 * a busy machine (two cores shared by many) gave to other processes.
 */
function blockProbe() {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let wall = 0;
  const cpu: number[] = [];
  let on = true;
  const tick = () => {
    const now = performance.now();
    const used = process.cpuUsage(lastCpu);
    wall = Math.max(wall, now - last);
    cpu.push((used.user + used.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    on = false;
    const longest = cpu.sort((a, b) => b - a).slice(0, 3).map((v) => v.toFixed(1));
    return `${ms(wall)} wall, ${longest[0]} ms CPU (next longest ${longest.slice(1).join(', ')})`;
  };
}

async function fetchSnapshot(provider: ProviderClient): Promise<CatalogSnapshot> {
  const categories = await provider.listCategories();
  const products = [];
  for await (const product of provider.allProducts({ pageSize: 50 })) products.push(product);
  return { categories, products };
}

/**
 * The catalog stored as a finished sync stores it, with the sync's record
 * (catalog-sync.ts): what a running bot has from its first sync on. Without
 * it, /order takes the database for one whose first catalog may still be
 * loading and counts the products at every call, which no bot past its
 * first sync does.
 */
const syncedOnce = () => ({ state: { key: CATALOG_SYNC_STATE_KEY, value: { lastSuccessAt: Date.now(), lastError: null, lastErrorAt: null, runningSince: null } } });

/** The refresh as it was: delete everything and insert it again in one transaction. */
function oneTransactionReplace(db: Db, snapshot: CatalogSnapshot): void {
  const sqlite = db.$client;
  const insertCategory = sqlite.prepare('insert into categories (id, title, parent_id, position) values (?, ?, ?, ?)');
  const insertProduct = sqlite.prepare(
    'insert into products (id, title, search_text, category_id, is_available, position) values (?, ?, ?, ?, ?, ?)',
  );
  sqlite
    .transaction(() => {
      sqlite.prepare('select id from products').all();
      sqlite.prepare('delete from categories').run();
      sqlite.prepare('delete from products').run();
      snapshot.categories.forEach((c, i) => insertCategory.run(c.id, c.title, c.parentId, i));
      snapshot.products.forEach((p, i) =>
        insertProduct.run(p.id, p.title, normaliseSearchText(p.title), p.categoryId, p.isAvailable === null ? null : Number(p.isAvailable), i),
      );
    })
    .immediate();
}

async function refreshBlocks(provider: ProviderClient, snapshot: CatalogSnapshot, dir: string): Promise<void> {
  console.log(`\n## Event loop held by a refresh of ${snapshot.products.length} products (longest block; total time)`);
  const oldDb = openDb(join(dir, 'old.sqlite'));
  for (const label of ['first fill', 'replace in place']) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    oneTransactionReplace(oldDb, snapshot);
    const took = performance.now() - started;
    const used = process.cpuUsage(cpu);
    console.log(`one-transaction replace, ${label}: block ${ms(took)} wall (${ms((used.user + used.system) / 1000)} CPU), the whole refresh in one`);
  }
  closeDb(oldDb);

  const db = openDb(join(dir, 'writer.sqlite'));
  const writer = createCatalogStore({ database: databaseOf(db), clock: systemClock });
  const moved: CatalogSnapshot = {
    categories: snapshot.categories,
    products: [...snapshot.products].reverse().map((p, i) => (i % 10 === 0 ? { ...p, title: `${p.title} (new)` } : p)),
  };
  const variants: [string, CatalogSnapshot][] = [
    ['first fill', snapshot],
    ['unchanged catalog', snapshot],
    ['every product moved, a tenth renamed', moved],
    ['back again', snapshot],
  ];
  for (const [label, target] of variants) {
    const stop = blockProbe();
    const started = performance.now();
    const result = await writer.write(target);
    const took = performance.now() - started;
    console.log(`chunked writer, ${label}: block ${stop()}, ${ms(took)} in all, ${result.written} written, ${result.removed} removed`);
  }
  const sync = createCatalogSync({ provider, store: createCatalogStore({ database: databaseOf(db), clock: systemClock }), clock: systemClock, logger });
  const stop = blockProbe();
  const started = performance.now();
  await sync.syncNow();
  console.log(`whole sync through the client (fetch included, unchanged): block ${stop()}, ${ms(performance.now() - started)} in all`);
  closeDb(db);
}

async function queryTimes(db: Db): Promise<void> {
  console.log('\n## Browsing queries (p50 / p95 over 300 runs), beside the query each replaced');
  const queries = createCatalogStore({ database: databaseOf(db), clock: systemClock });
  const sqlite = db.$client;
  const oldCategories = sqlite.prepare(
    `select c.id, c.title, count(p.id) from categories c join products p on p.category_id = c.id group by c.id order by c.position`,
  );
  const oldOrphans = sqlite.prepare(
    'select count(*) from products p where p.category_id is null or not exists (select 1 from categories c where c.id = p.category_id)',
  );
  const oldSearch = (words: string[]) =>
    sqlite.prepare(`select count(*) from products where ${words.map(() => "search_text like ? escape '\\'").join(' and ')}`);
  const time = async (run: (i: number) => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const t = performance.now();
      await run(i);
      samples.push(performance.now() - t);
    }
    const s = stats(samples);
    return `${(s.p50 * 1000).toFixed(0)} / ${(s.p95 * 1000).toFixed(0)} µs`;
  };
  console.log(`category menu: now ${await time(() => queries.categoriesPage({ page: 1, pageSize: 8 }))}, before ${await time(() => (oldCategories.all(), oldOrphans.get()))}`);
  for (const query of ['gift 25', 'نمونه ۵۰']) {
    const words = normaliseSearchText(query).split(' ');
    const like = oldSearch(words);
    const before = await time(() => {
      like.get(...words.map((w) => `%${w}%`));
      // The page itself was a second scan of the same words.
      like.get(...words.map((w) => `%${w}%`));
    });
    console.log(`search "${query}": now ${await time(() => queries.search({ query, page: 1, pageSize: 8 }))}, before ${before}`);
  }
  console.log(`category page: now ${await time((i) => queries.productsPage({ categoryId: (i % 8) + 1, page: (i % 50) + 1, pageSize: 8 }))}`);
}

/** Each bench search through the catalog stores (what the bot awaits), p50 / p95 over `runs` runs, in µs. */
async function storeSearchTimes(catalogs: [string, CatalogStore][], runs = 200): Promise<void> {
  console.log(`\n## Search through the catalog store, first page (p50 / p95 over ${runs} runs)`);
  console.log(`| query | ${catalogs.map(([label]) => label).join(' | ')} |`);
  console.log(`|---|${catalogs.map(() => '---|').join('')}`);
  for (const query of SEARCHES) {
    const cells: string[] = [];
    for (const [, catalog] of catalogs) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        await catalog.search({ query, page: 1, pageSize: 8 });
        samples.push(performance.now() - t);
      }
      const s = stats(samples);
      cells.push(`${(s.p50 * 1000).toFixed(0)} / ${(s.p95 * 1000).toFixed(0)} µs`);
    }
    console.log(`| ${query} | ${cells.join(' | ')} |`);
  }
}

type Step = OrderStep;
const STEPS = ORDER_STEPS;

const roundOf = (telegram: FakeBotApi, round: number, samples: Map<Step, number[]> | null): Promise<void> =>
  orderStepsRound(telegram, round, samples, { thinkMs: THINK_MS, categories: 8, searches: SEARCHES });

async function rounds(telegram: FakeBotApi, count: number): Promise<Map<Step, number[]>> {
  const samples = new Map(STEPS.map((s) => [s, [] as number[]]));
  for (let i = 0; i < WARM_UP; i += 1) await roundOf(telegram, i, null);
  for (let i = 0; i < count; i += 1) await roundOf(telegram, i, samples);
  return samples;
}

/**
 * One table of the steps: each real bot's p50 / p95 / max (SQLite,
 * PostgreSQL), bare grammY's, and the p95 ratios the issue sets targets
 * for (PostgreSQL at most 1.5× SQLite; each within 2× bare grammY; a step
 * that reads the provider is compared with bare grammY plus the provider's
 * round trip).
 */
function report(title: string, real: [string, Map<Step, number[]>][], bare: Map<Step, number[]> | null, providerRoundTrip: number | null): void {
  console.log(`\n## ${title}`);
  const vsBare = bare ? real.map(([label]) => `${label} / bare p95`) : [];
  const vsSqlite = real.length > 1 ? [`${real[1]![0]} / ${real[0]![0]} p95`] : [];
  const headings = [...real.map(([label]) => `${label} p50 / p95 / max`), ...(bare ? ['bare grammY p50 / p95'] : []), ...vsSqlite, ...vsBare];
  console.log(`| step | ${headings.join(' | ')} |`);
  console.log(`|---|${headings.map(() => '---|').join('')}`);
  const row = (name: string, pick: (samples: Map<Step, number[]>) => number[], provider: number | null) => {
    const r = real.map(([, samples]) => stats(pick(samples)));
    const cells = r.map((x) => `${ms(x.p50)} / ${ms(x.p95)} / ${ms(x.max)}`);
    const b = bare ? stats(pick(bare)) : null;
    if (b) cells.push(`${ms(b.p50)} / ${ms(b.p95)}`);
    if (real.length > 1) cells.push(`${(r[1]!.p95 / r[0]!.p95).toFixed(2)}×`);
    if (b) {
      const base = b.p95 + (provider ?? 0);
      for (const x of r) cells.push(`${(x.p95 / base).toFixed(2)}×${provider === null ? '' : ` (bare + provider p95 ${ms(provider)})`}`);
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  };
  for (const step of STEPS) row(step, (samples) => samples.get(step)!, step.includes('provider') ? providerRoundTrip : null);
  row('pooled', (samples) => [...samples.values()].flat(), null);
}

/** Parts 1 to 3, on one catalog of SIZE products. */
async function catalogAndSteps(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-steps-'));
  const sandbox = await createSandbox({ catalogSize: SIZE, rateLimit: false });
  try {
    // The production budget (8 requests/s) would measure the limiter, not the code: lift it here.
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger });
    const snapshot = await fetchSnapshot(provider);
    console.log(`catalog: ${snapshot.products.length} products in ${snapshot.categories.length} categories`);
    if (!process.env.BENCH_STEPS_ONLY && !process.env.BENCH_ORDER_STEPS_ONLY) await refreshBlocks(provider, snapshot, dir);

    const db = openDb(join(dir, 'bot.sqlite'));
    await createCatalogStore({ database: databaseOf(db), clock: systemClock }).write(snapshot, syncedOnce());
    if (!process.env.BENCH_STEPS_ONLY && !process.env.BENCH_ORDER_STEPS_ONLY) await queryTimes(db);
    const postgres = DATABASE === 'sqlite' ? null : await benchPostgres();
    try {
      const pgStores: Stores | null = postgres ? postgresStores({ db: postgres.db, clock: systemClock }) : null;
      if (pgStores && postgres) {
        await pgStores.catalog.write(snapshot, syncedOnce());
        // The steady state a running bot meets long after a sync: statistics and the visibility map as autovacuum leaves them,
        // rather than autovacuum itself, which a first fill of 10,000 rows sets off on the cores the rounds share.
        await postgres.db.$client.query('vacuum (analyze) products, product_search, categories, category_counts');
      }
      const catalogs: [string, CatalogStore][] = [
        ...(DATABASE === 'postgresql' ? [] : [['SQLite', createCatalogStore({ database: databaseOf(db), clock: systemClock })] as [string, CatalogStore]]),
        ...(pgStores ? [['PostgreSQL', pgStores.catalog] as [string, CatalogStore]] : []),
      ];
      if (!process.env.BENCH_STEPS_ONLY && !process.env.BENCH_ORDER_STEPS_ONLY) await storeSearchTimes(catalogs);

      const trips: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const t = performance.now();
        await provider.getProduct(snapshot.products[i]!.id);
        trips.push(performance.now() - t);
      }
      const providerP95 = stats(trips).p95;

      // Each real bot has a database of its own; the PostgreSQL one reads nothing from its spare SQLite file, which startRealBot's signature still asks for.
      const spares: Db[] = [];
      const reals: { label: string; bot: Awaited<ReturnType<typeof startRealBot>>; writer: { write(s: CatalogSnapshot): Promise<unknown> } }[] = [];
      if (DATABASE !== 'postgresql') reals.push({ label: 'SQLite', bot: await startRealBot(db, provider), writer: createCatalogStore({ database: databaseOf(db), clock: systemClock }) });
      if (pgStores) {
        const spare = openDb(join(dir, 'pg-side.sqlite'));
        spares.push(spare);
        reals.push({ label: 'PostgreSQL', bot: await startRealBot(spare, provider, { stores: pgStores }), writer: pgStores.catalog });
      }
      const bare = await startBareBot();
      const realSamples = reals.map(() => new Map(STEPS.map((s) => [s, [] as number[]])));
      const bareSamples = new Map(STEPS.map((s) => [s, [] as number[]]));
      // Alternating rounds, so that every bot meets the same machine load.
      for (let i = 0; i < WARM_UP; i += 1) {
        for (const real of reals) await roundOf(real.bot.telegram, i, null);
        await roundOf(bare.telegram, i, null);
      }
      for (let i = 0; i < ROUNDS; i += 1) {
        for (const [k, real] of reals.entries()) await roundOf(real.bot.telegram, i, realSamples[k]!);
        await roundOf(bare.telegram, i, bareSamples);
      }
      report(
        `/order steps, ${SIZE} products, ${ROUNDS} rounds, each step ${THINK_MS} ms after the previous answer (latency from update to answer at the fake Bot API)`,
        reals.map((real, k) => [real.label, realSamples[k]!]),
        bareSamples,
        providerP95,
      );

      // The same steps while the catalog is rewritten again and again (every product moved each time), one database at a time.
      const reversed = { ...snapshot, products: [...snapshot.products].reverse() };
      for (const real of process.env.BENCH_ORDER_STEPS_ONLY ? [] : reals) {
        let refreshing = true;
        let refreshes = 0;
        const refresher = (async () => {
          while (refreshing) {
            await real.writer.write(refreshes % 2 === 0 ? reversed : snapshot);
            refreshes += 1;
          }
        })();
        const during = await rounds(real.bot.telegram, Math.max(10, Math.floor(ROUNDS / 2)));
        refreshing = false;
        await refresher;
        report(`/order steps on ${real.label} while ${refreshes} full refreshes ran (every product rewritten each time)`, [[real.label, during]], null, null);
      }

      for (const bot of [...reals.map((r) => r.bot), bare]) {
        await bot.runner.stop();
        await bot.telegram.close();
      }
      closeDb(db);
      for (const spare of spares) closeDb(spare);
    } finally {
      await postgres?.close();
    }
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_BOT_CPU_ONLY) {
  await botCpuPerUpdate(SIZE, Number(process.env.BENCH_CPU_ROUNDS ?? 100), DATABASE !== 'sqlite');
} else if (process.env.BENCH_CART_ONLY) {
  await cartSteps(SIZE, Number(process.env.BENCH_CART_ROUNDS ?? 30));
} else {
  if (!process.env.BENCH_SUMMARY_ONLY) await catalogAndSteps();
  if (process.env.BENCH_ORDER_STEPS_ONLY) process.exit(0);
  await summaryAndConfirm(Number(process.env.BENCH_SUMMARY_ROUNDS ?? 60), Number(process.env.BENCH_SUMMARY_THINK_MS ?? 300));
  if (!process.env.BENCH_SUMMARY_ONLY) await cartSteps(SIZE, Number(process.env.BENCH_CART_ROUNDS ?? 30));
}
