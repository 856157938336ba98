import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { LocalPeriods } from '../text/local-periods.js';
import type { Db } from '../db/open.js';
import { orders } from '../db/schema.js';
import { COUNTED_STATES } from './counted-states.js';

export interface Spent {
  /** Since the local midnight that started today. */
  day: number;
  /** Since the local midnight that started this month (in the configured calendar). */
  month: number;
}

export interface SpendingCounter {
  /**
   * What the person spent in the local day and month holding `nowMs`,
   * leaving out `exceptOrderId` (the order being checked). Each period is
   * bounded at both ends, so a past moment can be asked about too.
   */
  spentBy(userId: number, nowMs: number, exceptOrderId?: number): Spent;
  /** When the local day or month holding `nowMs` ends: what is spent in it stops counting then. */
  periodEnd(period: 'day' | 'month', nowMs: number): number;
  /** What everyone spent together in the local day and month holding `nowMs`, counted alike. */
  spentByEveryone(nowMs: number): Spent;
}

/** Counted from our own orders, not the provider's history: limits hold while the provider is slow or unreachable. */
export function createSpendingCounter(deps: { db: Db; periods: LocalPeriods }): SpendingCounter {
  const { db, periods } = deps;
  /** One person's spending, or everyone's when `userId` is null. */
  function spent(userId: number | null, nowMs: number, exceptOrderId?: number): Spent {
    const day = { from: periods.startOfDay(nowMs), to: periods.startOfNextDay(nowMs) };
    const month = { from: periods.startOfMonth(nowMs), to: periods.startOfNextMonth(nowMs) };
    const within = (period: { from: number; to: number }) =>
      sql`coalesce(sum(case when ${orders.createdAt} >= ${period.from} and ${orders.createdAt} < ${period.to} then ${orders.totalAmount} else 0 end), 0)`;
    // The day lies inside the month: one pass over the month's orders gives both.
    const row = db
      .select({ day: sql<number>`${within(day)}`, month: sql<number>`${within(month)}` })
      .from(orders)
      .where(
        and(
          userId === null ? undefined : eq(orders.userId, userId),
          gte(orders.createdAt, new Date(Math.min(day.from, month.from))),
          // Intents are not counted here: the order service counts them under the wallet lock as they are placed.
          inArray(orders.state, [...COUNTED_STATES]),
          exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
        ),
      )
      .get();
    return { day: Number(row?.day ?? 0), month: Number(row?.month ?? 0) };
  }

  return {
    spentBy: (userId, nowMs, exceptOrderId) => spent(userId, nowMs, exceptOrderId),
    spentByEveryone: (nowMs) => spent(null, nowMs),
    periodEnd(period, nowMs) {
      return period === 'day' ? periods.startOfNextDay(nowMs) : periods.startOfNextMonth(nowMs);
    },
  };
}
