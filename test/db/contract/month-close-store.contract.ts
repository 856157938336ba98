import { beforeEach, describe, expect, it } from 'vitest';
import type { MonthCloseStore } from '../../../src/db/month-close-store.js';
import type { Database } from '../../../src/db/seam/database.js';
import type { ManualClock } from '../../support/manual-clock.js';
import { orderRow } from './order-rows.js';

export const T0 = Date.UTC(2026, 10, 20, 9);
const ADMIN = 9001;
const OTHER_ADMIN = 9002;
const NOV = { month: '2026-11-01', fromAt: Date.UTC(2026, 10, 1), toAt: Date.UTC(2026, 11, 1) };
// A statement as the ledger's codec writes it: lines of JSON, with Persian text and large amounts, read back exactly as kept.
const SNAPSHOT = `${JSON.stringify({ version: 1, statement: { opening: 12_500_000_000, exceptions: [] } })}\n${JSON.stringify([{ entry: { id: 41, description: 'خرید سفارش ۴۱', at: T0 } }])}`;

/** `fresh` gives a store over empty statement-note, closed-month, order and audit tables, its database and the clock it reads; `other` the same data as a second instance sees it. */
export function monthCloseStoreContract(database: string, fresh: () => Promise<{ store: MonthCloseStore; other: MonthCloseStore; clock: ManualClock; db: Database }>): void {
  describe(`month close store on ${database}`, () => {
    let store: MonthCloseStore;
    let other: MonthCloseStore;
    let clock: ManualClock;
    let db: Database;
    beforeEach(async () => {
      ({ store, other, clock, db } = await fresh());
    });
    const audit = async () => (await db.q.select().from(db.tables.auditLog).orderBy(db.tables.auditLog.id)).map((row) => [row.action, row.actorId, row.detail === null ? null : (JSON.parse(row.detail) as { facts: unknown }).facts]);

    it('keeps one annotation per exception, a second replacing the first, each audited, and another instance reads them', async () => {
      await store.annotate({ month: NOV.month, key: 'fd-41', kind: 'explained', note: 'the finance team ordered in the panel', actorId: ADMIN });
      clock.advance(60_000);
      await store.annotate({ month: NOV.month, key: 'fd-41', kind: 'written-off', note: 'هزینه‌ی جاری', actorId: OTHER_ADMIN });
      await store.annotate({ month: NOV.month, key: 'md-7', kind: 'refunded', note: 'refund came on 3 Dec', actorId: ADMIN });
      await store.annotate({ month: '2026-12-01', key: 'fd-41', kind: 'explained', note: 'another month', actorId: ADMIN });
      const notes = await other.notes(NOV.month);
      expect(notes.map((n) => [n.key, n.kind, n.note, n.actorId])).toEqual([
        ['fd-41', 'written-off', 'هزینه‌ی جاری', OTHER_ADMIN],
        ['md-7', 'refunded', 'refund came on 3 Dec', ADMIN],
      ]);
      expect(notes[0]!.at.getTime()).toBe(T0 + 60_000);
      expect((await audit()).map(([action, actor]) => [action, actor])).toEqual([
        ['statement.annotated', ADMIN],
        ['statement.annotated', OTHER_ADMIN],
        ['statement.annotated', ADMIN],
        ['statement.annotated', ADMIN],
      ]);
      expect((await audit())[1]![2]).toEqual({ month: NOV.month, key: 'fd-41', kind: 'written-off', note: 'هزینه‌ی جاری' });
    });

    it('refuses a kind that is not one of the three', async () => {
      await expect(store.annotate({ month: NOV.month, key: 'fd-41', kind: 'forgiven' as never, note: 'x', actorId: ADMIN })).rejects.toThrow();
      expect(await store.notes(NOV.month)).toEqual([]);
    });

    it('closes a month once, with its snapshot as kept, audited; a second close finds it closed and changes nothing', async () => {
      expect(await store.closed(NOV.month)).toBeNull();
      const closed = await store.close({ ...NOV, requestedBy: ADMIN, confirmedBy: OTHER_ADMIN, requestedAt: T0 - 5_000, snapshot: SNAPSHOT });
      expect(closed).toMatchObject({ month: NOV.month, requestedBy: ADMIN, confirmedBy: OTHER_ADMIN, fromAt: NOV.fromAt, toAt: NOV.toAt, lateTold: [] });
      expect(closed!.closedAt.getTime()).toBe(T0);
      expect(closed!.requestedAt.getTime()).toBe(T0 - 5_000);
      expect(await other.close({ ...NOV, requestedBy: OTHER_ADMIN, confirmedBy: null, requestedAt: T0, snapshot: '{}' })).toBeNull();
      const read = await other.closed(NOV.month);
      expect(read!.snapshot).toEqual(SNAPSHOT);
      expect(read!.requestedBy).toBe(ADMIN);
      expect(await audit()).toEqual([['statement.closed', OTHER_ADMIN, { month: NOV.month, requester: ADMIN, confirmer: OTHER_ADMIN }]]);
      expect((await other.closedMonths()).map((m) => [m.month, m.fromAt, 'snapshot' in m])).toEqual([[NOV.month, NOV.fromAt, false]]);
    });

    it('tells each late entry once, across instances', async () => {
      await store.close({ ...NOV, requestedBy: ADMIN, confirmedBy: null, requestedAt: T0, snapshot: SNAPSHOT });
      expect(await store.markLateTold(NOV.month, [90, 91])).toEqual([90, 91]);
      const [a, b] = await Promise.all([store.markLateTold(NOV.month, [91, 92, 92]), other.markLateTold(NOV.month, [92, 93])]);
      expect([...a, ...b].sort()).toEqual([92, 93]);
      expect((await store.closed(NOV.month))!.lateTold.sort()).toEqual([90, 91, 92, 93]);
      expect(await store.markLateTold('2026-12-01', [1])).toEqual([]);
    });

    it('finds the transactions of a span kept since a moment: the candidates for late entries of a closed month', async () => {
      const { walletLedger } = db.tables;
      const entry = (id: number, at: number, seenAt: number) => ({ id, type: 'DEBIT', amount: 1_250_000, balanceAfter: null, providerOrderId: null, description: 'خرید', createdAt: null, at, seenAt, baseline: false, verdict: null, judgedAt: null });
      const inside = NOV.fromAt + 86_400_000;
      await db.q.insert(walletLedger).values([entry(1, inside, T0 - 1), entry(2, inside + 1, T0), entry(3, NOV.toAt, T0 + 5), entry(4, inside - 1, T0 + 9)]);
      expect((await other.seenSince(NOV.fromAt, NOV.toAt, T0)).map((e) => [e.id, e.at, e.seenAt])).toEqual([
        [4, inside - 1, T0 + 9],
        [2, inside + 1, T0],
      ]);
    });

    it('lists the orders of the span still open, not those finished or outside it', async () => {
      const { orders } = db.tables;
      const inside = NOV.fromAt + 86_400_000;
      const rows = [
        orderRow(inside, { state: 'in_progress' }),
        orderRow(inside, { state: 'completed' }),
        orderRow(inside, { state: 'needs_review' }),
        orderRow(inside, { state: 'failed' }),
        orderRow(NOV.toAt, { state: 'in_progress' }),
        // Saved in October, sent in November: the month it was sent is its month.
        orderRow(NOV.fromAt - 1_000, { state: 'unknown', postedAt: new Date(inside) }),
      ];
      const ids: number[] = [];
      for (const row of rows) ids.push((await db.q.insert(orders).values(row).returning({ id: orders.id }))[0]!.id);
      expect(await other.openOrdersBetween(NOV.fromAt, NOV.toAt)).toEqual([
        { id: ids[0], state: 'in_progress' },
        { id: ids[2], state: 'needs_review' },
        { id: ids[5], state: 'unknown' },
      ]);
    });
  });
}
