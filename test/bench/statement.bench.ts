/**
 * Wallet statement benchmark: /statement over a month of BENCH_TRANSACTIONS
 * wallet transactions (10,000 by default: daily top-ups, giftdesk orders'
 * debits for 50 people, refunds of the failed ones, debits placed
 * elsewhere), on SQLite and on PostgreSQL (a throwaway server) in the same
 * run. Measured: the whole command as it runs after its one look at the
 * provider: the statement worked out from the local copy, its text, its
 * CSV and its chart, with a trivial task due every 10 ms beside it (how
 * long other chats are held). Baseline in the same run: the naive way, the
 * month's transactions read from the provider page by page at its rate
 * limit (the sandbox at the contract's 10 requests a second, 50 a page).
 * Targets: at most 3 s, other chats held at most 100 ms.
 *
 *   npm run bench:statement
 *   BENCH_TRANSACTIONS=2000 BENCH_DATABASES=sqlite npm run bench:statement
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_EXPORT_BYTES } from '../../src/bot/features/export.js';
import { spendPerDay } from '../../src/bot/statement/statement-chart-data.js';
import { statementTable } from '../../src/bot/statement/statement-csv.js';
import { statementText, type StatementView } from '../../src/bot/statement/statement-text.js';
import { renderSpendChart } from '../../src/chart/spend-chart.js';
import { createLedgerStore, type LedgerStore } from '../../src/db/ledger-store.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import { orders as pgOrders, walletLedger as pgLedger } from '../../src/db/postgres/schema.js';
import { orders, walletLedger } from '../../src/db/schema.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { statementFromCopy } from '../../src/ledger/statement-reader.js';
import { createProviderClient } from '../../src/provider/client.js';
import { buildCsv } from '../../src/text/csv.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { createDatabaseAt, startPostgresCluster, stopPostgresCluster } from '../support/postgres-cluster.js';
import { heldWhile } from './hold-meter.js';
import { monthOfTransactions } from './statement-month.js';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
type Database = 'sqlite' | 'postgresql';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',').filter((d): d is Database => d === 'sqlite' || d === 'postgresql');
const TIME_TARGET_MS = 3_000;
const HELD_TARGET_MS = 100;
const RANGE = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) };
const FILL_BATCH = 500;

const month = monthOfTransactions({ count: TRANSACTIONS, ...RANGE });
const periods = createLocalPeriods('UTC', 'gregorian');

/** Telegram's answer to a message sent on loopback: the event loop is free until it comes. */
const telegramAnswer = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** The command's work after its look at the provider: figures, text, CSV and chart, as /statement builds them for an English reader. */
async function statementCommand(store: LedgerStore): Promise<{ exceptions: number; csvBytes: number; pngBytes: number; textLength: number }> {
  const v: StatementView = { t: translatorFor('en'), locale: 'en', timeZone: 'UTC', amountUnit: 'IRR', monthCalendar: 'gregorian', sandbox: false, describePerson: (id) => `Person ${id}` };
  const statement = await statementFromCopy(store, RANGE, { copyFrom: 0, syncedAt: RANGE.to, now: RANGE.to + 86_400_000 });
  const text = statementText(v, statement, { stale: false, syncedAt: RANGE.to });
  // Where the command sends the text, then the file, it waits for Telegram: other chats run then.
  await telegramAnswer();
  const table = statementTable(v, statement);
  const csv = await buildCsv(table.header, table.rows, MAX_EXPORT_BYTES);
  await telegramAnswer();
  const data = spendPerDay(statement, { periods, view: v, seriesOf: (order) => ({ key: String(order.userId), name: v.describePerson(order.userId) }), elsewhere: 'Placed elsewhere' });
  const png = await renderSpendChart({ ...data, title: 'Spend per day, November 2026', othersName: 'Others', direction: 'ltr' });
  return { exceptions: statement.exceptions.length, csvBytes: csv.content.length, pngBytes: png.length, textLength: text.length };
}

async function onSqlite(dir: string) {
  const db = openDb(join(dir, 'statement.sqlite'));
  db.transaction((tx) => {
    for (let i = 0; i < month.orders.length; i += FILL_BATCH) tx.insert(orders).values(month.orders.slice(i, i + FILL_BATCH)).run();
    for (let i = 0; i < month.entries.length; i += FILL_BATCH) tx.insert(walletLedger).values(month.entries.slice(i, i + FILL_BATCH)).run();
  });
  return { store: createLedgerStore({ database: databaseOf(db) }), close: async () => closeDb(db) };
}

async function onPostgres(socketDir: string) {
  const db = await openPostgres((await createDatabaseAt(socketDir, 'statement')).url);
  for (let i = 0; i < month.orders.length; i += FILL_BATCH) await db.insert(pgOrders).values(month.orders.slice(i, i + FILL_BATCH));
  for (let i = 0; i < month.entries.length; i += FILL_BATCH) await db.insert(pgLedger).values(month.entries.slice(i, i + FILL_BATCH));
  await db.$client.query('analyze');
  return { store: createLedgerStore({ database: databaseOf(db) }), close: () => closePostgres(db) };
}

/** The naive statement's floor: every page of the month read from the provider at its rate limit. */
async function naivePages(): Promise<{ ms: number; pages: number }> {
  const sandbox = await createSandbox({ rateLimit: { perSecond: 10, burst: 10 }, initialBalance: 0 });
  try {
    // The sandbox keeps its history up to now: the same month's worth, ending now.
    const now = Date.now();
    sandbox.controls.seedTransactions({ count: TRANSACTIONS, from: now - (RANGE.to - RANGE.from), to: now });
    const client = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 10 });
    const started = performance.now();
    let pages = 0;
    for (let page = 1; ; page++) {
      const { items } = await client.listTransactions({ page, pageSize: 50 });
      pages += 1;
      if (items.length < 50) break;
    }
    return { ms: performance.now() - started, pages };
  } finally {
    await sandbox.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const f0 = (ms: number) => ms.toFixed(0);

async function main(): Promise<void> {
  console.log(`/statement over ${month.entries.length} transactions and ${month.orders.length} orders in one month, ${RUNS} runs per database (after one unmeasured), node ${process.version}`);
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-statement-'));
  const server = DATABASES.includes('postgresql') ? startPostgresCluster() : null;
  try {
    for (const database of DATABASES) {
      const opened = database === 'sqlite' ? await onSqlite(dir) : await onPostgres(server!.root);
      try {
        await statementCommand(opened.store);
        const runs = [];
        for (let run = 0; run < RUNS; run++) runs.push(await heldWhile(() => statementCommand(opened.store)));
        const last = runs.at(-1)!.result;
        const ms = median(runs.map((r) => r.ms));
        const held = Math.max(...runs.map((r) => r.heldMax));
        console.log(
          `${database.padEnd(10)} ${f0(ms)} ms median (target ≤ ${TIME_TARGET_MS}), other chats held ≤ ${f0(held)} ms (target ≤ ${HELD_TARGET_MS}), event loop max ${f0(Math.max(...runs.map((r) => r.loopMax)))} ms; ${last.exceptions} exceptions, CSV ${(last.csvBytes / 1024).toFixed(0)} KB, chart ${(last.pngBytes / 1024).toFixed(0)} KB ${ms <= TIME_TARGET_MS && held <= HELD_TARGET_MS ? 'MET' : 'MISSED'}`,
        );
      } finally {
        await opened.close();
      }
    }
    const naive = await naivePages();
    console.log(`baseline   the month read from the provider instead: ${naive.pages} pages in ${f0(naive.ms)} ms at 10 requests a second (the rate-limit floor is ${f0(((naive.pages - 10) / 10) * 1000)} ms)`);
  } finally {
    if (server) stopPostgresCluster(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
