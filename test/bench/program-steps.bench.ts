/**
 * The /order steps through the built program (node dist/main.js), the path
 * a staff member's tap takes in production: the poller stores each update
 * in the update queue, the queue's worker claims it and hands it to the
 * bot, and the bot answers. (catalog-steps.bench.ts runs the bot itself
 * under grammY's runner, in the benchmark's own process, without the
 * queue.) Beside it, in the same alternating rounds, a bare grammY bot in a
 * process of its own (bare-step-bot.ts) answering the same steps with
 * messages of similar size. Each program polls a fake Bot API of its own in
 * this process; a step is timed from the update's push to its answer's
 * arrival there.
 *
 * Each database of BENCH_DATABASES (sqlite,postgresql by default) runs its
 * own program: SQLite through DATABASE_PATH, PostgreSQL through
 * DATABASE_URL on a throwaway server started here. Each has a sandbox
 * provider of its own, as each deployment has its own key and rate limit,
 * and first syncs its catalog of CATALOG_SIZE (10,000) products at the
 * production request budget; the provider's round trip is measured on one
 * more. Target: every step's p95 at most 1.5× bare grammY's
 * (the pick, which reads the product from the provider, against bare
 * grammY's p95 plus the provider's round trip).
 *
 * The rounds start once the first sync's pass over the products' prices has
 * ended (the steady state between syncs); BENCH_PRICE_PASS=during starts
 * them as soon as the catalog is synced, while that pass drops the kept
 * pages at every new price.
 *
 * After the steps, each process's CPU time per update over the measured
 * rounds (from /proc, its background work included): the latency of an
 * answer does not show the work done after it has gone.
 *
 *   npm run bench:program-steps   (BENCH_ROUNDS=200, BENCH_THINK_MS=50, BENCH_DATABASES=sqlite,postgresql;
 *                                  BENCH_PRICE_PASS=after or during;
 *                                  BENCH_MAINS: a comma-separated list of builds' main.js, each measured
 *                                  on each database in the same rounds, this checkout's by default)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { createDatabaseAt, startPostgresCluster, stopPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { launch, stop, timeToPolling, waitForLine, type Running } from './program-process.js';
import { benchProgramEnv } from './startup-env.js';
import { benchLogger, ms, ORDER_STEPS, orderStepsRound, preciseClock, stats, type OrderStep } from './step-bots.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM_UP = 5;
/** The updates of one round: the steps and /cancel. */
const UPDATES_PER_ROUND = ORDER_STEPS.length + 1;
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 50);
const CATALOG_SIZE = Number(process.env.CATALOG_SIZE ?? 10_000);
const TARGET = 1.5;
const DURING_PRICE_PASS = process.env.BENCH_PRICE_PASS === 'during';
const SEARCHES = ['gift 25', 'نمونه ۵۰', 'steam', 'نتفلیکس', 'sample card 7', 'گوگل پلی'];
type DatabaseKind = 'sqlite' | 'postgresql';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',').filter((d): d is DatabaseKind => d === 'sqlite' || d === 'postgresql');
const MAINS = (process.env.BENCH_MAINS ?? fileURLToPath(new URL('../../dist/main.js', import.meta.url))).split(',').map((main) => resolve(main));
/** A build's name in the tables: the folder that holds its dist/, where several are measured. */
const buildName = (main: string) => (MAINS.length > 1 ? ` (${basename(dirname(dirname(main)))})` : '');
const BARE = fileURLToPath(new URL('./bare-step-bot.ts', import.meta.url));
/** The bare bot is TypeScript: node runs it through tsx's loader, found from here (the process's folder has no node_modules). */
const TSX = import.meta.resolve('tsx');

type Sandbox = Awaited<ReturnType<typeof createSandbox>>;

interface Program {
  label: string;
  /** The provider this program orders from; bare grammY has none. */
  sandbox: Sandbox | null;
  telegram: FakeBotApi;
  running: Running;
  samples: Map<OrderStep, number[]>;
  /** The process's CPU time over its measured rounds, background work included (Linux: /proc); null where it cannot be read. */
  cpuMs: number | null;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's CPU time so far, user and system, from /proc/<pid>/stat; null where there is none. */
function cpuMsOf(running: Running): number | null {
  try {
    const stat = readFileSync(`/proc/${running.child.pid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const emptySamples = () => new Map(ORDER_STEPS.map((step) => [step, [] as number[]]));

async function startGiftdesk(main: string, database: DatabaseKind, dir: string, server: PostgresCluster | null): Promise<Program> {
  const telegram = await createFakeBotApi({ clock: preciseClock });
  const sandbox = await createSandbox({ catalogSize: CATALOG_SIZE });
  const cwd = mkdtempSync(join(dir, `${database}-`));
  const url = database === 'postgresql' ? (await createDatabaseAt(server!.root, 'steps')).url : null;
  const env = { ...benchProgramEnv(telegram, sandbox), ...(url ? { DATABASE_URL: url } : { DATABASE_PATH: join(cwd, 'giftdesk.sqlite') }) };
  const { running } = await timeToPolling(telegram, () => launch(main, env, cwd));
  await waitForLine(running, /"component":"catalog".*"msg":"catalog synced"/, 180_000);
  // After a sync, a pass reads up to 200 products' prices in the background, and each new price drops the kept
  // pages of products (catalog-view.ts): for that minute or so every page and search is read from the database.
  // The steady state waits for it to end; BENCH_PRICE_PASS=during measures while it runs.
  if (!DURING_PRICE_PASS) await waitForLine(running, /"msg":"product prices refreshed"/, 600_000);
  if (url) {
    // The steady state a running bot meets long after its first sync (statistics as autovacuum leaves them),
    // rather than autovacuum itself, which a first fill of 10,000 rows sets off on the cores the rounds share.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('vacuum (analyze)');
    await client.end();
  }
  return { label: `giftdesk${buildName(main)}, ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, sandbox, telegram, running, samples: emptySamples(), cpuMs: 0 };
}

async function startBare(dir: string): Promise<Program> {
  const telegram = await createFakeBotApi({ clock: preciseClock });
  const { running } = await timeToPolling(telegram, () => launch(BARE, { BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.apiRoot }, dir, ['--import', TSX]));
  return { label: 'bare grammY', sandbox: null, telegram, running, samples: emptySamples(), cpuMs: 0 };
}

/**
 * p95 of the provider's product read, as the pick step makes it: 40 reads,
 * spaced as the sandbox's rate limit (10 a second) allows, so that none of
 * them waits for it.
 */
async function providerRoundTrip(sandbox: Sandbox): Promise<number> {
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger: benchLogger });
  const products = [];
  for await (const product of provider.allProducts({ pageSize: 40 })) if (products.push(product) >= 40) break;
  const trips: number[] = [];
  for (const product of products) {
    await delay(150);
    const started = performance.now();
    await provider.getProduct(product.id);
    trips.push(performance.now() - started);
  }
  return stats(trips).p95;
}

function report(programs: Program[], bare: Program, provider: number): void {
  const headings = [...programs.map((p) => `${p.label} p50 / p95`), `${bare.label} p50 / p95`, ...programs.map((p) => `${p.label} ÷ bare p95`)];
  console.log(`\n| step | ${headings.join(' | ')} |`);
  console.log(`|---|${headings.map(() => '---|').join('')}`);
  const missed: string[] = [];
  for (const step of ORDER_STEPS) {
    const withProvider = step.includes('provider');
    const base = stats(bare.samples.get(step)!);
    const cells = [...programs, bare].map((p) => {
      const s = stats(p.samples.get(step)!);
      return `${ms(s.p50)} / ${ms(s.p95)}`;
    });
    for (const p of programs) {
      const ratio = stats(p.samples.get(step)!).p95 / (base.p95 + (withProvider ? provider : 0));
      if (ratio > TARGET) missed.push(`${p.label}: ${step}`);
      cells.push(`${ratio.toFixed(2)}×${withProvider ? ` (of bare + provider p95 ${ms(provider)})` : ''}`);
    }
    console.log(`| ${step} | ${cells.join(' | ')} |`);
  }
  console.log(`\ntarget (every step's p95 at most ${TARGET}× bare grammY's): ${missed.length === 0 ? 'met' : `MISSED by ${missed.join(', ')}`}`);
  // The answers' latency hides work done after an answer has gone (the update marked done, the next claim): the process's CPU shows it.
  const updates = ROUNDS * UPDATES_PER_ROUND;
  const perUpdate = (p: Program) => (p.cpuMs === null ? null : p.cpuMs / updates);
  const bareCpu = perUpdate(bare);
  console.log(`\nthe process's CPU per update over the measured rounds (${updates} updates; background work included):`);
  for (const p of [...programs, bare]) {
    const own = perUpdate(p);
    console.log(`  ${p.label}: ${own === null ? 'not readable here' : `${own.toFixed(2)} ms${bareCpu ? ` (${(own / bareCpu).toFixed(2)}× bare grammY's)` : ''}`}`);
  }
}

async function main(): Promise<void> {
  const missing = MAINS.find((main) => !existsSync(main));
  if (missing) throw new Error(`${missing} is missing: npm run build first (npm run bench:program-steps does)`);
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-program-steps-'));
  const sandbox = await createSandbox({ catalogSize: 100 });
  const server = DATABASES.includes('postgresql') ? startPostgresCluster() : null;
  const started: Program[] = [];
  try {
    console.log(`/order steps through the built program, ${CATALOG_SIZE} products, ${ROUNDS} rounds, ${THINK_MS} ms between an answer and the next step, ${DURING_PRICE_PASS ? 'during' : 'after'} the first price pass, node ${process.version}`);
    for (const main of MAINS) for (const database of DATABASES) started.push(await startGiftdesk(main, database, dir, server));
    const bare = await startBare(dir);
    started.push(bare);
    const provider = await providerRoundTrip(sandbox);
    const walk = { thinkMs: THINK_MS, categories: 8, searches: SEARCHES };
    // Alternating rounds, so that every program meets the same machine load.
    for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
      for (const program of started) {
        const measured = round >= WARM_UP;
        const before = cpuMsOf(program.running);
        await orderStepsRound(program.telegram, round, measured ? program.samples : null, walk);
        const after = cpuMsOf(program.running);
        if (measured) program.cpuMs = before === null || after === null || program.cpuMs === null ? null : program.cpuMs + after - before;
      }
    }
    report(started.slice(0, -1), bare, provider);
  } finally {
    for (const program of started) {
      await stop(program.running, 'SIGTERM');
      await program.telegram.close();
      await program.sandbox?.close();
    }
    await sandbox.close();
    if (server) stopPostgresCluster(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
