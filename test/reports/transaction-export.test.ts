import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProviderClient } from '../../src/provider/client.js';
import { createReportQueries } from '../../src/db/report-queries.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { transactionsTable } from '../../src/reports/transaction-export.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

const DAY = 86_400_000;
// 2026-11-21 00:00 UTC.
const START = Date.UTC(2026, 10, 21);
const LINE = { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 };
const context = { t: translatorFor('en'), timeZone: 'UTC', describePerson: String };

let sandbox: Sandbox;
let clock: ManualClock;

beforeEach(async () => {
  clock = createManualClock(START);
  sandbox = await createSandbox({ clock });
  sandbox.controls.setBalance(1_000_000_000_000);
});

afterEach(async () => {
  await sandbox.close();
});

function read(range: { from: number; to: number }, maxPages: number) {
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000 });
  return transactionsTable({ provider, queries: createReportQueries({ database: databaseOf(memoryDb()) }), maxPages }, range, context);
}

async function collect<T>(rows: Iterable<T> | AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

const transactionPages = () => sandbox.requests.filter((r) => r.path === '/wallet/transactions').length;

describe('the transactions export', () => {
  it('keeps the span’s transactions, oldest first, and stops reading once the pages reach back past its start', async () => {
    sandbox.controls.placeOrders(60, LINE);
    clock.advance(2 * DAY);
    sandbox.controls.placeOrders(70, LINE);
    const table = await read({ from: START + 2 * DAY, to: START + 3 * DAY }, 50);
    const rows = await collect(table.rows);
    expect(rows).toHaveLength(70);
    expect(rows[0]?.[1]).toBe('2026-11-23 00:00:00');
    expect(table.cut).toBe(false);
    // 50 + 20 of the span, then the page that reaches into the day before.
    expect(transactionPages()).toBe(2);
  });

  it('says the file is cut when the page budget ran out before the span’s start', async () => {
    sandbox.controls.placeOrders(120, LINE);
    const table = await read({ from: START, to: START + DAY }, 2);
    expect(await collect(table.rows)).toHaveLength(100);
    expect(table.cut).toBe(true);
  });
});
