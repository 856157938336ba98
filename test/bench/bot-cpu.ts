/**
 * Part 6 of the catalog steps benchmark: the CPU time each bot spends per
 * /order update, measured in a thread of its own (step-bot-thread.ts), so
 * that the fake Bot API's work, the sandbox's and the other bots' garbage
 * are not counted, beside bare grammY answering the same walks. Unlike a
 * p95 of wall time, a thread's CPU time hardly moves with what else the
 * machine runs. With BENCH_PROFILE_TO=file.cpuprofile the real bot's
 * thread (SQLite) is profiled over the measured rounds.
 *
 *   BENCH_BOT_CPU_ONLY=1 npm run bench:catalog-steps   (BENCH_CPU_ROUNDS=100; BENCH_DATABASE=both adds PostgreSQL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { CATALOG_SYNC_STATE_KEY } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { benchLogger as logger, ms, ORDER_STEPS, orderStepsRound, stats } from './step-bots.js';
import { startBotInThread, type ThreadBot } from './step-bot-thread.js';
import { benchPostgres } from './postgres-bench.js';

const SEARCHES = ['gift 25', 'نمونه ۵۰', 'steam', 'نتفلیکس', 'sample card 7', 'گوگل پلی'];
const UPDATES_PER_WALK = ORDER_STEPS.length + 1; // the steps and /cancel
const synced = { state: { key: CATALOG_SYNC_STATE_KEY, value: { lastSuccessAt: Date.now(), lastError: null, lastErrorAt: null, runningSince: null } } };

export async function botCpuPerUpdate(size: number, rounds: number, withPostgres: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-cpu-'));
  const sandbox = await createSandbox({ catalogSize: size, rateLimit: false });
  const postgres = withPostgres ? await benchPostgres() : null;
  const bots: { label: string; bot: ThreadBot }[] = [];
  try {
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger });
    const categories = await provider.listCategories();
    const products = [];
    for await (const product of provider.allProducts({ pageSize: 50 })) products.push(product);
    const path = join(dir, 'bot.sqlite');
    const db = openDb(path);
    await createCatalogStore({ database: databaseOf(db), clock: systemClock }).write({ categories, products }, synced);
    closeDb(db);
    if (postgres) {
      await postgresStores({ db: postgres.db, clock: systemClock }).catalog.write({ categories, products }, synced);
      await postgres.db.$client.query('vacuum (analyze) products, product_search, categories, category_counts');
    }
    const at = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
    bots.push({ label: 'SQLite', bot: await startBotInThread({ kind: 'real', sqlitePath: path, provider: at }) });
    if (postgres) bots.push({ label: 'PostgreSQL', bot: await startBotInThread({ kind: 'real', sqlitePath: join(dir, 'pg-side.sqlite'), postgresUrl: postgres.url, provider: at }) });
    bots.push({ label: 'bare grammY', bot: await startBotInThread({ kind: 'bare' }) });

    const walk = { thinkMs: 50, categories: 8, searches: SEARCHES };
    for (let i = 0; i < 10; i += 1) for (const { bot } of bots) await orderStepsRound(bot.telegram, i, null, walk);
    const profiling = process.env.BENCH_PROFILE_TO !== undefined;
    if (profiling) await bots[0]!.bot.tell('profile-start');
    const cpu = bots.map(() => 0);
    const latency = bots.map(() => new Map(ORDER_STEPS.map((s) => [s, [] as number[]])));
    for (let i = 0; i < rounds; i += 1) {
      for (const [k, { bot }] of bots.entries()) {
        const before = await bot.busyMs();
        await orderStepsRound(bot.telegram, i, latency[k]!, walk);
        cpu[k]! += (await bot.busyMs()) - before;
      }
    }
    if (profiling) await bots[0]!.bot.tell('profile-stop');

    console.log(`\n## The bots' own CPU per /order update, each in a thread of its own (${size} products, ${rounds} walks of ${UPDATES_PER_WALK} updates)`);
    console.log(`| bot | CPU per update | ÷ bare grammY | latency p50 / p95, all steps |`);
    console.log('|---|---|---|---|');
    const bare = cpu.at(-1)! / rounds / UPDATES_PER_WALK;
    for (const [k, { label }] of bots.entries()) {
      const perUpdate = cpu[k]! / rounds / UPDATES_PER_WALK;
      const pooled = stats([...latency[k]!.values()].flat());
      console.log(`| ${label} | ${ms(perUpdate)} | ${(perUpdate / bare).toFixed(2)}× | ${ms(pooled.p50)} / ${ms(pooled.p95)} |`);
    }
  } finally {
    for (const { bot } of bots) await bot.stop();
    await postgres?.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
