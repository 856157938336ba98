/**
 * A person's summary and Confirm beside their past orders: the real bot
 * (createBot, the runner, the sandbox, a day limit set, so that both steps
 * count the person's spending) with 0, 20,000 and 100,000 past orders in
 * the database (before the current month), 40 % of them the person's own, on SQLite and PostgreSQL,
 * beside bare grammY in the same rounds. At each size the steps run twice:
 * without the (user_id, created_at) index, as the count was read before
 * (every order of the person through (user_id, id), each one's time checked
 * row by row), and with it. The provider's budget is lifted, so that the
 * steps show the database, not the limiter; the count alone is timed too.
 *
 *   npm run bench:spending-past   (BENCH_PAST_ORDERS=0,20000,100000; BENCH_SPENDING_ROUNDS=40;
 *                                  BENCH_THINK_MS=100 between an answer and the next step;
 *                                  BENCH_DATABASE=sqlite, postgresql or both (default))
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCatalogSync } from '../../src/catalog/catalog-sync.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import { sqliteStores, type Stores } from '../../src/db/stores.js';
import { createSpendingCounter } from '../../src/orders/spending-counter.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { ADMIN } from '../support/fake-people.js';
import { benchPostgres } from './postgres-bench.js';
import { benchLogger as logger, ms, startBareBot, startRealBot, stats, stopStepBot } from './step-bots.js';
import { roundOf, STEPS, type Step } from './summary-confirm.js';

const SIZES = (process.env.BENCH_PAST_ORDERS ?? '0,20000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_SPENDING_ROUNDS ?? 40);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 100);
const DATABASE = process.env.BENCH_DATABASE ?? 'both';
if (!['sqlite', 'postgresql', 'both'].includes(DATABASE)) throw new Error(`BENCH_DATABASE must be sqlite, postgresql or both, not ${DATABASE}`);
const WARM_UP = 3;
const DAY = 24 * 3_600_000;
/** The person's share of the past orders: 20,000 of 50,000. */
const OWN_SHARE = 0.4;
const TIMED: Step[] = STEPS.filter((s) => !s.startsWith('pick'));

interface Subject {
  label: string;
  stores: Stores;
  /** The same database through the seam, for the past orders' rows. */
  seam: Database;
  db: Db;
  /** Runs one statement of DDL on the database. */
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
}

async function subjects(dir: string): Promise<Subject[]> {
  const list: Subject[] = [];
  if (DATABASE !== 'postgresql') {
    const db = openDb(join(dir, 'sqlite.sqlite'));
    list.push({ label: 'SQLite', db, seam: databaseOf(db), stores: sqliteStores({ db, clock: systemClock }), exec: async (s) => void db.$client.exec(s), close: async () => closeDb(db) });
  }
  if (DATABASE !== 'sqlite') {
    const postgres = await benchPostgres();
    // startRealBot still asks for an SQLite file; the PostgreSQL bot reads nothing from it.
    const spare = openDb(join(dir, 'pg-side.sqlite'));
    list.push({
      label: 'PostgreSQL',
      db: spare,
      seam: databaseOf(postgres.db),
      stores: postgresStores({ db: postgres.db, clock: systemClock }),
      exec: async (s) => void (await postgres.db.$client.query(s)),
      close: async () => (closeDb(spare), await postgres.close()),
    });
  }
  return list;
}

/**
 * Adds past orders until there are `total`, all completed (sent a second after they were made, delivered a minute
 * after), over the two years before the current month: orders of the past, outside the day and the month counted.
 */
async function seedPast(subject: Subject, from: number, total: number): Promise<void> {
  const { q, tables } = subject.seam;
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const rows = [];
  for (let i = from; i < total; i += 1) {
    const at = monthStart - 3_600_000 - Math.floor(((i * 7919) % total) * ((730 * DAY) / Math.max(total, 1)));
    const userId = i % 5 < OWN_SHARE * 5 ? ADMIN.id : 900_000 + (i % 50);
    rows.push({
      userId,
      chatId: userId,
      confirmKey: `past-${i}`,
      fingerprint: `past-${i}`,
      lines: [],
      totalAmount: 1_000,
      state: 'completed' as const,
      sandbox: true,
      createdAt: new Date(at),
      updatedAt: new Date(at + 60_000),
      postedAt: new Date(at + 1_000),
      finishedAt: new Date(at + 60_000),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await q.insert(tables.orders).values(rows.slice(i, i + 500));
  // PostgreSQL's planner reads the table's statistics, which autovacuum keeps in a running database.
  if (subject.label === 'PostgreSQL') await subject.exec('analyze orders');
}

async function countTimes(subject: Subject): Promise<number> {
  const counter = createSpendingCounter({ store: subject.stores.spending, periods: createLocalPeriods('UTC') });
  const samples: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const t = performance.now();
    await counter.spentBy(ADMIN.id, Date.now());
    samples.push(performance.now() - t);
  }
  return stats(samples).p50;
}

const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-spending-'));
const sandbox = await createSandbox({ catalogSize: 200, initialBalance: 1e15, rateLimit: false });
const all = await subjects(dir);
try {
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10_000, logger });
  const bots = [];
  for (const subject of all) {
    await createCatalogSync({ provider, store: subject.stores.catalog, clock: systemClock, logger }).syncNow();
    bots.push(await startRealBot(subject.db, provider, { stores: subject.stores, dayLimit: 1e15 }));
  }
  const bare = await startBareBot();
  console.log(`## Summary and Confirm beside a person's past orders (${ROUNDS} rounds, ${THINK_MS} ms between steps, p50 / p95; the person's share ${OWN_SHARE * 100} %)`);
  console.log('| past orders | index | database | count p50 | summary p50 / p95 | Confirm p50 / p95 | bare grammY summary, Confirm p95 |');
  console.log('|---|---|---|---|---|---|---|');
  let seeded = 0;
  for (const size of SIZES) {
    for (const subject of all) await seedPast(subject, seeded, size);
    seeded = size;
    for (const index of ['(user_id, id) only, before', '(user_id, created_at), now']) {
      const before = index.endsWith('before');
      for (const subject of all) {
        await subject.exec(before ? 'drop index if exists orders_user_created_idx' : 'create index if not exists orders_user_created_idx on orders (user_id, created_at)');
      }
      const samples = all.map(() => new Map(STEPS.map((s) => [s, [] as number[]])));
      const bareSamples = new Map(STEPS.map((s) => [s, [] as number[]]));
      // Alternating rounds, so that every bot meets the same machine load.
      for (let i = 0; i < WARM_UP + ROUNDS; i += 1) {
        const keep = i >= WARM_UP;
        for (const [k, bot] of bots.entries()) await roundOf(bot, true, i, THINK_MS, keep ? samples[k]! : null);
        await roundOf(bare, false, i, THINK_MS, keep ? bareSamples : null);
      }
      const bareCell = TIMED.map((s) => ms(stats(bareSamples.get(s)!).p95)).join(', ');
      for (const [k, subject] of all.entries()) {
        const count = await countTimes(subject);
        const cells = TIMED.map((s) => {
          const x = stats(samples[k]!.get(s)!);
          return `${ms(x.p50)} / ${ms(x.p95)}`;
        });
        console.log(`| ${size.toLocaleString('en')} | ${index} | ${subject.label} | ${ms(count)} | ${cells.join(' | ')} | ${bareCell} |`);
      }
    }
  }
  for (const bot of [...bots, bare]) await stopStepBot(bot);
} finally {
  for (const subject of all) await subject.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
