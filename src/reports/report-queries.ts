import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { auditLog, orders } from '../db/schema.js';
import type { OrderRow } from '../orders/order-repo.js';
import { COUNTED_STATES, NEEDS_ACTION_STATES, RETURNED_STATES } from '../orders/counted-states.js';
import type { DayRange } from './export-range.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** One person's figures over a span of time. */
export interface PersonFigures {
  userId: number;
  /** Orders that count as spent (see COUNTED_STATES). */
  orders: number;
  spend: number;
  /** Orders that failed or were cancelled: not delivered, money returned. */
  failed: number;
  refunded: number;
  refundedAmount: number;
}

export interface ReportQueries {
  /** Orders created inside the range, oldest first, read a page at a time. */
  ordersCreated(range: DayRange): Iterable<OrderRow>;
  /** Audit rows inside the range, oldest first, read a page at a time. */
  auditBetween(range: DayRange): Iterable<AuditRow>;
  /** Per person, for orders created inside the range; people without orders are left out. */
  figuresByPerson(range: DayRange): PersonFigures[];
  /** Orders that ended without delivery (failed, cancelled, refunded) during the range. */
  returnedBetween(range: DayRange): OrderRow[];
  /** Orders waiting for a person now, whenever they were placed. */
  needingAction(): OrderRow[];
  orderById(id: number): OrderRow | null;
  orderByProviderId(providerOrderId: number): OrderRow | null;
}

const PAGE = 500;

export function createReportQueries(deps: { db: Db }): ReportQueries {
  const { db } = deps;

  /** Keyset paging on the id: steady memory however long the span. */
  function* paged<T extends { id: number }>(read: (afterId: number) => T[]): Iterable<T> {
    let afterId = 0;
    for (;;) {
      const rows = read(afterId);
      yield* rows;
      if (rows.length < PAGE) return;
      afterId = rows.at(-1)!.id;
    }
  }

  const inRange = (column: typeof orders.createdAt | typeof auditLog.at | typeof orders.updatedAt, range: DayRange) =>
    and(gte(column, new Date(range.from)), lt(column, new Date(range.to)));

  return {
    ordersCreated: (range) =>
      paged((afterId) =>
        db.select().from(orders).where(and(gt(orders.id, afterId), inRange(orders.createdAt, range))).orderBy(asc(orders.id)).limit(PAGE).all(),
      ),
    auditBetween: (range) =>
      paged((afterId) =>
        db.select().from(auditLog).where(and(gt(auditLog.id, afterId), inRange(auditLog.at, range))).orderBy(asc(auditLog.id)).limit(PAGE).all(),
      ),
    figuresByPerson(range) {
      const counted = sql.raw(`(${COUNTED_STATES.map((s) => `'${s}'`).join(', ')})`);
      const rows = db
        .select({
          userId: orders.userId,
          orders: sql<number>`sum(case when ${orders.state} in ${counted} then 1 else 0 end)`,
          spend: sql<number>`coalesce(sum(case when ${orders.state} in ${counted} then ${orders.totalAmount} else 0 end), 0)`,
          failed: sql<number>`sum(case when ${orders.state} in ('failed', 'cancelled') then 1 else 0 end)`,
          refunded: sql<number>`sum(case when ${orders.state} = 'refunded' then 1 else 0 end)`,
          refundedAmount: sql<number>`coalesce(sum(case when ${orders.state} = 'refunded' then ${orders.totalAmount} else 0 end), 0)`,
        })
        .from(orders)
        .where(inRange(orders.createdAt, range))
        .groupBy(orders.userId)
        .orderBy(asc(orders.userId))
        .all();
      return rows
        .filter((r) => r.orders + r.failed + r.refunded > 0);
    },
    returnedBetween: (range) =>
      db
        .select()
        .from(orders)
        .where(and(inArray(orders.state, [...RETURNED_STATES]), inRange(orders.updatedAt, range)))
        .orderBy(asc(orders.id))
        .all(),
    needingAction: () => db.select().from(orders).where(inArray(orders.state, [...NEEDS_ACTION_STATES])).orderBy(asc(orders.id)).all(),
    orderById: (id) => db.select().from(orders).where(eq(orders.id, id)).get() ?? null,
    orderByProviderId: (providerOrderId) => db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).get() ?? null,
  };
}
