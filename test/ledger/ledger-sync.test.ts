import { afterAll, describe, expect, it } from 'vitest';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createLedgerStore } from '../../src/db/ledger-store.js';
import { createLedgerSync, LedgerHistoryReplacedError } from '../../src/ledger/ledger-sync.js';
import { readStatement } from '../../src/ledger/statement-reader.js';
import { silentLogger } from '../../src/logger.js';
import { createManualClock } from '../support/manual-clock.js';
import { clientFor, sandboxed } from '../provider/setup.js';

const T0 = Date.UTC(2026, 10, 10, 12);
const HOUR = 3_600_000;
const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

/** A sandbox serving three transactions a page, its wallet moved `moves` times an hour apart, and a sync on a fresh database. */
async function world(options: { moves: number; fillFrom?: number }) {
  const clock = createManualClock(T0);
  const sandbox = await sandboxed({ clock, maxPageSize: 3, initialBalance: 1_000_000 });
  for (let i = 1; i <= options.moves; i++) {
    clock.advance(HOUR);
    sandbox.controls.setBalance(1_000_000 + i * 1_000);
  }
  const db = openDb(':memory:');
  opened.push(db);
  const database = databaseOf(db);
  const store = createLedgerStore({ database });
  const appState = createAppStateStore({ database, clock });
  const provider = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
  const sync = createLedgerSync({ provider, store, appState, fillFrom: () => options.fillFrom ?? 0, clock, logger: silentLogger, pageSize: 3 });
  const reads = () => sandbox.requests.filter((request) => request.path.includes('/wallet/transactions')).length;
  return { sandbox, clock, store, sync, reads };
}

describe('the local copy of the wallet transactions', () => {
  it('fills an empty copy from the whole list as history, then reads one page a pass while nothing changes', async () => {
    const { store, sync, reads } = await world({ moves: 7 });
    const first = await sync.syncNow();
    // Eight transactions (the first top-up and seven moves) at three a page: pages 1, 2, 3 and the end.
    expect(first.added).toEqual([]);
    expect(await store.count()).toBe(8);
    expect((await store.between(0, Number.MAX_SAFE_INTEGER)).every((entry) => entry.baseline)).toBe(true);
    expect(await sync.filled()).toMatchObject({ from: 0 });
    const before = reads();
    expect((await sync.syncNow()).requests).toBe(1);
    expect((await sync.syncNow()).added).toEqual([]);
    expect(reads() - before).toBe(2);
  });

  it('reads back page by page until it meets what it kept, and keeps the new ones as news', async () => {
    const { sandbox, clock, store, sync } = await world({ moves: 2 });
    await sync.syncNow();
    for (let i = 1; i <= 7; i++) {
      clock.advance(HOUR);
      sandbox.controls.setBalance(2_000_000 + i);
    }
    const pass = await sync.syncNow();
    expect(pass.added.map((entry) => entry.id)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(pass.added.every((entry) => !entry.baseline && entry.verdict === null)).toBe(true);
    // Seven new at three a page: the third page holds the first kept one.
    expect(pass.requests).toBe(3);
    expect(await store.count()).toBe(10);
    const newest = (await store.between(T0, T0 + 100 * HOUR)).at(-1)!;
    expect(newest).toMatchObject({ id: 10, type: 'CREDIT', balanceAfter: 2_000_007, at: T0 + 9 * HOUR });
  });

  it('fills back only as far as it is asked, and says so', async () => {
    const { store, sync } = await world({ moves: 9, fillFrom: T0 + 6.5 * HOUR });
    await sync.syncNow();
    // Pages 1 (10, 9, 8), 2 (7, 6, 5): transaction 6 is from before the start asked for, and ends the fill.
    expect(await store.count()).toBe(6);
    expect(await sync.filled()).toMatchObject({ from: T0 + 6.5 * HOUR });
  });

  it('never takes a new wallet’s transactions for the kept ones because their ids repeat: the sync and the statement say the history was replaced', async () => {
    const clock = createManualClock(T0);
    const first = await sandboxed({ clock, maxPageSize: 3, initialBalance: 1_000_000 });
    clock.advance(HOUR);
    first.controls.setBalance(1_001_000);
    const db = openDb(':memory:');
    opened.push(db);
    const database = databaseOf(db);
    const store = createLedgerStore({ database });
    const appState = createAppStateStore({ database, clock });
    let current = clientFor(first.baseUrl, { apiKey: first.apiKey });
    // The same database, then a sandbox started afresh: its transaction ids start at 1 again.
    const provider = { listTransactions: (...args: Parameters<typeof current.listTransactions>) => current.listTransactions(...args) };
    const sync = createLedgerSync({ provider, store, appState, fillFrom: () => 0, clock, logger: silentLogger, pageSize: 3 });
    await sync.syncNow();
    expect(await store.count()).toBe(2);

    clock.advance(HOUR);
    const fresh = await sandboxed({ clock, maxPageSize: 3, initialBalance: 5_000_000 });
    clock.advance(HOUR);
    fresh.controls.setBalance(4_000_000);
    current = clientFor(fresh.baseUrl, { apiKey: fresh.apiKey });

    const replaced = await sync.syncNow().catch((error: unknown) => error);
    expect(replaced).toBeInstanceOf(LedgerHistoryReplacedError);
    expect(replaced).toMatchObject({ kept: { id: 2, amount: 1_000 }, listed: { id: 2, amount: 1_000_000 } });
    // Nothing of the other wallet was mixed into the copy.
    expect(await store.count()).toBe(2);

    const reading = await readStatement({ store, sync, clock, logger: silentLogger }, { from: 0, to: T0 + 10 * HOUR });
    expect(reading).toEqual({ ok: false, problem: 'history-replaced', transactionId: 2 });
  });
});
