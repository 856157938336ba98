import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import type { OrderState } from '../../src/domain/order-states.js';
import { createBatchStore } from '../../src/db/batch-store.js';
import { createOrderingPauseStore } from '../../src/db/ordering-pause-store.js';
import { buildCsv } from '../../src/text/csv.js';
import { auditTable, ordersTable, summaryTable, type ExportContext, type Table } from '../../src/reports/local-exports.js';
import { createReportQueries } from '../../src/db/report-queries.js';
import { translatorFor } from '../../src/text/i18n.js';
import { readCsv } from '../support/csv-reader.js';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

// 2026-11-21 10:00 UTC is 13:30 in Tehran.
const START = Date.UTC(2026, 10, 21, 10, 0);
const NOVEMBER = { from: Date.UTC(2026, 9, 31, 20, 30), to: Date.UTC(2026, 10, 30, 20, 30) };

function world() {
  const { db, clock, repo } = orderRepoWorld(START);
  let key = 0;
  const order = async (userId: number, state: OrderState, overrides: Parameters<typeof openedOrder>[1] = {}) => {
    key += 1;
    const opened = await openedOrder(repo, { confirmKey: `k${key}`, fingerprint: `f${key}`, userId, chatId: userId, ...overrides });
    if (state !== 'intent') await repo.transition({ id: opened.id, from: 'intent', to: state, audit: { actorId: null, action: `order.${state}` } });
    return opened;
  };
  return { db, clock, order, queries: createReportQueries({ database: databaseOf(db) }) };
}

const context = (locale: 'en' | 'fa'): ExportContext => ({
  t: translatorFor(locale),
  timeZone: 'Asia/Tehran',
  describePerson: (id) => (id === 7 ? 'سارا (@sara)' : String(id)),
});

const read = async (table: Table | Promise<Table>) => readCsv(await (async (t: Table) => (await buildCsv(t.header, t.rows, 1_000_000)).content)(await table)).rows;

describe('the orders export', () => {
  it('writes each order with its local time in Asia/Tehran, the person and the state, and none of the customer’s field values', async () => {
    const w = world();
    await w.order(7, 'completed', { productTitle: 'گیفت کارت گوگل پلی', fieldValues: [{ fieldId: 1, title: 'Email', value: 'buyer@example.com' }] });
    const rows = await read(ordersTable(w.queries, NOVEMBER, context('en')));
    expect(rows[0]).toContain('Created (Asia/Tehran)');
    expect(rows[1]).toEqual(['1', '', '2026-11-21 13:30:00', '7', 'سارا (@sara)', '1', 'گیفت کارت گوگل پلی', 'US', '1', '1250000', '1250000', '1250000', 'Completed', '', '', '', '', '']);
    expect(rows.flat().join(' ')).not.toContain('buyer@example.com');
  });

  it("writes a row per line of an order with several products, each with its amount, and the order's amount once", async () => {
    const w = world();
    await w.order(7, 'completed', {
      lines: [
        { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 2, fields: [] },
        { product: { id: 109, title: 'PUBG 60 UC' }, region: { regionPropertyId: 5014, title: null, price: 900_000 }, quantity: 1, fields: [{ fieldId: 9, title: 'Player id', value: '5123456' }] },
      ],
    });
    const rows = await read(ordersTable(w.queries, NOVEMBER, context('en')));
    expect(rows.slice(1).map((row) => row.slice(5))).toEqual([
      ['1', 'Google Play 10 USD', 'US', '2', '1250000', '2500000', '3400000', 'Completed', '', '', '', '', ''],
      ['2', 'PUBG 60 UC', '', '1', '900000', '900000', '', 'Completed', '', '', '', '', ''],
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['1', '1']);
    expect(rows.flat().join(' ')).not.toContain('5123456');
  });

  it('leaves out orders created outside the span', async () => {
    const w = world();
    await w.order(7, 'completed');
    w.clock.advance(10 * 86_400_000);
    await w.order(8, 'completed');
    expect(await read(ordersTable(w.queries, { from: NOVEMBER.from, to: START + 86_400_000 }, context('en')))).toHaveLength(2);
  });

  it('writes its header in Persian for a Persian reader', async () => {
    const rows = await read(ordersTable(world().queries, NOVEMBER, context('fa')));
    expect(rows[0]).toContain('زمان ثبت (Asia/Tehran)');
    expect(rows[0]!.slice(-4)).toEqual(['شمارهٔ سفارش گروهی', 'مرکز هزینه', 'کد مرکز هزینه', 'یادداشت']);
  });

  it('writes the batch id on every row of a batch’s orders, and leaves it empty for an order of its own', async () => {
    const w = world();
    const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 1, fields: [] };
    const batch = await createBatchStore({ database: databaseOf(w.db) }).create(
      { key: 'b1', requesterId: 7, chatId: 7, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [line], rows: [] }, { lines: [line], rows: [] }], total: 2_500_000 },
      new Date(START),
    );
    await w.order(7, 'completed');
    await w.order(7, 'completed', { batch: { id: batch.id, index: 0 } });
    await w.order(7, 'completed', { batch: { id: batch.id, index: 1 } });
    const rows = await read(ordersTable(w.queries, NOVEMBER, context('en')));
    expect(rows[0]!.at(-4)).toBe('Batch #');
    expect(rows.slice(1).map((row) => [row[0], row.at(-4)])).toEqual([
      ['1', ''],
      ['2', String(batch.id)],
      ['3', String(batch.id)],
    ]);
  });
});

describe('the orders export with cost centres', () => {
  it("writes the cost centre's name and code (a retired one too) and the note on every row of the order, empty where none was given", async () => {
    const w = world();
    await w.order(7, 'completed', {
      lines: [
        { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 1, fields: [] },
        { product: { id: 109, title: 'PUBG 60 UC' }, region: { regionPropertyId: 5014, title: null, price: 900_000 }, quantity: 1, fields: [] },
      ],
      purpose: { costCentreId: 4, note: 'هدیهٔ نوروز' },
    });
    await w.order(7, 'completed', { purpose: { costCentreId: 9, note: null } });
    await w.order(7, 'completed');
    const centres = new Map([
      [4, { name: 'پشتیبانی', code: 'SUP-01' }],
      [9, { name: 'Retired campaign', code: null }],
    ]);
    const rows = await read(ordersTable(w.queries, NOVEMBER, context('en'), centres));
    expect(rows[0]!.slice(-3)).toEqual(['Cost centre', 'Cost centre code', 'Note']);
    expect(rows.slice(1).map((row) => [row[0], ...row.slice(-3)])).toEqual([
      ['1', 'پشتیبانی', 'SUP-01', 'هدیهٔ نوروز'],
      ['1', 'پشتیبانی', 'SUP-01', 'هدیهٔ نوروز'],
      ['2', 'Retired campaign', '', ''],
      ['3', '', '', ''],
    ]);
  });
});

describe('the monthly summary', () => {
  it('counts spend as limits do: failed, cancelled, refunded and unplaced orders are not spent', async () => {
    const w = world();
    await w.order(7, 'completed');
    await w.order(7, 'in_progress');
    await w.order(7, 'refunded');
    await w.order(7, 'failed');
    await w.order(7, 'not_placed');
    await w.order(8, 'cancelled');
    const rows = await read(summaryTable(w.queries, NOVEMBER, context('en')));
    expect(rows.slice(1)).toEqual([
      ['7', 'سارا (@sara)', '2', '2500000', '1', '1', '1250000'],
      ['8', '8', '0', '0', '1', '0', '0'],
    ]);
  });
});

describe('the audit export', () => {
  it('names the actor and marks rows the system wrote', async () => {
    const w = world();
    await w.order(7, 'completed');
    const rows = await read(auditTable(w.queries, NOVEMBER, context('en')));
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['2026-11-21 13:30:00', 'سارا (@sara)', 'order.intent', '1'],
      ['2026-11-21 13:30:00', 'giftdesk', 'order.completed', '1'],
    ]);
  });

  it('writes a row’s facts as plain values, and an older row’s sentence as it was', async () => {
    const w = world();
    await createOrderingPauseStore({ database: databaseOf(w.db), clock: w.clock }).pause({ source: 'admin', reason: 'wallet audit', by: 7 });
    w.db.$client.prepare("insert into audit_log (at, actor_id, action, detail) values (?, null, 'order.completed', 'PREPARING -> COMPLETED')").run(w.clock.now());
    const rows = await read(auditTable(w.queries, NOVEMBER, context('en')));
    expect(rows.slice(1).map((r) => [r[3], r[6]])).toEqual([
      ['ordering.paused', 'source: admin; reason: wallet audit'],
      ['order.completed', 'PREPARING -> COMPLETED'],
    ]);
  });
});
