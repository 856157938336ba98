/**
 * Month close benchmark: /statement close of a month of BENCH_TRANSACTIONS
 * wallet transactions (10,000 by default, the month of statement.bench.ts,
 * its exceptions all annotated), on SQLite and on PostgreSQL (a throwaway
 * server) in the same run. Measured, with a trivial task due every 10 ms
 * beside it (how long other chats are held): the close as the second
 * administrator's Confirm runs it (the month's statement worked out from
 * the local copy, checked: every exception annotated, no order open; the
 * snapshot written), then what is sent to each administrator: the closed
 * statement read back from the snapshot, its text and its CSV. Then
 * /statement of the closed month alone (read from the snapshot, its late
 * entries looked for).
 * Targets: the close at most 3 s, other chats held at most 100 ms.
 *
 *   npm run bench:close
 *   BENCH_TRANSACTIONS=2000 BENCH_DATABASES=sqlite npm run bench:close
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_EXPORT_BYTES } from '../../src/bot/features/export.js';
import { closedMonthCsv } from '../../src/bot/statement/closed-month-files.js';
import { closedStatementText } from '../../src/bot/statement/month-close-text.js';
import type { StatementView } from '../../src/bot/statement/statement-text.js';
import { createLedgerStore } from '../../src/db/ledger-store.js';
import { createMonthCloseStore, type MonthCloseStore } from '../../src/db/month-close-store.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import { orders as pgOrders, walletLedger as pgLedger } from '../../src/db/postgres/schema.js';
import { orders, walletLedger } from '../../src/db/schema.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import type { Database } from '../../src/db/seam/database.js';
import { exceptionKey } from '../../src/ledger/exception-keys.js';
import { createMonthClose, type MonthClose } from '../../src/ledger/month-close.js';
import { statementFromCopy } from '../../src/ledger/statement-reader.js';
import { translatorFor } from '../../src/text/i18n.js';
import { silentLogger } from '../../src/logger.js';
import { createDatabaseAt, startPostgresCluster, stopPostgresCluster } from '../support/postgres-cluster.js';
import { heldWhile } from './hold-meter.js';
import { monthOfTransactions } from './statement-month.js';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
type DatabaseName = 'sqlite' | 'postgresql';
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').split(',').filter((d): d is DatabaseName => d === 'sqlite' || d === 'postgresql');
const TIME_TARGET_MS = 3_000;
const HELD_TARGET_MS = 100;
const SPAN = { month: '2026-11-01', from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) };
const FILL_BATCH = 500;
const ADMIN = 9001;
const SECOND_ADMIN = 9002;
const NOW = SPAN.to + 2 * 86_400_000;

const month = monthOfTransactions({ count: TRANSACTIONS, ...SPAN });
const clock = { now: () => NOW, sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };
const v: StatementView = { t: translatorFor('en'), locale: 'en', timeZone: 'UTC', amountUnit: 'IRR', monthCalendar: 'gregorian', sandbox: false, describePerson: (id) => `Person ${id}` };

/** Telegram's answer to a message sent on loopback: the event loop is free until it comes. */
const telegramAnswer = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

function monthCloseOver(database: Database): { months: MonthClose; store: MonthCloseStore } {
  const ledger = createLedgerStore({ database });
  const store = createMonthCloseStore({ database, clock });
  const months = createMonthClose({
    store,
    // The copy is as the last pass left it: the close reads no provider page here.
    read: async (span) => ({ ok: true, statement: await statementFromCopy(ledger, span, { copyFrom: 0, syncedAt: NOW, now: NOW }), stale: false, syncedAt: NOW }),
    clock,
    logger: silentLogger,
  });
  return { months, store };
}

/** Every exception of the month annotated, as administrators would have before closing it. */
async function annotateAll(months: MonthClose, store: MonthCloseStore): Promise<number> {
  const checked = await months.check(SPAN);
  if (checked.kind !== 'blocked') return 0;
  for (const exception of checked.unannotated) await store.annotate({ month: SPAN.month, key: exceptionKey(exception), kind: 'explained', note: 'ordered in the provider panel by finance', actorId: ADMIN });
  return checked.unannotated.length;
}

/** The Confirm's work, then what goes to one administrator. */
async function closeMonth(months: MonthClose): Promise<{ snapshotTransactions: number; csvBytes: number; textLength: number }> {
  const outcome = await months.close(SPAN, { requestedBy: ADMIN, confirmedBy: SECOND_ADMIN, requestedAt: NOW - 60_000 });
  if (outcome.kind !== 'done') throw new Error(`the month did not close: ${outcome.kind}`);
  await telegramAnswer();
  const view = (await months.closedView(SPAN.month))!;
  const text = closedStatementText(v, view);
  await telegramAnswer();
  const csv = await closedMonthCsv(v, view, MAX_EXPORT_BYTES);
  return { snapshotTransactions: view.snapshot.statement.rows.length, csvBytes: csv.content.length, textLength: text.length };
}

async function readClosed(months: MonthClose): Promise<number> {
  const view = (await months.closedView(SPAN.month))!;
  closedStatementText(v, view);
  await telegramAnswer();
  return (await closedMonthCsv(v, view, MAX_EXPORT_BYTES)).content.length;
}

async function onSqlite(dir: string) {
  const db = openDb(join(dir, 'close.sqlite'));
  db.transaction((tx) => {
    for (let i = 0; i < month.orders.length; i += FILL_BATCH) tx.insert(orders).values(month.orders.slice(i, i + FILL_BATCH)).run();
    for (let i = 0; i < month.entries.length; i += FILL_BATCH) tx.insert(walletLedger).values(month.entries.slice(i, i + FILL_BATCH)).run();
  });
  const database = databaseOf(db);
  return { database, reopen: () => db.$client.exec('delete from closed_months'), close: async () => closeDb(db) };
}

async function onPostgres(socketDir: string) {
  const db = await openPostgres((await createDatabaseAt(socketDir, 'close')).url);
  for (let i = 0; i < month.orders.length; i += FILL_BATCH) await db.insert(pgOrders).values(month.orders.slice(i, i + FILL_BATCH));
  for (let i = 0; i < month.entries.length; i += FILL_BATCH) await db.insert(pgLedger).values(month.entries.slice(i, i + FILL_BATCH));
  await db.$client.query('analyze');
  return { database: databaseOf(db), reopen: async () => void (await db.$client.query('delete from closed_months')), close: () => closePostgres(db) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const f0 = (ms: number) => ms.toFixed(0);

async function main(): Promise<void> {
  console.log(`/statement close of a month of ${month.entries.length} transactions and ${month.orders.length} orders, ${RUNS} runs per database (after one unmeasured), node ${process.version}`);
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-bench-close-'));
  const server = DATABASES.includes('postgresql') ? startPostgresCluster() : null;
  try {
    for (const name of DATABASES) {
      const opened = name === 'sqlite' ? await onSqlite(dir) : await onPostgres(server!.root);
      try {
        const { months, store } = monthCloseOver(opened.database);
        const annotated = await annotateAll(months, store);
        await closeMonth(months);
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          await opened.reopen();
          runs.push(await heldWhile(() => closeMonth(months)));
        }
        const reads = [];
        for (let run = 0; run < RUNS; run++) reads.push(await heldWhile(() => readClosed(months)));
        const last = runs.at(-1)!.result;
        const ms = median(runs.map((r) => r.ms));
        const held = Math.max(...runs.map((r) => r.heldMax));
        console.log(
          `${name.padEnd(10)} close ${f0(ms)} ms median (target ≤ ${TIME_TARGET_MS}), other chats held ≤ ${f0(held)} ms (target ≤ ${HELD_TARGET_MS}), event loop max ${f0(Math.max(...runs.map((r) => r.loopMax)))} ms; ${annotated} exceptions annotated, ${last.snapshotTransactions} transactions kept, CSV ${(last.csvBytes / 1024).toFixed(0)} KB ${ms <= TIME_TARGET_MS && held <= HELD_TARGET_MS ? 'MET' : 'MISSED'}`,
        );
        console.log(`${''.padEnd(10)} /statement of the closed month: ${f0(median(reads.map((r) => r.ms)))} ms median, other chats held ≤ ${f0(Math.max(...reads.map((r) => r.heldMax)))} ms`);
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
