/**
 * /budgets benchmark: BENCH_CENTRES active cost centres (50 by default),
 * each with a monthly budget and a Persian name of the longest kind, and
 * BENCH_ORDERS orders of the month spread over them (10,000 by default; one
 * in 7 still open, so committed as well as spent is counted), on SQLite and
 * on PostgreSQL (a throwaway server) in the same run. Measured: the
 * command's whole work after its update arrives: the month's figures read
 * through the budget store (one grouped statement over
 * orders_cost_centre_created_idx), the text in Persian, cut into the
 * messages Telegram takes, with a trivial task due every 10 ms beside it
 * (how long other chats are held). Baseline in the same run: the same
 * figures added up from every order of the month read row by row, as a
 * report would without the grouped statement.
 * Targets: under 1 s, other chats held at most 100 ms.
 *
 *   npm run bench:budgets
 *   BENCH_ORDERS=2000 BENCH_DATABASES=sqlite npm run bench:budgets
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, gte, lt } from 'drizzle-orm';
import { budgetsMonthText } from '../../src/bot/features/budgets-month-text.js';
import { createBudgets } from '../../src/budgets/budget-judge.js';
import { systemClock } from '../../src/clock.js';
import { createBudgetStore } from '../../src/db/budget-store.js';
import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import { costCentres as pgCentres, orders as pgOrders } from '../../src/db/postgres/schema.js';
import { costCentres, orders } from '../../src/db/schema.js';
import type { Database as Seam } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import type { Settings } from '../../src/settings/settings-view.js';
import { plain } from '../../src/text/formatted.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { splitMessage } from '../../src/text/split-message.js';
import { createDatabaseAt, startPostgresCluster, stopPostgresCluster } from '../support/postgres-cluster.js';
import { heldWhile } from './hold-meter.js';
import { monthOfTransactions } from './statement-month.js';

const CENTRES = Number(process.env.BENCH_CENTRES ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
type DatabaseKind = 'sqlite' | 'postgresql';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',').filter((d): d is DatabaseKind => d === 'sqlite' || d === 'postgresql');
const TIME_TARGET_MS = 1_000;
const HELD_TARGET_MS = 100;
const RANGE = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) };
const NOW = RANGE.to - 3 * 86_400_000;
const FILL_BATCH = 500;

// The statement's month has one order for most of its transactions: asked for enough transactions to give ORDERS orders.
const month = monthOfTransactions({ count: Math.ceil(ORDERS * 1.2), ...RANGE });
const monthOrders = month.orders.slice(0, ORDERS).map((order, i) => ({
  ...order,
  costCentreId: (i % CENTRES) + 1,
  // One in 7 placed and not yet settled: counted as committed.
  state: i % 7 === 3 ? ('in_progress' as const) : order.state,
}));
const centreRows = Array.from({ length: CENTRES }, (_, i) => ({
  id: i + 1,
  name: `واحد پشتیبانی مشتریان منطقهٔ شمال غرب شماره ${i + 1}`.slice(0, 48),
  code: `CC-${i + 1}`,
  createdBy: 1,
  createdAt: new Date(RANGE.from - 86_400_000),
  retiredAt: null,
  monthlyBudget: 400_000_000 + i * 10_000_000,
}));

const periods = createLocalPeriods('UTC', 'gregorian');
const view = { t: translatorFor('fa'), locale: 'fa' as const, timeZone: 'UTC', amountUnit: 'IRR' as const, monthCalendar: 'gregorian' as const, sandbox: false };
// Only an order's judgement reads what happens over a budget; /budgets does not.
const settings = { read: () => 'approve' } as unknown as Settings;
/** Telegram's answer to a message sent on loopback: the event loop is free until it comes. */
const telegramAnswer = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** /budgets as the command runs it: figures, text, parts sent one after another. */
async function budgetsCommand(database: Seam): Promise<{ parts: number; centres: number }> {
  const centres = createCostCentreStore({ database, clock: systemClock });
  const budgets = createBudgets({ store: createBudgetStore({ database, clock: systemClock }), centres, periods, settings, clock: systemClock });
  const months = await budgets.month(NOW);
  const daysLeft = Math.round((periods.startOfNextMonth(NOW) - periods.startOfDay(NOW)) / 86_400_000);
  const parts = splitMessage(plain(budgetsMonthText(view, months, daysLeft)));
  for (let i = 0; i < parts.length; i++) await telegramAnswer();
  return { parts: parts.length, centres: months.length };
}

/** The baseline: every order of the month read, and each cost centre's figures added up here. */
async function rowByRow(database: Seam): Promise<number> {
  const { orders: table } = database.tables;
  const rows = await database.q
    .select({ centre: table.costCentreId, state: table.state, total: table.totalAmount })
    .from(table)
    .where(and(gte(table.createdAt, new Date(RANGE.from)), lt(table.createdAt, new Date(RANGE.to))));
  const sums = new Map<number, number>();
  for (const row of rows) if (row.centre !== null && row.state !== 'failed') sums.set(row.centre, (sums.get(row.centre) ?? 0) + row.total);
  // It answers too: the timer beside it gets its turn then, as it does after the command's parts.
  await telegramAnswer();
  return sums.size;
}

async function onSqlite(dir: string) {
  const db = openDb(join(dir, 'budgets.sqlite'));
  db.transaction((tx) => {
    tx.insert(costCentres).values(centreRows).run();
    for (let i = 0; i < monthOrders.length; i += FILL_BATCH) tx.insert(orders).values(monthOrders.slice(i, i + FILL_BATCH)).run();
  });
  return { database: databaseOf(db), close: async () => closeDb(db) };
}

async function onPostgres(socketDir: string) {
  const db = await openPostgres((await createDatabaseAt(socketDir, 'budgets')).url);
  await db.insert(pgCentres).values(centreRows);
  for (let i = 0; i < monthOrders.length; i += FILL_BATCH) await db.insert(pgOrders).values(monthOrders.slice(i, i + FILL_BATCH));
  await db.$client.query('analyze');
  return { database: databaseOf(db), close: () => closePostgres(db) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const f1 = (ms: number) => ms.toFixed(1);

async function main(): Promise<void> {
  console.log(`/budgets with ${CENTRES} cost centres and ${monthOrders.length} orders in the month, in Persian, ${RUNS} runs per database (after one unmeasured), node ${process.version}`);
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-budgets-'));
  const server = DATABASES.includes('postgresql') ? startPostgresCluster() : null;
  try {
    for (const kind of DATABASES) {
      const opened = kind === 'sqlite' ? await onSqlite(dir) : await onPostgres(server!.root);
      try {
        await budgetsCommand(opened.database);
        await rowByRow(opened.database);
        const runs = [];
        const baseline = [];
        for (let run = 0; run < RUNS; run++) {
          runs.push(await heldWhile(() => budgetsCommand(opened.database)));
          baseline.push(await heldWhile(() => rowByRow(opened.database)));
        }
        const last = runs.at(-1)!.result;
        const ms = median(runs.map((r) => r.ms));
        const held = Math.max(...runs.map((r) => r.heldMax));
        const met = ms <= TIME_TARGET_MS && held <= HELD_TARGET_MS;
        console.log(
          `${kind.padEnd(10)} /budgets ${f1(ms)} ms median (target ≤ ${TIME_TARGET_MS}), other chats held ≤ ${f1(held)} ms (target ≤ ${HELD_TARGET_MS}); ${last.centres} cost centres in ${last.parts} messages ${met ? 'MET' : 'MISSED'}`,
        );
        console.log(`${''.padEnd(10)} baseline, every order of the month read and added up: ${f1(median(baseline.map((r) => r.ms)))} ms median, other chats held ≤ ${f1(Math.max(...baseline.map((r) => r.heldMax)))} ms`);
      } finally {
        await opened.close();
      }
    }
  } finally {
    if (server) stopPostgresCluster(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
