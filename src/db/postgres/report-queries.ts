import { and, asc, eq, gt, gte, inArray, lt, lte, max, sql } from 'drizzle-orm';
import { NEEDS_ACTION_STATES, RETURNED_STATES } from '../../domain/counted-states.js';
import type { DayRange } from '../../reports/export-range.js';
import { batchFactsOf, countedList, pagedById, REPORT_PAGE, withOrders, type ReportQueries } from '../../reports/report-queries.js';
import type { PgDb } from './open.js';
import { auditLog, batches, orders } from './schema.js';

/**
 * The report reads on PostgreSQL. Sums of bigint columns come back as
 * numeric text from the server: they are read as exact integers (amounts
 * stay below 2^53) rather than trusted to a driver's choice.
 */
export function createPostgresReportQueries(deps: { db: PgDb; pageSize?: number }): ReportQueries {
  const { db } = deps;
  const page = deps.pageSize ?? REPORT_PAGE;

  const inRange = (column: typeof orders.createdAt | typeof auditLog.at | typeof orders.updatedAt, range: DayRange) =>
    and(gte(column, new Date(range.from)), lt(column, new Date(range.to)));

  return {
    ordersCreated: (range) =>
      pagedById(
        (afterId) => db.select().from(orders).where(and(gt(orders.id, afterId), inRange(orders.createdAt, range))).orderBy(asc(orders.id)).limit(page),
        page,
      ),
    auditBetween: (range) =>
      pagedById(
        (afterId) => db.select().from(auditLog).where(and(gt(auditLog.id, afterId), inRange(auditLog.at, range))).orderBy(asc(auditLog.id)).limit(page),
        page,
      ),
    async figuresByPerson(range) {
      const counted = countedList();
      const rows = await db
        .select({
          userId: orders.userId,
          orders: sql<number>`sum(case when ${orders.state} in ${counted} then 1 else 0 end)`.mapWith(Number),
          spend: sql<number>`coalesce(sum(case when ${orders.state} in ${counted} then ${orders.totalAmount} else 0 end), 0)`.mapWith(Number),
          failed: sql<number>`sum(case when ${orders.state} in ('failed', 'cancelled') then 1 else 0 end)`.mapWith(Number),
          refunded: sql<number>`sum(case when ${orders.state} = 'refunded' then 1 else 0 end)`.mapWith(Number),
          refundedAmount: sql<number>`coalesce(sum(case when ${orders.state} = 'refunded' then ${orders.totalAmount} else 0 end), 0)`.mapWith(Number),
          batches: sql<number>`count(distinct case when ${orders.state} in ${counted} then ${orders.batchId} end)`.mapWith(Number),
          batchOrders: sql<number>`coalesce(sum(case when ${orders.state} in ${counted} and ${orders.batchId} is not null then 1 else 0 end), 0)`.mapWith(Number),
        })
        .from(orders)
        .where(inRange(orders.createdAt, range))
        .groupBy(orders.userId)
        .orderBy(asc(orders.userId));
      return withOrders(rows);
    },
    returnedBetween: (range) =>
      db
        .select()
        .from(orders)
        .where(and(inArray(orders.state, [...RETURNED_STATES]), inRange(orders.updatedAt, range)))
        .orderBy(asc(orders.id)),
    needingAction: () => db.select().from(orders).where(inArray(orders.state, [...NEEDS_ACTION_STATES])).orderBy(asc(orders.id)),
    async orderById(id) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },
    async orderByProviderId(providerOrderId) {
      const [row] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
      return row ?? null;
    },
    async latestAuditId() {
      const [row] = await db.select({ id: max(auditLog.id) }).from(auditLog);
      return row?.id ?? 0;
    },
    orderEvents: ({ afterId, upToId, actions, limit }) =>
      db
        .select({ auditId: auditLog.id, action: auditLog.action, order: orders })
        .from(auditLog)
        .innerJoin(orders, eq(auditLog.orderId, orders.id))
        .where(and(gt(auditLog.id, afterId), lte(auditLog.id, upToId), inArray(auditLog.action, [...actions])))
        .orderBy(asc(auditLog.id))
        .limit(limit),
    async hasOrderAuditAfter({ orderId, afterId, actions }) {
      const rows = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.orderId, orderId), gt(auditLog.id, afterId), inArray(auditLog.action, [...actions])))
        .limit(1);
      return rows.length > 0;
    },
    async hasBatchAuditBefore({ batchId, beforeId, actions }) {
      const rows = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .innerJoin(orders, eq(auditLog.orderId, orders.id))
        .where(and(eq(orders.batchId, batchId), lt(auditLog.id, beforeId), inArray(auditLog.action, [...actions])))
        .limit(1);
      return rows.length > 0;
    },
    async batchFacts(batchId) {
      const [row] = await db.select().from(batches).where(eq(batches.id, batchId));
      return row ? batchFactsOf(row) : null;
    },
  };
}
