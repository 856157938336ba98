import { describe, expect, it } from 'vitest';
import type { LedgerInput, LedgerStore } from '../../../src/db/ledger-store.js';
import { line, orderRow, type SeedOrder } from './order-rows.js';

/** The ledger store of one database over empty tables, and a way to put order rows in as they are. */
export interface LedgerSubject {
  store: LedgerStore;
  seedOrders(rows: readonly SeedOrder[]): Promise<{ id: number }[]>;
}

const T0 = Date.UTC(2026, 10, 1);
const MINUTE = 60_000;
/** The largest amount a number holds exactly: amounts must come back as they went in. */
const BIG = Number.MAX_SAFE_INTEGER;

function input(id: number, overrides: Partial<LedgerInput> = {}): LedgerInput {
  return { id, type: 'DEBIT', amount: 1_000, balanceAfter: 10_000, providerOrderId: null, description: `خرید ${id}`, createdAt: new Date(T0 + id * MINUTE).toISOString(), at: T0 + id * MINUTE, ...overrides };
}

export function ledgerStoreContract(name: string, open: () => Promise<LedgerSubject>) {
  describe(`ledger store (${name})`, () => {
    it('keeps each transaction once and answers only the new ones, exact amounts included', async () => {
      const { store } = await open();
      const first = await store.keep([input(1), input(2, { type: 'CREDIT', amount: BIG, balanceAfter: BIG })], T0, true);
      expect(first.map((entry) => entry.id)).toEqual([1, 2]);
      expect(first[1]).toMatchObject({ amount: BIG, balanceAfter: BIG, baseline: true, verdict: null, judgedAt: null, seenAt: T0 });
      const again = await store.keep([input(2), input(3)], T0 + 1, false);
      expect(again.map((entry) => entry.id)).toEqual([3]);
      expect(await store.count()).toBe(3);
      expect([...(await store.known([1, 3, 4])).keys()].sort()).toEqual([1, 3]);
    });

    it('reads a span oldest first, the entry before it, and the entries of given provider orders', async () => {
      const { store } = await open();
      await store.keep([input(5), input(3, { providerOrderId: 90 }), input(4, { providerOrderId: 91 }), input(1), input(6, { providerOrderId: 90, type: 'CREDIT' })], T0, false);
      expect((await store.between(T0 + 3 * MINUTE, T0 + 6 * MINUTE)).map((entry) => entry.id)).toEqual([3, 4, 5]);
      expect((await store.lastBefore(T0 + 3 * MINUTE))?.id).toBe(1);
      expect(await store.lastBefore(T0)).toBeNull();
      expect((await store.forProviderOrders([90])).map((entry) => entry.id)).toEqual([3, 6]);
      expect(await store.forProviderOrders([])).toEqual([]);
    });

    it('gives the new entries to judge, oldest first, and writes a verdict once', async () => {
      const { store } = await open();
      await store.keep([input(1)], T0, true);
      await store.keep([input(3), input(2)], T0, false);
      expect((await store.unjudged(10)).map((entry) => entry.id)).toEqual([2, 3]);
      expect(await store.judge(2, 'foreign-debit', T0 + 5)).toBe(true);
      expect(await store.judge(2, 'ours', T0 + 6)).toBe(false);
      expect((await store.unjudged(10)).map((entry) => entry.id)).toEqual([3]);
      const judged = await store.judgedSince(['foreign-debit'], T0);
      expect(judged).toHaveLength(1);
      expect(judged[0]).toMatchObject({ id: 2, verdict: 'foreign-debit', judgedAt: T0 + 5 });
    });

    it("finds orders by the POST's time and by provider id, and counts the POSTs still unsettled", async () => {
      const { store, seedOrders } = await open();
      const inside = new Date(T0 + 10 * MINUTE);
      await seedOrders([
        orderRow(T0, { providerOrderId: 501, postedAt: inside, totalAmount: BIG, lines: [line('Apple 25', 2_500, 2)], state: 'completed', userId: 7, costCentreId: 4, purposeNote: 'هدیهٔ نوروز' }),
        // Accepted but not recorded under the unique id: still ours, by the answer's id.
        orderRow(T0, { acceptedOrderId: 502, postedAt: inside, state: 'needs_review' }),
        orderRow(T0, { providerOrderId: 503, postedAt: new Date(T0 + 90 * MINUTE) }),
        orderRow(T0, { state: 'unknown', postedAt: inside, totalAmount: 4_200 }),
        orderRow(T0, { state: 'rejected', postedAt: inside }),
      ]);
      const placed = await store.ordersPlacedBetween(T0, T0 + 60 * MINUTE);
      expect(placed.map((order) => order.providerOrderId)).toEqual([501, 502]);
      expect(placed[0]).toMatchObject({ userId: 7, totalAmount: BIG, state: 'completed', placedAt: inside.getTime(), products: ['Apple 25'], batchId: null });
      // What each order was for travels with it, for the statement's columns and its chart per cost centre.
      expect(placed.map((order) => [order.costCentreId, order.purposeNote])).toEqual([
        [4, 'هدیهٔ نوروز'],
        [null, null],
      ]);
      expect((await store.ordersByProviderIds([503, 502, 999])).map((order) => order.providerOrderId).sort()).toEqual([502, 503]);
      expect(await store.unsettledPostTotals()).toEqual([4_200]);
    });
  });
}
