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
 * background catalog sync took, are printed once. Target: 2 s for both starts.
 *
 *   npm run bench:startup
 *   BENCH_RUNS=9 CATALOG_SIZE=10000 npm run bench:startup
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '../../src/sandbox/server.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CATALOG_SIZE = Number(process.env.CATALOG_SIZE ?? 10_000);
const TARGET_MS = 2_000;
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-bot.mjs', import.meta.url));

interface Running {
  child: ChildProcess;
  lines: string[];
}

/** To profile giftdesk's starts: BENCH_NODE_ARGS=--cpu-prof (profiles are kept in the run's temporary folder). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

function launch(script: string, env: Record<string, string>, cwd: string, nodeArgs: string[] = []): Running {
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, lines };
}

/** Milliseconds from spawn to the first getUpdates that arrives after it. */
async function timeToPolling(telegram: FakeBotApi, start: () => Running): Promise<{ ms: number; running: Running }> {
  const before = telegram.callsTo('getUpdates').length;
  const spawnedAt = Date.now();
  const running = start();
  const deadline = spawnedAt + 120_000;
  while (telegram.callsTo('getUpdates').length === before) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no getUpdates from ${running.child.spawnfile}:\n${running.lines.slice(-20).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { ms: telegram.callsTo('getUpdates')[before]!.at - spawnedAt, running };
}

async function stop(running: Running, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = once(running.child, 'exit');
  running.child.kill(signal);
  await exited;
}

async function waitForLine(running: Running, match: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = running.lines.find((line) => match.test(line));
    if (found) return found;
    if (running.child.exitCode !== null || Date.now() > deadline) throw new Error(`not seen: ${match}\n${running.lines.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: npm run build first (npm run bench:startup does)');
  const telegram = await createFakeBotApi();
  const sandbox = await createSandbox({ catalogSize: CATALOG_SIZE });
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-startup-'));
  const env = {
    BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    PROVIDER_BASE_URL: sandbox.baseUrl,
    PROVIDER_API_KEY: sandbox.apiKey,
    DATABASE_PATH: join(dir, 'giftdesk.sqlite'),
    ADMIN_IDS: '1001',
    LOG_LEVEL: 'info',
  };
  const giftdesk = () => launch(MAIN, env, dir, NODE_ARGS);
  try {
    process.stdout.write(`start-up, ${CATALOG_SIZE} generated products (+ seed), default budget, ${RUNS} runs, node ${process.version}\n`);
    const first = await timeToPolling(telegram, giftdesk);
    const syncStarted = Date.now();
    const synced = await waitForLine(first.running, /"component":"catalog".*"msg":"catalog synced"/, 180_000);
    const products = /"products":(\d+)/.exec(synced)?.[1];
    process.stdout.write(
      `first start, empty database: polling after ${first.ms} ms; its background sync stored ${products} products ${Date.now() - syncStarted} ms later\n`,
    );
    await stop(first.running, 'SIGTERM');

    const clean: number[] = [];
    const crashed: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const afterStop = await timeToPolling(telegram, giftdesk);
      clean.push(afterStop.ms);
      await stop(afterStop.running, 'SIGKILL');
      const afterKill = await timeToPolling(telegram, giftdesk);
      crashed.push(afterKill.ms);
      await waitForLine(afterKill.running, /took over the database/, 5_000);
      await stop(afterKill.running, 'SIGTERM');
      const baseline = await timeToPolling(telegram, () => launch(BARE, { BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.apiRoot }, dir));
      bare.push(baseline.ms);
      await stop(baseline.running, 'SIGTERM');
    }

    const rows: [string, number[]][] = [
      ['giftdesk after a clean stop', clean],
      ['giftdesk after kill -9', crashed],
      ['bare grammY bot (baseline)', bare],
    ];
    const base = summary(bare);
    process.stdout.write('\nspawn to first getUpdates        median     max   median/bare  target\n');
    for (const [name, values] of rows) {
      const { median, max } = summary(values);
      const target = values === bare ? '' : max <= TARGET_MS ? `≤ ${TARGET_MS} ms met` : `≤ ${TARGET_MS} ms MISSED`;
      process.stdout.write(
        `${name.padEnd(32)} ${String(median).padStart(6)} ms ${String(max).padStart(6)} ms ${(median / base.median).toFixed(2).padStart(8)}×   ${target}\n`,
      );
    }
  } finally {
    await telegram.close();
    await sandbox.close();
    if (NODE_ARGS.length > 0) process.stdout.write(`kept ${dir}\n`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

await main();
