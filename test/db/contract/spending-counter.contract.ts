import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderState } from '../../../src/domain/order-states.js';
import { createSpendingCounter, type SpendingCounter } from '../../../src/orders/spending-counter.js';
import { createLocalPeriods, type MonthCalendar } from '../../../src/text/local-periods.js';
import { line, orderRow, type OrderReadsSubject } from './order-rows.js';

const TEHRAN = 'Asia/Tehran';
/** Local midnight in Tehran (UTC+3:30) that starts Sunday 1 Azar 1405 = 22 November 2026. */
const AZAR_1 = Date.parse('2026-11-21T20:30:00Z');
/** Local midnight in Tehran that starts 1 December 2026 (10 Azar 1405). */
const DECEMBER_1 = Date.parse('2026-11-30T20:30:00Z');
const MINUTE = 60_000;
const USER = 7;

/**
 * What the spending store counts, whatever database keeps the orders: read
 * through the counter with Tehran's days and months, where a UTC day would
 * cut in the wrong place.
 */
export function spendingCounterContract(database: string, fresh: () => Promise<OrderReadsSubject>): void {
  describe(`spending counted on ${database}`, () => {
    let subject: OrderReadsSubject;
    beforeEach(async () => {
      subject = await fresh();
    });
    const counter = (calendar: MonthCalendar): SpendingCounter => createSpendingCounter({ store: subject.spending, periods: createLocalPeriods(TEHRAN, calendar) });
    /** An order of `amount` by `userId`, created at `atMs`, in `state`. */
    const order = async (atMs: number, amount: number, state: OrderState = 'in_progress', userId = USER) =>
      (await subject.seed([orderRow(atMs, { userId, state, lines: [line('Google Play', amount)], totalAmount: amount })]))[0]!;

    it('counts an order at 23:59 Tehran time in yesterday, and one at 00:01 in today', async () => {
      await order(AZAR_1 - MINUTE, 300);
      await order(AZAR_1 + MINUTE, 500);
      const spending = counter('gregorian');
      expect((await spending.spentBy(USER, AZAR_1 + 10 * MINUTE)).day).toBe(500);
      expect((await spending.spentBy(USER, AZAR_1 - 30_000)).day).toBe(300);
    });

    it('counts an order made exactly at local midnight in the day it starts', async () => {
      await order(AZAR_1, 400);
      expect(await counter('gregorian').spentBy(USER, AZAR_1)).toEqual({ day: 400, month: 400 });
      expect((await counter('gregorian').spentBy(USER, AZAR_1 - 1)).day).toBe(0);
    });

    it('starts a new Persian month at the Tehran midnight of 1 Azar', async () => {
      await order(AZAR_1 - MINUTE, 300);
      await order(AZAR_1 + MINUTE, 500);
      expect((await counter('persian').spentBy(USER, AZAR_1 + 10 * MINUTE)).month).toBe(500);
      expect((await counter('persian').spentBy(USER, AZAR_1 - 10 * MINUTE)).month).toBe(300);
    });

    it('keeps 30 Aban and 1 Azar in one Gregorian month, and starts December at the Tehran midnight', async () => {
      const spending = counter('gregorian');
      await order(AZAR_1 - MINUTE, 300);
      await order(AZAR_1 + MINUTE, 500);
      expect((await spending.spentBy(USER, AZAR_1 + 10 * MINUTE)).month).toBe(800);
      await order(DECEMBER_1 - MINUTE, 1_000);
      await order(DECEMBER_1 + MINUTE, 2_000);
      expect(await spending.spentBy(USER, DECEMBER_1 + 10 * MINUTE)).toEqual({ day: 2_000, month: 2_000 });
      expect(await spending.spentBy(USER, DECEMBER_1 - 30_000)).toEqual({ day: 1_000, month: 1_800 });
    });

    it('no longer counts orders that failed, were cancelled, refunded, refused, not placed, nor intents', async () => {
      for (const state of ['failed', 'cancelled', 'refunded', 'rejected', 'not_placed', 'intent'] as const) await order(AZAR_1 + MINUTE, 1_000, state);
      expect(await counter('gregorian').spentBy(USER, AZAR_1 + 2 * MINUTE)).toEqual({ day: 0, month: 0 });
    });

    it('counts orders being sent, in progress, delivered, waiting for action or review, and of unknown outcome', async () => {
      for (const state of ['placing', 'in_progress', 'completed', 'action_required', 'needs_review', 'unrecognised', 'unknown'] as const) {
        await order(AZAR_1 + MINUTE, 1_000, state);
      }
      expect((await counter('gregorian').spentBy(USER, AZAR_1 + 2 * MINUTE)).day).toBe(7_000);
    });

    it('counts every order of a batch toward the person’s day and month, as each is placed, and not those that failed', async () => {
      const batch = await subject.seedBatch(USER, 'running');
      const placed = await subject.seed(
        [10, 10, 10, 5].map((units, index) =>
          orderRow(AZAR_1 + (index + 1) * MINUTE, { userId: USER, batchId: batch, batchIndex: index, lines: [line('Google Play', 1_000, units)], totalAmount: units * 1_000 }),
        ),
      );
      await order(AZAR_1 - MINUTE, 2_000);
      const spending = counter('gregorian');
      expect(await spending.spentBy(USER, AZAR_1 + 10 * MINUTE)).toEqual({ day: 35_000, month: 37_000 });
      // The order being checked under the wallet lock is left out; the batch's other orders count against it.
      expect(await spending.spentBy(USER, AZAR_1 + 10 * MINUTE, placed[1]!.id)).toEqual({ day: 25_000, month: 27_000 });
      await subject.seed([orderRow(AZAR_1 + 5 * MINUTE, { userId: USER, batchId: batch, batchIndex: 4, state: 'failed', totalAmount: 50_000 })]);
      expect((await spending.spentBy(USER, AZAR_1 + 10 * MINUTE)).day).toBe(35_000);
    });

    it('counts only the person’s own orders, and leaves out the order being checked', async () => {
      const own = await order(AZAR_1 + MINUTE, 1_000);
      await order(AZAR_1 + MINUTE, 9_000, 'in_progress', USER + 1);
      const spending = counter('gregorian');
      expect((await spending.spentBy(USER, AZAR_1 + 2 * MINUTE)).day).toBe(1_000);
      expect((await spending.spentBy(USER, AZAR_1 + 2 * MINUTE, own.id)).day).toBe(0);
      expect(await spending.spentByEveryone(AZAR_1 + 2 * MINUTE)).toEqual({ day: 10_000, month: 10_000 });
    });

    it('counts nothing for someone who never ordered, and for a month with no orders', async () => {
      await order(AZAR_1 + MINUTE, 1_000);
      expect(await counter('gregorian').spentBy(USER + 5, AZAR_1 + 2 * MINUTE)).toEqual({ day: 0, month: 0 });
      expect(await counter('gregorian').spentByEveryone(DECEMBER_1 + 40 * 24 * 60 * MINUTE)).toEqual({ day: 0, month: 0 });
    });

    it('sums amounts above 2^31 exactly, up to what a number holds exactly', async () => {
      await order(AZAR_1 + MINUTE, 3_000_000_001);
      await order(AZAR_1 + 2 * MINUTE, 3_000_000_002);
      await order(AZAR_1 - MINUTE, 2 ** 31 + 5, 'completed', USER + 1);
      const spending = counter('gregorian');
      expect(await spending.spentBy(USER, AZAR_1 + 3 * MINUTE)).toEqual({ day: 6_000_000_003, month: 6_000_000_003 });
      expect(await spending.spentByEveryone(AZAR_1 + 3 * MINUTE)).toEqual({ day: 6_000_000_003, month: 6_000_000_003 + 2 ** 31 + 5 });
      // Past 2^52, where a number still holds every integer: the sum arrives whole (beyond 2^53 it is refused).
      await order(AZAR_1 + 4 * MINUTE, 4_000_000_000_000_001, 'completed', USER + 2);
      await order(AZAR_1 + 5 * MINUTE, 4_000_000_000_000_002, 'completed', USER + 2);
      expect(await spending.spentBy(USER + 2, AZAR_1 + 6 * MINUTE)).toEqual({ day: 8_000_000_000_000_003, month: 8_000_000_000_000_003 });
    });
  });
}
