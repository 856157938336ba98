import { and, desc, eq, inArray, isNotNull, max, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { orderActivityWhere } from './order-activity.js';
import { listEntries, type OrderListEntry } from './order-list-entries.js';
import type { OrderRow } from './order-row.js';
import { resolvePage, type PageOf, type PageRequest } from './paging.js';
import type { Database } from './seam/database.js';

/** Whose orders a list shows: one person's, or everyone's (administrators). */
export type OrderScope = { kind: 'user'; userId: number } | { kind: 'everyone' };

/** How someone named an order: our '#id', the provider's orderId, or its reference ('A…'). */
export type OrderLookup =
  | { kind: 'local'; id: number }
  | { kind: 'provider-id'; orderId: number }
  | { kind: 'reference'; reference: string };

/**
 * Reading the orders, as every database keeps them: the lists and look-ups
 * of the chat, and what start-up and the idle sweeper ask. Plain reads,
 * outside the money transaction: each is one statement (or, for a page, a
 * count and a page that may disagree by an order confirmed in between).
 */
export interface OrderQueries {
  /**
   * Newest first, the orders of a batch as one entry (placed where its
   * newest order is): the pages count entries, not orders.
   */
  recent(scope: OrderScope, request: PageRequest): Promise<PageOf<OrderListEntry>>;
  /**
   * Newest first, the orders with a line whose product title `matches`
   * accepts. The caller decides what matching means (how Persian and
   * Arabic letters fold); only ids and titles are read to decide it.
   */
  withProduct(scope: OrderScope, matches: (productTitle: string) => boolean, request: PageRequest): Promise<PageOf<OrderRow>>;
  byId(id: number): Promise<OrderRow | null>;
  byProviderOrderId(providerOrderId: number): Promise<OrderRow | null>;
  /** Either case: the provider writes references with a capital A, people type either. */
  byProviderReference(reference: string): Promise<OrderRow | null>;
  /** The order a summary's Confirm created, if it created one. */
  byConfirmKey(confirmKey: string): Promise<OrderRow | null>;
  find(lookup: OrderLookup): Promise<OrderRow | null>;
  /** Median time from sending to delivery of the last completed orders; null when none has completed yet. */
  typicalDeliveryMs(): Promise<number | null>;
  /** Whether the chat is busy with an order (order-activity.ts), asked outside a transaction. */
  hasActivity(chatId: number, sinceMs: number): Promise<boolean>;
  /**
   * The highest order id the provider is known to have handed out, by any
   * order of this database (recorded, or only accepted and sent to
   * review); null when none. The in-process sandbox numbers its orders
   * above it, so that a sandbox that lost its state file never repeats an
   * id stored here.
   */
  highestProviderOrderId(): Promise<number | null>;
}

/** Recent enough to say how the provider is doing now, enough that one slow order does not decide it. */
const TYPICAL_DELIVERY_SAMPLE = 20;

/** The median of the sample's send-to-delivery times (newest completed first). */
function medianDeliveryMs(rows: ReadonlyArray<{ postedAt: Date | null; finishedAt: Date | null }>): number | null {
  const durations = rows
    .map((row) => row.finishedAt!.getTime() - row.postedAt!.getTime())
    .filter((ms) => ms >= 0)
    .sort((a, b) => a - b);
  if (durations.length === 0) return null;
  const middle = Math.floor(durations.length / 2);
  return durations.length % 2 === 1 ? durations[middle]! : Math.round((durations[middle - 1]! + durations[middle]!) / 2);
}

/**
 * The page of ids whose titles `matches` accepts, from every order of the
 * scope newest first: the predicate is the caller's (JavaScript), so the
 * lines are read and their titles judged here.
 */
function matchingPage(
  rows: ReadonlyArray<{ id: number; titles: readonly string[] }>,
  matches: (productTitle: string) => boolean,
  request: PageRequest,
): { wanted: number[]; page: number; pageCount: number; total: number } {
  const ids = rows.filter((row) => row.titles.some((title) => matches(title))).map((row) => row.id);
  const { page, pageSize, pageCount, offset } = resolvePage(request, ids.length);
  return { wanted: ids.slice(offset, offset + pageSize), page, pageCount, total: ids.length };
}

/**
 * The entries of recent(): each order outside a batch is its own group,
 * the orders of a batch one group, placed by its newest order.
 */
function entrySql(t: { id: AnyColumn; batchId: AnyColumn }) {
  return {
    group: sql`case when ${t.batchId} is null then ${t.id} end`,
    count: sql`count(distinct ${t.batchId}) + coalesce(sum(case when ${t.batchId} is null then 1 else 0 end), 0)`,
    newest: sql`max(${t.id})`,
  };
}

/** OrderQueries.find from the three look-ups. */
function findOrder(queries: Pick<OrderQueries, 'byId' | 'byProviderOrderId' | 'byProviderReference'>, lookup: OrderLookup): Promise<OrderRow | null> {
  switch (lookup.kind) {
    case 'local':
      return queries.byId(lookup.id);
    case 'provider-id':
      return queries.byProviderOrderId(lookup.orderId);
    case 'reference':
      return queries.byProviderReference(lookup.reference);
  }
}

export function createOrderQueries(deps: { database: Database }): OrderQueries {
  const { q, tables } = deps.database;
  const { orders, batches } = tables;

  const first = async (where: SQL): Promise<OrderRow | null> => (await q.select().from(orders).where(where).limit(1))[0] ?? null;
  const scoped = (scope: OrderScope) => (scope.kind === 'user' ? eq(orders.userId, scope.userId) : undefined);
  const entry = entrySql(orders);

  const queries: OrderQueries = {
    async recent(scope, request) {
      const where = scoped(scope);
      // A count is a bigint on PostgreSQL, which pg hands over as a string.
      const total = Number((await q.select({ n: sql<number | string>`${entry.count}` }).from(orders).where(where))[0]?.n ?? 0);
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      // Ids grow with time, and (user_id, id) is indexed.
      const keys = (
        await q
          .select({ batchId: orders.batchId, newestId: sql<number | string>`${entry.newest}` })
          .from(orders)
          .where(where)
          .groupBy(orders.batchId, entry.group)
          .orderBy(desc(entry.newest))
          .limit(pageSize)
          .offset(offset)
      ).map((key) => ({ batchId: key.batchId, newestId: Number(key.newestId) }));
      const singleIds = keys.filter((key) => key.batchId === null).map((key) => key.newestId);
      const batchIds = keys.flatMap((key) => (key.batchId === null ? [] : [key.batchId]));
      const singles = singleIds.length === 0 ? [] : await q.select().from(orders).where(inArray(orders.id, singleIds));
      const batchOrders =
        batchIds.length === 0
          ? []
          : await q
              .select({ batchId: orders.batchId, lines: orders.lines, totalAmount: orders.totalAmount, userId: orders.userId, createdAt: orders.createdAt })
              .from(orders)
              .where(inArray(orders.batchId, batchIds));
      const states = batchIds.length === 0 ? [] : await q.select({ id: batches.id, state: batches.state }).from(batches).where(inArray(batches.id, batchIds));
      const items = listEntries(keys, singles, batchOrders, new Map(states.map((row) => [row.id, row.state])));
      return { items, page, pageCount, total };
    },

    async withProduct(scope, matches, request) {
      const rows = await q.select({ id: orders.id, lines: orders.lines }).from(orders).where(scoped(scope)).orderBy(desc(orders.id));
      const { wanted, page, pageCount, total } = matchingPage(
        rows.map((row) => ({ id: row.id, titles: row.lines.map((line) => line.product.title) })),
        matches,
        request,
      );
      const items = wanted.length === 0 ? [] : await q.select().from(orders).where(inArray(orders.id, wanted)).orderBy(desc(orders.id));
      return { items, page, pageCount, total };
    },

    byId: (id) => first(eq(orders.id, id)),
    byProviderOrderId: (providerOrderId) => first(eq(orders.providerOrderId, providerOrderId)),
    // References are 'A' and digits: lower() folds them alike on both databases.
    byProviderReference: (reference) => first(sql`lower(${orders.providerReference}) = lower(${reference.trim()})`),
    byConfirmKey: (confirmKey) => first(eq(orders.confirmKey, confirmKey)),
    find: (lookup) => findOrder(queries, lookup),

    async typicalDeliveryMs() {
      const rows = await q
        .select({ postedAt: orders.postedAt, finishedAt: orders.finishedAt })
        .from(orders)
        .where(and(eq(orders.state, 'completed'), isNotNull(orders.postedAt), isNotNull(orders.finishedAt)))
        .orderBy(desc(orders.id))
        .limit(TYPICAL_DELIVERY_SAMPLE);
      return medianDeliveryMs(rows);
    },

    async hasActivity(chatId, sinceMs) {
      const rows = await q.select({ id: orders.id }).from(orders).where(orderActivityWhere(orders, chatId, sinceMs)).limit(1);
      return rows.length > 0;
    },

    async highestProviderOrderId() {
      // Two aggregates, the larger taken here: SQLite's max(a, b) is PostgreSQL's greatest(a, b).
      const [row] = await q.select({ recorded: max(orders.providerOrderId), accepted: max(orders.acceptedOrderId) }).from(orders);
      const highest = Math.max(Number(row?.recorded ?? 0), Number(row?.accepted ?? 0));
      return highest > 0 ? highest : null;
    },
  };
  return queries;
}
