/**
 * The update worker's claim after every update it handles: it asks the
 * queue for the next runnable update (UpdateQueueStore.claim), and most
 * often finds none. Timed with nothing queued and 3,000 updates handled
 * before (the queue keeps a day of them), on a SQLite file as the program
 * opens it and on a throwaway PostgreSQL server: wall time and this
 * process's CPU per claim. With BENCH_BEFORE=<a checkout of an older build> the older
 * build's claim is timed beside it, alternating, in the same run.
 *
 *   npm run bench:queue-claim   (BENCH_CLAIMS=3000 per build)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../src/clock.js';
import { openDb } from '../../src/db/open.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createUpdateQueueStore, type UpdateQueueStore } from '../../src/db/update-queue-store.js';
import { chatUpdate } from '../db/contract/update-queue-store.contract.js';
import { benchPostgres } from './postgres-bench.js';

type MakeStore = typeof createUpdateQueueStore;
const CLAIMS = Number(process.env['BENCH_CLAIMS'] ?? 3_000);
const ROUNDS = 10;
const HANDLED = 3_000;
const beforeDir = process.env['BENCH_BEFORE'];
const builds: { label: string; make: MakeStore }[] = [{ label: 'this build', make: createUpdateQueueStore }];
if (beforeDir) builds.unshift({ label: `before (${beforeDir})`, make: ((await import(`${beforeDir}/src/db/update-queue-store.ts`)) as { createUpdateQueueStore: MakeStore }).createUpdateQueueStore });

async function measure(database: Database, kind: string): Promise<void> {
  const stores: UpdateQueueStore[] = builds.map(({ make }) => make({ database, clock: systemClock }));
  // Updates handled before, as on a running bot: kept a day for the duplicate check.
  for (let updateId = 1; updateId <= HANDLED; updateId++) {
    const handled = await stores[0]!.acceptAndClaim(chatUpdate(updateId, updateId % 50), 'bench', 60_000);
    if (typeof handled === 'string') throw new Error(`not claimed: ${handled}`);
    await stores[0]!.done(handled.claimToken, handled.updateId);
  }
  const spent = builds.map(() => ({ wallMs: 0, cpuMs: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, store] of stores.entries()) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < CLAIMS / ROUNDS; i++) if (await store.claim('bench', 60_000)) throw new Error('an update was claimed from an empty queue');
      spent[k]!.wallMs += performance.now() - started;
      const used = process.cpuUsage(cpu);
      spent[k]!.cpuMs += (used.user + used.system) / 1000;
    }
  }
  for (const [k, { label }] of builds.entries()) {
    const { wallMs, cpuMs } = spent[k]!;
    console.log(`| ${kind} | ${label} | ${((1000 * wallMs) / CLAIMS).toFixed(0)} µs | ${((1000 * cpuMs) / CLAIMS).toFixed(0)} µs |`);
  }
}

console.log(`The worker's claim with nothing queued (${HANDLED} updates handled before), ${CLAIMS} claims per build, alternating in rounds of ${CLAIMS / ROUNDS}`);
console.log('| database | build | wall per claim | CPU per claim (this process) |');
console.log('| --- | --- | --- | --- |');
const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-queue-'));
try {
  await measure(databaseOf(openDb(join(dir, 'queue.sqlite'))), 'SQLite');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const server = await benchPostgres();
try {
  await measure(databaseOf(server.db), 'PostgreSQL');
} finally {
  await server.close();
}
