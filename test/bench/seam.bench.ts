/**
 * The storage seam's cost on SQLite: the same reads and writes of one
 * app_state key through the synchronous better-sqlite3 driver (what every
 * SQLite store used before the seam) and through the seam (drizzle's
 * asynchronous proxy over the same connection, with its mutex), in the
 * same run, alternating, on a temporary database file.
 *
 *   npm run bench:seam   (BENCH_OPS=20000 operations per kind and path)
 *
 * Prints per operation p50 / p95 / max in microseconds, and each seam
 * figure's ratio to the synchronous one.
 */
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { systemClock } from '../../src/clock.js';
import { appState } from '../../src/db/schema.js';
import { syncAppState } from '../support/sync-app-state.js';

const OPS = Number(process.env['BENCH_OPS'] ?? 20_000);
const ROUNDS = 10;

const folder = mkdtempSync(join(tmpdir(), 'giftdesk-seam-bench-'));
const db = openDb(join(folder, 'bench.sqlite'));
const repo = syncAppState(db, systemClock);
const store = createAppStateStore({ database: databaseOf(db), clock: systemClock });
repo.set('bench.key', { cursor: 12_345, day: '2026-12-02' });

type Kind = 'read' | 'write' | 'read-modify-write';
const paths: Record<'sync' | 'seam', Record<Kind, (i: number) => unknown>> = {
  sync: {
    read: () => repo.get('bench.key'),
    write: (i) => repo.set('bench.key', { cursor: i, day: '2026-12-02' }),
    'read-modify-write': (i) =>
      db.transaction(
        (tx) => {
          tx.select({ value: appState.value }).from(appState).where(eq(appState.key, 'bench.key')).get();
          const value = JSON.stringify({ cursor: i, day: '2026-12-02' });
          tx.update(appState).set({ value, updatedAt: new Date(systemClock.now()) }).where(eq(appState.key, 'bench.key')).run();
        },
        { behavior: 'immediate' },
      ),
  },
  seam: {
    read: () => store.get('bench.key'),
    write: (i) => store.set('bench.key', { cursor: i, day: '2026-12-02' }),
    'read-modify-write': (i) => store.update('bench.key', () => ({ next: { cursor: i, day: '2026-12-02' }, result: null })),
  },
};

const samples: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of ['read', 'write', 'read-modify-write'] as Kind[]) {
    for (const path of ['sync', 'seam'] as const) {
      const list = (samples[`${kind} ${path}`] ??= []);
      const run = paths[path][kind];
      for (let i = 0; i < OPS / ROUNDS; i++) {
        const started = performance.now();
        await run(i);
        list.push((performance.now() - started) * 1_000);
      }
    }
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const figures = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1)! };
};
console.log(`storage seam on SQLite, ${OPS} operations per kind and path, µs per operation`);
console.log('kind                 path  p50     p95     max      p50 ratio to sync');
for (const kind of ['read', 'write', 'read-modify-write'] as Kind[]) {
  const sync = figures(samples[`${kind} sync`]!);
  const seam = figures(samples[`${kind} seam`]!);
  for (const [path, f] of [['sync', sync], ['seam', seam]] as const) {
    const ratio = path === 'seam' ? `${(f.p50 / sync.p50).toFixed(2)}×` : '';
    console.log(`${kind.padEnd(20)} ${path.padEnd(5)} ${f.p50.toFixed(1).padStart(6)}  ${f.p95.toFixed(1).padStart(6)}  ${f.max.toFixed(0).padStart(7)}  ${ratio}`);
  }
}
closeDb(db);
rmSync(folder, { recursive: true, force: true });
