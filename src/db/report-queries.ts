import { and, asc, eq, gt, gte, inArray, lt, lte, max, sql, type Column } from 'drizzle-orm';
import { planUnits, type BatchOrderPlan } from '../domain/batches.js';
import { COUNTED_STATES, NEEDS_ACTION_STATES, RETURNED_STATES } from '../domain/counted-states.js';
import type { OrderRow } from './order-row.js';
import type { Database } from './seam/database.js';
import type { Tables } from './seam/tables.js';

export type AuditRow = Tables['auditLog']['$inferSelect'];

/** A span of local days: from the midnight starting `from` up to, not including, `to` (ms). */
export interface DayRange {
  from: number;
  to: number;
}

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
  /** Batches with a counted order, and how many of `orders` were placed by a batch. */
  batches: number;
  batchOrders: number;
}

/** What the orders of one cost centre (or of none, `costCentreId` null) spent over a span of time. */
export interface CostCentreFigures {
  costCentreId: number | null;
  /** Orders that count as spent (see COUNTED_STATES). */
  orders: number;
  spend: number;
}

/** An audit row of one of the given actions, with the order it names. */
export interface OrderEvent {
  auditId: number;
  action: string;
  order: OrderRow;
}

/**
 * What reports, exports, the digest and the order feed read. Read only:
 * nothing here changes a row. Sums come back as numbers from SQLite and as
 * numeric text from PostgreSQL: both are read as numbers (amounts stay
 * below 2^53).
 */
export interface ReportQueries {
  /** Orders created inside the range, oldest first, read a page at a time (keyset on the id), so an export of any length holds one page. */
  ordersCreated(range: DayRange): AsyncIterable<OrderRow>;
  /** Audit rows inside the range, oldest first, read a page at a time. */
  auditBetween(range: DayRange): AsyncIterable<AuditRow>;
  /** Per person, for orders created inside the range; people without orders are left out. */
  figuresByPerson(range: DayRange): Promise<PersonFigures[]>;
  /** Per cost centre (null: none was named), for counted orders created inside the range; largest spend first, then by id with none last. */
  figuresByCostCentre(range: DayRange): Promise<CostCentreFigures[]>;
  /** Orders that ended without delivery (failed, cancelled, refunded) during the range. */
  returnedBetween(range: DayRange): Promise<OrderRow[]>;
  /** Orders waiting for a person now, whenever they were placed. */
  needingAction(): Promise<OrderRow[]>;
  orderById(id: number): Promise<OrderRow | null>;
  orderByProviderId(providerOrderId: number): Promise<OrderRow | null>;
  /** The newest audit row's id; 0 when the log is empty. */
  latestAuditId(): Promise<number>;
  /** Audit rows with id in (afterId, upToId] of one of `actions` that name an order, oldest first, at most `limit`. */
  orderEvents(query: { afterId: number; upToId: number; actions: readonly string[]; limit: number }): Promise<OrderEvent[]>;
  /** Whether the order has an audit row of one of `actions` after `afterId`. */
  hasOrderAuditAfter(query: { orderId: number; afterId: number; actions: readonly string[] }): Promise<boolean>;
  /** Whether any order of the batch has an audit row of one of `actions` before `beforeId`: the feed announces a batch at its first. */
  hasBatchAuditBefore(query: { batchId: number; beforeId: number; actions: readonly string[] }): Promise<boolean>;
  /** A batch as it was confirmed (orders, units, total); null when there is none of that id. */
  batchFacts(batchId: number): Promise<BatchFacts | null>;
}

/** What the feed says of a batch: as confirmed, not as far as it got. */
export interface BatchFacts {
  id: number;
  requesterId: number;
  orders: number;
  units: number;
  total: number;
  /** The cost centres its orders name, each once, in the order of the plan. */
  costCentreIds: number[];
}

/** A batch row's facts. */
const batchFactsOf = (row: { id: number; requesterId: number; plan: readonly BatchOrderPlan[]; total: number }): BatchFacts => ({
  id: row.id,
  requesterId: row.requesterId,
  orders: row.plan.length,
  units: planUnits(row.plan),
  total: row.total,
  costCentreIds: [...new Set(row.plan.flatMap((order) => (order.costCentreId ? [order.costCentreId] : [])))],
});

/** Rows per page of an export: steady memory however long the span. */
const REPORT_PAGE = 500;

/**
 * Keyset paging on the id. Before each further page it returns to the
 * event loop: SQLite reads a page synchronously, so without this a page
 * read would run in the same turn as the rows written before it, holding
 * other chats for both.
 */
export async function* pagedById<T extends { id: number }>(read: (afterId: number) => Promise<T[]>, page = REPORT_PAGE): AsyncIterable<T> {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId);
    yield* rows;
    if (rows.length < page) return;
    afterId = rows.at(-1)!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Keeps the people with at least one order of any kind in the span. */
const withOrders = (rows: PersonFigures[]): PersonFigures[] => rows.filter((r) => r.orders + r.failed + r.refunded > 0);

/** The SQL list of the counted states, written out as text (they are the domain's own words, never input). */
const countedList = () => sql.raw(`(${COUNTED_STATES.map((s) => `'${s}'`).join(', ')})`);

export function createReportQueries(deps: { database: Database; pageSize?: number }): ReportQueries {
  const { q, tables } = deps.database;
  const { orders, auditLog, batches } = tables;
  const page = deps.pageSize ?? REPORT_PAGE;

  const inRange = (column: Column, range: DayRange) => and(gte(column, new Date(range.from)), lt(column, new Date(range.to)));
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;
  const counted = countedList();
  /** A count or sum of the orders: a number from SQLite, numeric text from PostgreSQL. */
  const figure = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

  return {
    ordersCreated: (range) =>
      pagedById((afterId) => q.select().from(orders).where(and(gt(orders.id, afterId), inRange(orders.createdAt, range))).orderBy(asc(orders.id)).limit(page), page),
    auditBetween: (range) =>
      pagedById((afterId) => q.select().from(auditLog).where(and(gt(auditLog.id, afterId), inRange(auditLog.at, range))).orderBy(asc(auditLog.id)).limit(page), page),
    async figuresByPerson(range) {
      const rows = await q
        .select({
          userId: orders.userId,
          orders: figure(sql`sum(case when ${orders.state} in ${counted} then 1 else 0 end)`),
          spend: figure(sql`coalesce(sum(case when ${orders.state} in ${counted} then ${orders.totalAmount} else 0 end), 0)`),
          failed: figure(sql`sum(case when ${orders.state} in ('failed', 'cancelled') then 1 else 0 end)`),
          refunded: figure(sql`sum(case when ${orders.state} = 'refunded' then 1 else 0 end)`),
          refundedAmount: figure(sql`coalesce(sum(case when ${orders.state} = 'refunded' then ${orders.totalAmount} else 0 end), 0)`),
          batches: figure(sql`count(distinct case when ${orders.state} in ${counted} then ${orders.batchId} end)`),
          batchOrders: figure(sql`coalesce(sum(case when ${orders.state} in ${counted} and ${orders.batchId} is not null then 1 else 0 end), 0)`),
        })
        .from(orders)
        .where(inRange(orders.createdAt, range))
        .groupBy(orders.userId)
        .orderBy(asc(orders.userId));
      return withOrders(rows);
    },
    async figuresByCostCentre(range) {
      const rows = await q
        .select({
          costCentreId: orders.costCentreId,
          orders: figure(sql`count(*)`),
          spend: figure(sql`coalesce(sum(${orders.totalAmount}), 0)`),
        })
        .from(orders)
        .where(and(inRange(orders.createdAt, range), sql`${orders.state} in ${counted}`))
        .groupBy(orders.costCentreId);
      // Sorted here, not in SQL: where NULL sorts differs between the two databases.
      return rows.sort((a, b) => b.spend - a.spend || (a.costCentreId ?? Infinity) - (b.costCentreId ?? Infinity));
    },
    returnedBetween: async (range) =>
      q
        .select()
        .from(orders)
        .where(and(inArray(orders.state, [...RETURNED_STATES]), inRange(orders.updatedAt, range)))
        .orderBy(asc(orders.id)),
    needingAction: async () => q.select().from(orders).where(inArray(orders.state, [...NEEDS_ACTION_STATES])).orderBy(asc(orders.id)),
    orderById: async (id) => first(await q.select().from(orders).where(eq(orders.id, id))),
    orderByProviderId: async (providerOrderId) => first(await q.select().from(orders).where(eq(orders.providerOrderId, providerOrderId))),
    latestAuditId: async () => (await q.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0,
    orderEvents: async ({ afterId, upToId, actions, limit }) =>
      q
        .select({ auditId: auditLog.id, action: auditLog.action, order: orders })
        .from(auditLog)
        .innerJoin(orders, eq(auditLog.orderId, orders.id))
        .where(and(gt(auditLog.id, afterId), lte(auditLog.id, upToId), inArray(auditLog.action, [...actions])))
        .orderBy(asc(auditLog.id))
        .limit(limit),
    async hasOrderAuditAfter({ orderId, afterId, actions }) {
      const rows = await q
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.orderId, orderId), gt(auditLog.id, afterId), inArray(auditLog.action, [...actions])))
        .limit(1);
      return rows.length > 0;
    },
    async hasBatchAuditBefore({ batchId, beforeId, actions }) {
      const rows = await q
        .select({ id: auditLog.id })
        .from(auditLog)
        .innerJoin(orders, eq(auditLog.orderId, orders.id))
        .where(and(eq(orders.batchId, batchId), lt(auditLog.id, beforeId), inArray(auditLog.action, [...actions])))
        .limit(1);
      return rows.length > 0;
    },
    async batchFacts(batchId) {
      const row = first(await q.select().from(batches).where(eq(batches.id, batchId)));
      return row ? batchFactsOf(row) : null;
    },
  };
}
