import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { COUNTED_STATES } from '../domain/counted-states.js';
import type { Database } from './seam/database.js';

export interface Spent {
  /** Since the local midnight that started today. */
  day: number;
  /** Since the local midnight that started this month (in the configured calendar). */
  month: number;
}

/** From `from` (included) to `to` (excluded), in epoch milliseconds. */
interface SpendingWindow {
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
 * within each window, exact. Which windows
 * are the local day and month is the counter's business, not the store's.
 */
export interface SpendingStore {
  spentWithin(query: SpendingQuery): Promise<Spent>;
}

const DIGITS = /^-?[0-9]+$/;

/**
 * A sum as the database hands it over: SQLite's is a number; PostgreSQL's
 * sum() of a bigint is a numeric, which arrives as a decimal string, read
 * through BigInt, so that a sum beyond what a number holds exactly (2^53)
 * is refused instead of rounded.
 */
export function exactSum(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`spending sum ${value} is not an exact integer`);
    return value;
  }
  if (!DIGITS.test(value)) throw new RangeError(`spending sum ${JSON.stringify(value)} is not an integer`);
  const exact = BigInt(value);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`spending sum ${value} is beyond what is counted exactly`);
  }
  return Number(exact);
}

/**
 * The statement that counts one person's (or everyone's) spending: built
 * apart so that a test can ask each database how it runs it. A person's
 * count reaches the period's orders through orders_user_created_idx
 * (user_id, created_at), not every order the person ever made.
 */
export function spendingStatement(database: Database, { userId, day, month, exceptOrderId }: SpendingQuery) {
  const { q, tables } = database;
  const { orders } = tables;
  // The window's ends bound as the column stores a moment, so each database compares like with like.
  const at = (ms: number) => sql.param(new Date(ms), orders.createdAt);
  const within = (period: SpendingWindow) =>
    sql`coalesce(sum(case when ${orders.createdAt} >= ${at(period.from)} and ${orders.createdAt} < ${at(period.to)} then ${orders.totalAmount} else 0 end), 0)`;
  return q
    .select({ day: sql<string | number>`${within(day)}`, month: sql<string | number>`${within(month)}` })
    .from(orders)
    .where(
      and(
        userId === null ? undefined : eq(orders.userId, userId),
        gte(orders.createdAt, new Date(Math.min(day.from, month.from))),
        // Both periods end at the latest of their ends: orders dated later (a clock set back) are read by neither.
        lt(orders.createdAt, new Date(Math.max(day.to, month.to))),
        // Intents are not counted here: the order service counts them under the wallet lock as they are placed.
        inArray(orders.state, [...COUNTED_STATES]),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
}

export function createSpendingStore(deps: { database: Database }): SpendingStore {
  return {
    async spentWithin(query) {
      const rows = await spendingStatement(deps.database, query);
      return { day: exactSum(rows[0]?.day), month: exactSum(rows[0]?.month) };
    },
  };
}
