/**
 * Start-up, builds side by side: each build's program (BENCH_MAINS, a
 * comma-separated list of main.js files, this checkout's dist/main.js by
 * default) restarted BENCH_RUNS times over one SQLite database holding
 * CATALOG_SIZE products, the builds taking turns (the order reversed every
 * other round), against the sandbox and the fake Bot API. For each start:
 * the wall time from spawn to its first getUpdates, and the CPU time the
 * process had used by then (every thread's, from /proc: Linux only), which
 * moves far less than wall time with what else the machine runs.
 *
 *   npm run build && BENCH_MAINS=/tmp/before/dist/main.js,dist/main.js npx tsx test/bench/startup-cpu.bench.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSandbox } from '../../src/sandbox/server.js';
import { createFakeBotApi } from '../support/fake-bot-api/index.js';
import { benchProgramEnv } from './startup-env.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const CATALOG_SIZE = Number(process.env.CATALOG_SIZE ?? 10_000);
const MAINS = (process.env.BENCH_MAINS ?? 'dist/main.js').split(',').map((main) => resolve(main));

/** CPU time a process has used so far, all its threads (V8's compiler and collector threads too), in ms. */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ns / 1e6;
}

const telegram = await createFakeBotApi();
// The catalog's first refresh is not what is measured: the sandbox answers it at full speed.
const sandbox = await createSandbox({ catalogSize: CATALOG_SIZE, rateLimit: false });
const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-startup-cpu-'));
const env = { PATH: process.env.PATH ?? '', HOME: dir, ...benchProgramEnv(telegram, sandbox), DATABASE_PATH: join(dir, 'giftdesk.sqlite') };

/** One start of `main`, stopped once it polls (once its catalog is stored, for `untilSynced`). */
async function start(main: string, untilSynced = false): Promise<{ wall: number; cpu: number }> {
  let polledAt: number | null = null;
  const off = telegram.onCall((call) => {
    if (polledAt === null && call.method === 'getUpdates') polledAt = call.at;
  });
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [main], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  try {
    while (polledAt === null) {
      if (child.exitCode !== null || Date.now() - spawnedAt > 60_000) throw new Error(`${main} did not poll:\n${output.slice(-2000)}`);
      await new Promise((done) => setTimeout(done, 2));
    }
    const cpu = cpuMs(child.pid!);
    while (untilSynced && !output.includes('"msg":"catalog synced"')) await new Promise((done) => setTimeout(done, 100));
    return { wall: polledAt - spawnedAt, cpu };
  } finally {
    off();
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
try {
  // The first start stores the catalog; every start measured is a restart over it, as after a deploy.
  await start(MAINS[0]!, true);
  const measured = new Map(MAINS.map((main) => [main, { wall: [] as number[], cpu: [] as number[] }]));
  for (let round = 0; round < RUNS; round++) {
    for (const main of round % 2 === 0 ? MAINS : [...MAINS].reverse()) {
      const { wall, cpu } = await start(main);
      measured.get(main)!.wall.push(wall);
      measured.get(main)!.cpu.push(cpu);
    }
  }
  process.stdout.write(`start-up over ${CATALOG_SIZE} stored products, SQLite, ${RUNS} restarts of each build in turn, node ${process.version}\n`);
  process.stdout.write('build                                          wall to first getUpdates, median (range)   CPU by then, median (range)\n');
  for (const [main, { wall, cpu }] of measured) {
    process.stdout.write(`${main.padEnd(46)} ${`${Math.round(median(wall))} ms (${range(wall)})`.padEnd(42)} ${Math.round(median(cpu))} ms (${range(cpu)})\n`);
  }
} finally {
  await telegram.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
