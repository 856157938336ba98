import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStateStore } from '../../../src/db/app-state-store.js';
import type { OrderState } from '../../../src/domain/order-states.js';
import type { AuditQueries } from '../../../src/db/audit-queries.js';
import type { ReportQueries } from '../../../src/db/report-queries.js';
import { batchRow } from './order-rows.js';

/**
 * What the report reads (/export, the digest, the order feed), /audit's
 * pages and the app-state store do, whatever database keeps them. A
 * dialect's test file calls this with a factory; the same cases run on
 * each database.
 */

/** An order as a test lays it down: every other column takes a plain value. */
export interface SeedOrder {
  userId: number;
  state: OrderState;
  totalAmount?: number;
  createdAt: number;
  updatedAt?: number;
  providerOrderId?: number | null;
  title?: string;
  batchId?: number | null;
  batchIndex?: number | null;
  costCentreId?: number | null;
}

export interface SeedAudit {
  at: number;
  actorId: number | null;
  action: string;
  orderId?: number | null;
  amount?: number | null;
  detail?: string | null;
  subjectId?: number | null;
}

export interface ReportStoreSubject {
  reports: ReportQueries;
  audit: AuditQueries;
  appState: AppStateStore;
  /** The same app state through a second connection (PostgreSQL), or the same store (SQLite, one writer). */
  otherAppState: AppStateStore;
  /** Inserts the orders in the order given; returns their ids. */
  addOrders(rows: ReturnType<typeof orderValues>[]): Promise<number[]>;
  addAudit(rows: ReturnType<typeof auditValues>[]): Promise<void>;
  /** Inserts a batch (plan and total as given) and returns its id. */
  addBatch(row: ReturnType<typeof batchRow>): Promise<number>;
}

let seq = 0;
/** The insert values of one order, the same columns on both databases. */
export function orderValues(seed: SeedOrder) {
  seq += 1;
  const amount = seed.totalAmount ?? 1_250_000;
  return {
    userId: seed.userId,
    chatId: seed.userId,
    confirmKey: `ck-${seq}`,
    fingerprint: `fp-${seq}`,
    lines: [{ product: { id: 101, title: seed.title ?? 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: amount }, quantity: 1, fields: [] }],
    totalAmount: amount,
    state: seed.state,
    providerOrderId: seed.providerOrderId ?? null,
    batchId: seed.batchId ?? null,
    batchIndex: seed.batchIndex ?? null,
    costCentreId: seed.costCentreId ?? null,
    sandbox: true,
    createdAt: new Date(seed.createdAt),
    updatedAt: new Date(seed.updatedAt ?? seed.createdAt),
  };
}

export function auditValues(seed: SeedAudit) {
  return {
    at: new Date(seed.at),
    actorId: seed.actorId,
    action: seed.action,
    orderId: seed.orderId ?? null,
    amount: seed.amount ?? null,
    detail: seed.detail ?? null,
    subjectId: seed.subjectId ?? null,
  };
}

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1);
const NOVEMBER = { from: START, to: START + 30 * DAY };
const BIG = 3_000_000_000; // above 2^31
const PERSIAN = 'کارت هدیه گوگل پلی ۱۰ دلاری';

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

export function reportStoreContract(database: string, fresh: () => Promise<ReportStoreSubject>): void {
  describe(`report reads on ${database}`, () => {
    let s: ReportStoreSubject;
    beforeEach(async () => {
      s = await fresh();
    });

    it('exports a few thousand orders of the span, oldest first, read page by page', async () => {
      const before = await s.addOrders([orderValues({ userId: 1, state: 'completed', createdAt: START - 1 })]);
      const seeds = Array.from({ length: 2_345 }, (_, i) =>
        orderValues({ userId: 1 + (i % 7), state: 'completed', createdAt: START + i * 60_000, totalAmount: BIG + i, title: i % 2 ? PERSIAN : 'Steam' }),
      );
      const ids = await s.addOrders(seeds);
      await s.addOrders([orderValues({ userId: 1, state: 'completed', createdAt: NOVEMBER.to })]);
      const read = await collect(s.reports.ordersCreated(NOVEMBER));
      expect(read.map((o) => o.id)).toEqual(ids);
      expect(read).not.toContainEqual(expect.objectContaining({ id: before[0] }));
      expect(read[1]).toMatchObject({ totalAmount: BIG + 1, lines: [{ product: { title: PERSIAN } }] });
      expect(typeof read[0]!.totalAmount).toBe('number');
      expect(read[0]!.createdAt).toEqual(new Date(START));
    });

    it('reads the export a page at a time: an order added while it is read still comes, at its end', async () => {
      await s.addOrders(Array.from({ length: 1_200 }, (_, i) => orderValues({ userId: 1, state: 'completed', createdAt: START + i })));
      const seen: number[] = [];
      let added: number | undefined;
      for await (const order of s.reports.ordersCreated(NOVEMBER)) {
        seen.push(order.id);
        if (seen.length === 1) [added] = await s.addOrders([orderValues({ userId: 2, state: 'completed', createdAt: START + DAY })]);
      }
      expect(seen).toHaveLength(1_201);
      expect(seen.at(-1)).toBe(added);
    });

    it('gives nothing for a span without orders, and stops cleanly when the reader leaves early', async () => {
      expect(await collect(s.reports.ordersCreated(NOVEMBER))).toEqual([]);
      await s.addOrders(Array.from({ length: 600 }, (_, i) => orderValues({ userId: 1, state: 'completed', createdAt: START + i })));
      for await (const order of s.reports.ordersCreated(NOVEMBER)) {
        expect(order.userId).toBe(1);
        break;
      }
    });

    it('exports the audit rows of the span, oldest first, with Persian details and large amounts', async () => {
      const [orderId] = await s.addOrders([orderValues({ userId: 7, state: 'completed', createdAt: START })]);
      await s.addAudit([
        auditValues({ at: START - 1, actorId: 7, action: 'order.intent', orderId }),
        ...Array.from({ length: 1_100 }, (_, i) => auditValues({ at: START + i, actorId: i % 2 ? null : 7, action: 'order.completed', orderId, amount: BIG, detail: `یادداشت ${i}` })),
      ]);
      const rows = await collect(s.reports.auditBetween(NOVEMBER));
      expect(rows).toHaveLength(1_100);
      expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
      expect(rows[1]).toMatchObject({ actorId: null, action: 'order.completed', orderId, amount: BIG, detail: 'یادداشت 1', at: new Date(START + 1) });
    });

    it('sums each person’s orders as limits count them, exactly above 2^31', async () => {
      await s.addOrders([
        orderValues({ userId: 7, state: 'completed', createdAt: START, totalAmount: BIG }),
        orderValues({ userId: 7, state: 'in_progress', createdAt: START, totalAmount: BIG + 1 }),
        orderValues({ userId: 7, state: 'refunded', createdAt: START, totalAmount: BIG }),
        orderValues({ userId: 7, state: 'failed', createdAt: START }),
        orderValues({ userId: 8, state: 'cancelled', createdAt: START }),
        orderValues({ userId: 9, state: 'completed', createdAt: START - 1 }),
      ]);
      const figures = await s.reports.figuresByPerson(NOVEMBER);
      expect(figures).toEqual([
        { userId: 7, orders: 2, spend: 2 * BIG + 1, failed: 1, refunded: 1, refundedAmount: BIG, batches: 0, batchOrders: 0 },
        { userId: 8, orders: 0, spend: 0, failed: 1, refunded: 0, refundedAmount: 0, batches: 0, batchOrders: 0 },
      ]);
    });

    it('sums the day’s spend per cost centre, orders without one as their own row, largest first, exactly above 2^31', async () => {
      await s.addOrders([
        orderValues({ userId: 7, state: 'completed', createdAt: START, totalAmount: BIG, costCentreId: 3 }),
        orderValues({ userId: 8, state: 'in_progress', createdAt: START, totalAmount: BIG + 1, costCentreId: 3 }),
        // Not spent: returned, or never placed.
        orderValues({ userId: 7, state: 'refunded', createdAt: START, totalAmount: BIG, costCentreId: 5 }),
        orderValues({ userId: 7, state: 'failed', createdAt: START, costCentreId: 5 }),
        orderValues({ userId: 7, state: 'completed', createdAt: START, totalAmount: 2_000, costCentreId: 4 }),
        orderValues({ userId: 9, state: 'completed', createdAt: START, totalAmount: 2_000 }),
        orderValues({ userId: 9, state: 'completed', createdAt: START, totalAmount: 500 }),
        // Outside the span.
        orderValues({ userId: 7, state: 'completed', createdAt: START - 1, costCentreId: 4 }),
        orderValues({ userId: 7, state: 'completed', createdAt: NOVEMBER.to, costCentreId: 4 }),
      ]);
      expect(await s.reports.figuresByCostCentre(NOVEMBER)).toEqual([
        { costCentreId: 3, orders: 2, spend: 2 * BIG + 1 },
        { costCentreId: null, orders: 2, spend: 2_500 },
        { costCentreId: 4, orders: 1, spend: 2_000 },
      ]);
      expect(await s.reports.figuresByCostCentre({ from: NOVEMBER.to + DAY, to: NOVEMBER.to + 2 * DAY })).toEqual([]);
    });

    it('finds returned orders by when they ended, those waiting for a person, and orders by either id', async () => {
      const [failed, waiting, done] = await s.addOrders([
        orderValues({ userId: 7, state: 'failed', createdAt: START - DAY, updatedAt: START + DAY }),
        orderValues({ userId: 7, state: 'needs_review', createdAt: START - 40 * DAY }),
        orderValues({ userId: 7, state: 'completed', createdAt: START, providerOrderId: 5_000_000_001 }),
        orderValues({ userId: 7, state: 'refunded', createdAt: START, updatedAt: NOVEMBER.to }),
      ]);
      expect((await s.reports.returnedBetween(NOVEMBER)).map((o) => o.id)).toEqual([failed]);
      expect((await s.reports.needingAction()).map((o) => o.id)).toEqual([waiting]);
      expect((await s.reports.orderByProviderId(5_000_000_001))?.id).toBe(done);
      expect((await s.reports.orderById(done!))?.providerOrderId).toBe(5_000_000_001);
      expect(await s.reports.orderById(999_999)).toBeNull();
      expect(await s.reports.orderByProviderId(1)).toBeNull();
    });

    it('follows the audit trail for the order feed', async () => {
      expect(await s.reports.latestAuditId()).toBe(0);
      const [a, b] = await s.addOrders([orderValues({ userId: 7, state: 'failed', createdAt: START }), orderValues({ userId: 8, state: 'completed', createdAt: START })]);
      await s.addAudit([
        auditValues({ at: START, actorId: 7, action: 'order.placed', orderId: a }),
        auditValues({ at: START, actorId: null, action: 'setting.changed' }),
        auditValues({ at: START, actorId: 8, action: 'order.adopted', orderId: b }),
        auditValues({ at: START, actorId: null, action: 'order.failed', orderId: a }),
      ]);
      const latest = await s.reports.latestAuditId();
      const events = await s.reports.orderEvents({ afterId: 0, upToId: latest, actions: ['order.placed', 'order.adopted', 'order.failed'], limit: 2 });
      expect(events.map((e) => [e.action, e.order.id, e.order.userId])).toEqual([['order.placed', a, 7], ['order.adopted', b, 8]]);
      const rest = await s.reports.orderEvents({ afterId: events[1]!.auditId, upToId: latest, actions: ['order.failed'], limit: 20 });
      expect(rest.map((e) => e.auditId)).toEqual([latest]);
      expect(await s.reports.hasOrderAuditAfter({ orderId: a!, afterId: events[0]!.auditId, actions: ['order.failed'] })).toBe(true);
      expect(await s.reports.hasOrderAuditAfter({ orderId: b!, afterId: events[1]!.auditId, actions: ['order.failed'] })).toBe(false);
    });
  });

  describe(`batches in the reports on ${database}`, () => {
    let s: ReportStoreSubject;
    beforeEach(async () => {
      s = await fresh();
    });
    const unitsOf = (quantity: number) => ({ lines: [{ product: { id: 101, title: 'x' }, region: { regionPropertyId: 5001, title: 'US', price: 1_000 }, quantity, fields: [] }], rows: [] });

    it('reads a batch as confirmed: its orders, units, total and the cost centres its orders name, each once', async () => {
      const plan = [{ ...unitsOf(10), costCentreId: 4 }, unitsOf(10), { ...unitsOf(10), costCentreId: 2 }, { ...unitsOf(5), costCentreId: 4 }];
      const id = await s.addBatch(batchRow(7, 'running', new Date(START), plan, BIG));
      expect(await s.reports.batchFacts(id)).toEqual({ id, requesterId: 7, orders: 4, units: 35, total: BIG, costCentreIds: [4, 2] });
      expect(await s.reports.batchFacts(id + 1)).toBeNull();
    });

    it('tells whether an earlier order of the batch was placed, for the feed to announce it once', async () => {
      const batch = await s.addBatch(batchRow(7, 'running', new Date(START)));
      const [a, alone, b] = await s.addOrders([
        orderValues({ userId: 7, state: 'in_progress', createdAt: START, batchId: batch, batchIndex: 0 }),
        orderValues({ userId: 7, state: 'in_progress', createdAt: START }),
        orderValues({ userId: 7, state: 'in_progress', createdAt: START, batchId: batch, batchIndex: 1 }),
      ]);
      await s.addAudit([
        auditValues({ at: START, actorId: 7, action: 'order.intent', orderId: a }),
        auditValues({ at: START, actorId: 7, action: 'order.placed', orderId: alone }),
        auditValues({ at: START, actorId: 7, action: 'order.placed', orderId: a }),
        auditValues({ at: START, actorId: 7, action: 'order.adopted', orderId: b }),
      ]);
      const events = await s.reports.orderEvents({ afterId: 0, upToId: await s.reports.latestAuditId(), actions: ['order.placed', 'order.adopted'], limit: 10 });
      const [, first, second] = events;
      const placed = ['order.placed', 'order.adopted'];
      expect(await s.reports.hasBatchAuditBefore({ batchId: batch, beforeId: first!.auditId, actions: placed })).toBe(false);
      expect(await s.reports.hasBatchAuditBefore({ batchId: batch, beforeId: second!.auditId, actions: placed })).toBe(true);
      expect(await s.reports.hasBatchAuditBefore({ batchId: batch + 1, beforeId: second!.auditId + 1, actions: placed })).toBe(false);
      expect(second!.order.batchId).toBe(batch);
    });

    it('counts per person the batches and the orders placed by them, of the orders that count', async () => {
      const [one, two, failedOnly] = [await s.addBatch(batchRow(7, 'done', new Date(START))), await s.addBatch(batchRow(7, 'done', new Date(START))), await s.addBatch(batchRow(8, 'done', new Date(START)))];
      await s.addOrders([
        orderValues({ userId: 7, state: 'completed', createdAt: START }),
        orderValues({ userId: 7, state: 'completed', createdAt: START, batchId: one, batchIndex: 0 }),
        orderValues({ userId: 7, state: 'completed', createdAt: START, batchId: one, batchIndex: 1 }),
        orderValues({ userId: 7, state: 'in_progress', createdAt: START, batchId: two, batchIndex: 0 }),
        orderValues({ userId: 8, state: 'failed', createdAt: START, batchId: failedOnly, batchIndex: 0 }),
      ]);
      const figures = await s.reports.figuresByPerson(NOVEMBER);
      expect(figures.map((f) => [f.userId, f.orders, f.batches, f.batchOrders])).toEqual([
        [7, 4, 2, 3],
        [8, 0, 0, 0],
      ]);
    });
  });

  describe(`audit pages on ${database}`, () => {
    const ADMIN = 10;
    const SAM = 20;
    const VIC = 30;
    let s: ReportStoreSubject;
    let sams: number;
    let vics: number;
    /** Sam's order and Vic's, an administrator who added both and saw Sam's codes. */
    beforeEach(async () => {
      s = await fresh();
      [sams, vics] = (await s.addOrders([
        orderValues({ userId: SAM, state: 'intent', createdAt: START }),
        orderValues({ userId: VIC, state: 'intent', createdAt: START, title: 'Steam 5' }),
      ])) as [number, number];
      await s.addAudit([
        auditValues({ at: START, actorId: ADMIN, action: 'staff.added', subjectId: SAM }),
        auditValues({ at: START, actorId: ADMIN, action: 'staff.added', subjectId: VIC }),
        auditValues({ at: START, actorId: SAM, action: 'order.intent', orderId: sams, amount: BIG }),
        auditValues({ at: START, actorId: VIC, action: 'order.intent', orderId: vics }),
        auditValues({ at: START, actorId: ADMIN, action: 'codes_revealed', orderId: sams, amount: 1, subjectId: SAM }),
      ]);
    });

    it('lists every event newest first', async () => {
      const page = await s.audit.page({ kind: 'all' }, { page: 1, pageSize: 10 });
      expect(page.items.map((e) => e.action)).toEqual(['codes_revealed', 'order.intent', 'order.intent', 'staff.added', 'staff.added']);
      expect(page.total).toBe(5);
      expect(page.items[2]).toMatchObject({ amount: BIG, actorId: SAM });
    });

    it('pages with the same order and shows the last page for a page past the end', async () => {
      const first = await s.audit.page({ kind: 'all' }, { page: 1, pageSize: 2 });
      const last = await s.audit.page({ kind: 'all' }, { page: 3, pageSize: 2 });
      expect(first).toMatchObject({ page: 1, pageCount: 3, total: 5 });
      expect(last.items.map((e) => e.action)).toEqual(['staff.added']);
      expect((await s.audit.page({ kind: 'all' }, { page: 9, pageSize: 2 })).items).toEqual(last.items);
      const pages = await Promise.all([1, 2, 3].map((n) => s.audit.page({ kind: 'all' }, { page: n, pageSize: 2 })));
      expect(new Set(pages.flatMap((p) => p.items.map((e) => e.id))).size).toBe(5);
    });

    it("finds a person's events: what they did, what was done to them, and what happened to their orders", async () => {
      const page = await s.audit.page({ kind: 'person', telegramId: SAM }, { page: 1, pageSize: 10 });
      expect(page.items.map((e) => [e.action, e.actorId, e.subjectId, e.orderId])).toEqual([
        ['codes_revealed', ADMIN, SAM, sams],
        ['order.intent', SAM, null, sams],
        ['staff.added', ADMIN, SAM, null],
      ]);
    });

    it("finds one order's events with the order's product and orderer", async () => {
      const page = await s.audit.page({ kind: 'order', orderId: vics }, { page: 1, pageSize: 10 });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ action: 'order.intent', order: { userId: VIC, goods: [{ product: 'Steam 5', quantity: 1 }], providerReference: null } });
    });

    it('gives an empty page, not an error, for an order with no events', async () => {
      expect(await s.audit.page({ kind: 'order', orderId: 999 }, { page: 1, pageSize: 10 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    });
  });

  describe(`app state on ${database}`, () => {
    let s: ReportStoreSubject;
    beforeEach(async () => {
      s = await fresh();
    });

    it('reads back what was set, Persian text and large integers included, and null for a key never set', async () => {
      expect(await s.appState.get('nothing')).toBeNull();
      await s.appState.set('k', { note: PERSIAN, amount: 5_123_456_789 });
      expect(await s.appState.get('k')).toEqual({ note: PERSIAN, amount: 5_123_456_789 });
    });

    it('writes an update only when the step gives a next value, and answers its result', async () => {
      expect(await s.appState.update<number, string>('day', (last) => ({ next: (last ?? 0) + 1, result: 'claimed' }))).toBe('claimed');
      expect(await s.appState.update<number, boolean>('day', () => ({ result: false }))).toBe(false);
      expect(await s.appState.get('day')).toBe(1);
    });

    it('lets one of two updates that read together win a claim: the other sees its write', async () => {
      const claim = (store: AppStateStore) => store.update<number, boolean>('claim', (last) => (last !== null && last >= 5 ? { result: false } : { next: 5, result: true }));
      const results = await Promise.all([claim(s.appState), claim(s.otherAppState), claim(s.appState), claim(s.otherAppState)]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('loses no increment when many updates meet on two connections', async () => {
      const inc = (store: AppStateStore) => store.update<number, void>('n', (n) => ({ next: (n ?? 0) + 1, result: undefined }));
      await Promise.all(Array.from({ length: 30 }, (_, i) => inc(i % 2 ? s.appState : s.otherAppState)));
      expect(await s.appState.get('n')).toBe(30);
    });
  });
}
