/**
 * Start-up benchmark: the real built program (node dist/main.js) with a
 * catalog of CATALOG_SIZE products already in its database, at the default
 * request budget, against the sandbox provider (10 requests per second, as
 * the contract assumes) and the fake Bot API. Timed from spawn to the first
 * getUpdates the fake Bot API receives:
 *   - a start after a clean stop,
 *   - a start right after kill -9 of the running giftdesk,
 * beside a bare grammY bot process (spawn to its first getUpdates) measured
 * in the same run. The first start on an empty database, and how long its
 * background catalog sync took, are printed once. Target: a median of at
 * most 0.6 s for both starts (TARGET_MS).
 *
 * Then memory (startup-memory.ts, BENCH_MEMORY_RUNS of each): the resident
 * set of a start once its refresh is over and it is idle, and with
 * BENCH_STAFF (50) order conversations open at once, beside a bare grammY
 * bot idle.
 *
 * Each database of BENCH_DATABASES (sqlite,postgresql by default) is
 * measured in the same run: SQLite through DATABASE_PATH, PostgreSQL through
 * DATABASE_URL on a throwaway server (postgres-cluster.ts) started here; the
 * catalog is stored by the first start in both cases.
 *
 *   npm run bench:startup
 *   BENCH_RUNS=9 CATALOG_SIZE=10000 BENCH_DATABASES=postgresql npm run bench:startup
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '../../src/sandbox/server.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { benchProgramEnv } from './startup-env.js';
import { launch, stop, timeToPolling, waitForLine } from './program-process.js';
import { addBenchStaff, openConversations, residentMiB, settle, STAFF_AT_ONCE } from './startup-memory.js';
import { createDatabaseAt, startPostgresCluster, stopPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MEMORY_RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
const CATALOG_SIZE = Number(process.env.CATALOG_SIZE ?? 10_000);
/** Issue targets: the first getUpdates within 0.6 s (median), idle RSS at most 110 MiB, at most 160 MiB with 50 conversations open. */
const TARGET_MS = 600;
const IDLE_TARGET_MIB = 110;
const OPEN_TARGET_MIB = 160;
type Database = 'sqlite' | 'postgresql';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',').filter((d): d is Database => d === 'sqlite' || d === 'postgresql');
/** BENCH_MAIN: another build's main.js (an earlier release, built elsewhere) to measure in the same way. */
const MAIN = process.env.BENCH_MAIN ?? fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-bot.mjs', import.meta.url));

/** To profile giftdesk's starts: BENCH_NODE_ARGS=--cpu-prof (profiles are kept in the run's temporary folder). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: npm run build first (npm run bench:startup does)');
  const telegram = await createFakeBotApi();
  const sandbox = await createSandbox({ catalogSize: CATALOG_SIZE });
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-startup-'));
  const server: PostgresCluster | null = DATABASES.includes('postgresql') ? startPostgresCluster() : null;
  const common = benchProgramEnv(telegram, sandbox);
  const bareBot = () => launch(BARE, { BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.apiRoot }, dir);
  try {
    process.stdout.write(`start-up, ${CATALOG_SIZE} generated products (+ seed), default budget, ${RUNS} runs per database, node ${process.version}\n`);
    const rows: [string, number[]][] = [];
    const bare: number[] = [];
    const memory: [string, number[]][] = [];
    for (const database of DATABASES) {
      // A working folder per database, so that nothing one leaves behind is seen by the other.
      const cwd = mkdtempSync(join(dir, `${database}-`));
      const env = database === 'sqlite' ? { ...common, DATABASE_PATH: join(cwd, 'giftdesk.sqlite') } : { ...common, DATABASE_URL: (await createDatabaseAt(server!.root, 'startup')).url };
      const giftdesk = () => launch(MAIN, env, cwd, NODE_ARGS);
      const first = await timeToPolling(telegram, giftdesk);
      const syncStarted = Date.now();
      const synced = await waitForLine(first.running, /"component":"catalog".*"msg":"catalog synced"/, 180_000);
      const products = /"products":(\d+)/.exec(synced)?.[1];
      process.stdout.write(
        `${database}: first start, empty database: polling after ${first.ms} ms; its background sync stored ${products} products ${Date.now() - syncStarted} ms later\n`,
      );
      // Stored with the catalog: the memory runs below order as them.
      await addBenchStaff(telegram);
      await stop(first.running, 'SIGTERM');

      const clean: number[] = [];
      const crashed: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const afterStop = await timeToPolling(telegram, giftdesk);
        clean.push(afterStop.ms);
        await stop(afterStop.running, 'SIGKILL');
        const afterKill = await timeToPolling(telegram, giftdesk);
        crashed.push(afterKill.ms);
        // SQLite's lock row says so; PostgreSQL's claim went with the killed process's connection, with nothing to report.
        if (database === 'sqlite') await waitForLine(afterKill.running, /took over the database/, 5_000);
        await stop(afterKill.running, 'SIGTERM');
        const baseline = await timeToPolling(telegram, bareBot);
        bare.push(baseline.ms);
        await stop(baseline.running, 'SIGTERM');
      }
      rows.push([`${database}: after a clean stop`, clean], [`${database}: after kill -9`, crashed]);

      const idle: number[] = [];
      const open: number[] = [];
      const peak: number[] = [];
      for (let run = 0; run < MEMORY_RUNS; run++) {
        const started = await timeToPolling(telegram, giftdesk);
        await waitForLine(started.running, /"component":"catalog".*"msg":"catalog synced"/, 180_000);
        await settle();
        idle.push(residentMiB(started.running.child.pid!).now);
        await openConversations(telegram).catch((error: unknown) => {
          // What the process was doing when someone's /order went unanswered.
          process.stdout.write(`${database}: giftdesk's last log lines:\n${started.running.lines.slice(-40).join('\n')}\n`);
          throw error;
        });
        const resident = residentMiB(started.running.child.pid!);
        open.push(resident.now);
        peak.push(resident.peak);
        await stop(started.running, 'SIGTERM');
      }
      memory.push([`${database}: idle after start and refresh`, idle], [`${database}: ${STAFF_AT_ONCE} order conversations open`, open], [`${database}: highest of the run (VmHWM)`, peak]);
    }
    const bareIdle: number[] = [];
    for (let run = 0; run < MEMORY_RUNS; run++) {
      const started = await timeToPolling(telegram, bareBot);
      await settle();
      bareIdle.push(residentMiB(started.running.child.pid!).now);
      await stop(started.running, 'SIGTERM');
    }
    memory.push(['bare grammY bot idle (baseline)', bareIdle]);
    rows.push(['bare grammY bot (baseline)', bare]);

    const base = summary(bare);
    process.stdout.write('\nspawn to first getUpdates            median     max   median/bare  target\n');
    for (const [name, values] of rows) {
      const { median, max } = summary(values);
      const target = values === bare ? '' : median <= TARGET_MS ? `median ≤ ${TARGET_MS} ms met` : `median ≤ ${TARGET_MS} ms MISSED`;
      process.stdout.write(
        `${name.padEnd(36)} ${String(median).padStart(6)} ms ${String(max).padStart(6)} ms ${(median / base.median).toFixed(2).padStart(8)}×   ${target}\n`,
      );
    }
    if (MEMORY_RUNS > 0) process.stdout.write(`\nresident memory (RSS), ${MEMORY_RUNS} runs  median       max\n`);
    for (const [name, values] of memory.filter(([, measured]) => measured.length > 0)) {
      const sorted = [...values].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const target = name.includes('idle after') ? IDLE_TARGET_MIB : name.includes('conversations open') ? OPEN_TARGET_MIB : null;
      const verdict = target === null ? '' : `   median ≤ ${target} MiB ${median <= target ? 'met' : 'MISSED'}`;
      process.stdout.write(`${name.padEnd(44)} ${median.toFixed(0).padStart(5)} MiB ${sorted.at(-1)!.toFixed(0).padStart(5)} MiB${verdict}\n`);
    }
  } finally {
    await telegram.close();
    await sandbox.close();
    if (server) stopPostgresCluster(server);
    if (NODE_ARGS.length > 0) process.stdout.write(`kept ${dir}\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
