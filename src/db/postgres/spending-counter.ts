import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { COUNTED_STATES } from '../../orders/counted-states.js';
import type { SpendingStore, SpendingWindow } from '../../orders/spending-counter.js';
import type { PgDb } from './open.js';
import { orders } from './schema.js';

const DIGITS = /^-?[0-9]+$/;

/**
 * A sum as pg hands it over: sum() of a bigint is a numeric, which arrives
 * as a decimal string. Read through BigInt, so that a sum beyond what a
 * number holds exactly (2^53) is refused instead of rounded.
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

/** The totals on PostgreSQL: the same one pass as on SQLite, the windows compared as instants. */
export function createPostgresSpendingStore(deps: { db: PgDb }): SpendingStore {
  const { db } = deps;
  return {
    async spentWithin({ userId, day, month, exceptOrderId }) {
      const within = (period: SpendingWindow) =>
        sql`coalesce(sum(case when ${orders.createdAt} >= ${new Date(period.from)}::timestamptz and ${orders.createdAt} < ${new Date(period.to)}::timestamptz then ${orders.totalAmount} else 0 end), 0)`;
      const rows = await db
        .select({ day: sql<string>`${within(day)}`, month: sql<string>`${within(month)}` })
        .from(orders)
        .where(
          and(
            userId === null ? undefined : eq(orders.userId, userId),
            gte(orders.createdAt, new Date(Math.min(day.from, month.from))),
            // Intents are not counted here: the order service counts them under the wallet lock as they are placed.
            inArray(orders.state, [...COUNTED_STATES]),
            exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
          ),
        );
      return { day: exactSum(rows[0]?.day), month: exactSum(rows[0]?.month) };
    },
  };
}
