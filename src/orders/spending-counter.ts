import { and, gte, eq, inArray, ne, sql } from 'drizzle-orm';
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

/** From `from` (included) to `to` (excluded), in epoch milliseconds. */
export interface SpendingWindow {
  from: number;
  to: number;
}

export interface SpendingQuery {
  /** One person's orders, or everyone's when null. */
  userId: number | null;
  day: SpendingWindow;
  /** Holds the day. */
  month: SpendingWindow;
  /** Left out: the order being checked. */
  exceptOrderId?: number;
}

/**
 * The totals of the orders that count as spent (COUNTED_STATES), created
 * within each window, exact, as every database keeps them. Which windows
 * are the local day and month is the counter's business, not the store's.
 */
export interface SpendingStore {
  spentWithin(query: SpendingQuery): Promise<Spent>;
}

export interface SpendingCounter {
  /**
   * What the person spent in the local day and month holding `nowMs`,
   * leaving out `exceptOrderId` (the order being checked). Each period is
   * bounded at both ends, so a past moment can be asked about too.
   */
  spentBy(userId: number, nowMs: number, exceptOrderId?: number): Promise<Spent>;
  /** When the local day or month holding `nowMs` ends: what is spent in it stops counting then. */
  periodEnd(period: 'day' | 'month', nowMs: number): number;
  /** What everyone spent together in the local day and month holding `nowMs`, counted alike. */
  spentByEveryone(nowMs: number): Promise<Spent>;
}

/** Counted from our own orders, not the provider's history: limits hold while the provider is slow or unreachable. */
export function createSpendingCounter(deps: { store: SpendingStore; periods: LocalPeriods }): SpendingCounter {
  const { store, periods } = deps;
  const spent = (userId: number | null, nowMs: number, exceptOrderId?: number): Promise<Spent> =>
    store.spentWithin({
      userId,
      day: { from: periods.startOfDay(nowMs), to: periods.startOfNextDay(nowMs) },
      month: { from: periods.startOfMonth(nowMs), to: periods.startOfNextMonth(nowMs) },
      ...(exceptOrderId === undefined ? {} : { exceptOrderId }),
    });

  return {
    spentBy: (userId, nowMs, exceptOrderId) => spent(userId, nowMs, exceptOrderId),
    spentByEveryone: (nowMs) => spent(null, nowMs),
    periodEnd(period, nowMs) {
      return period === 'day' ? periods.startOfNextDay(nowMs) : periods.startOfNextMonth(nowMs);
    },
  };
}

/** The SQLite store: one synchronous statement behind a promise. */
export function createSqliteSpendingStore(deps: { db: Db }): SpendingStore {
  const { db } = deps;
  return {
    async spentWithin({ userId, day, month, exceptOrderId }) {
      // created_at is kept in epoch milliseconds: the windows compare as plain integers.
      const within = (period: SpendingWindow) =>
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
    },
  };
}
