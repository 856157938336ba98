import { and, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PageOf } from '../paging.js';
import { resolvePage } from '../paging.js';
import { listEntries, type OrderListEntry } from '../../orders/order-list-entries.js';
import {
  entrySql,
  findOrder,
  matchingPage,
  medianDeliveryMs,
  TYPICAL_DELIVERY_SAMPLE,
  type OrderQueries,
  type OrderScope,
} from '../../orders/order-queries.js';
import type { OrderRow } from '../order-store.js';
import type { PgDb } from './open.js';
import { batches, orders } from './schema.js';

/**
 * Reading the orders on PostgreSQL: the same rows, order and pages as on
 * SQLite. Plain reads, outside moneyTransaction: each is one statement (or,
 * for a page, a count and a page that may disagree by an order confirmed in
 * between, as on SQLite's file shared with the background loops).
 */
export function createPostgresOrderQueries(deps: { db: PgDb }): OrderQueries {
  const { db } = deps;

  const first = async (where: SQL): Promise<OrderRow | null> => (await db.select().from(orders).where(where).limit(1))[0] ?? null;
  const scoped = (scope: OrderScope) => (scope.kind === 'user' ? eq(orders.userId, scope.userId) : undefined);
  const entry = entrySql(orders);

  const queries: OrderQueries = {
    async recent(scope, request): Promise<PageOf<OrderListEntry>> {
      const where = scoped(scope);
      // count(*) is a bigint: pg hands it over as a string.
      const total = Number((await db.select({ n: sql<string>`${entry.count}` }).from(orders).where(where))[0]?.n ?? 0);
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      const keys = (
        await db
          .select({ batchId: orders.batchId, newestId: sql<number>`${entry.newest}` })
          .from(orders)
          .where(where)
          .groupBy(orders.batchId, entry.group)
          .orderBy(desc(entry.newest))
          .limit(pageSize)
          .offset(offset)
      ).map((key) => ({ batchId: key.batchId, newestId: Number(key.newestId) }));
      const singleIds = keys.filter((key) => key.batchId === null).map((key) => key.newestId);
      const batchIds = keys.flatMap((key) => (key.batchId === null ? [] : [key.batchId]));
      const singles = singleIds.length === 0 ? [] : await db.select().from(orders).where(inArray(orders.id, singleIds));
      const batchOrders =
        batchIds.length === 0
          ? []
          : await db
              .select({ batchId: orders.batchId, lines: orders.lines, totalAmount: orders.totalAmount, userId: orders.userId, createdAt: orders.createdAt })
              .from(orders)
              .where(inArray(orders.batchId, batchIds));
      const states = batchIds.length === 0 ? [] : await db.select({ id: batches.id, state: batches.state }).from(batches).where(inArray(batches.id, batchIds));
      const items = listEntries(keys, singles, batchOrders, new Map(states.map((row) => [row.id, row.state])));
      return { items, page, pageCount, total };
    },

    async withProduct(scope, matches, request) {
      // Only the titles leave the server, in line order: the predicate then judges exactly what it judges on SQLite.
      const rows = await db
        .select({ id: orders.id, titles: sql<string[]>`jsonb_path_query_array(${orders.lines}, '$[*].product.title')` })
        .from(orders)
        .where(scoped(scope))
        .orderBy(desc(orders.id));
      const { wanted, page, pageCount, total } = matchingPage(rows, matches, request);
      const items = wanted.length === 0 ? [] : await db.select().from(orders).where(inArray(orders.id, wanted)).orderBy(desc(orders.id));
      return { items, page, pageCount, total };
    },

    byId: (id) => first(eq(orders.id, id)),
    byProviderOrderId: (providerOrderId) => first(eq(orders.providerOrderId, providerOrderId)),
    // SQLite compares with COLLATE NOCASE; references are 'A' and digits, which lower() folds alike.
    byProviderReference: (reference) => first(sql`lower(${orders.providerReference}) = lower(${reference.trim()})`),
    byConfirmKey: (confirmKey) => first(eq(orders.confirmKey, confirmKey)),
    find: (lookup) => findOrder(queries, lookup),

    async typicalDeliveryMs() {
      const rows = await db
        .select({ postedAt: orders.postedAt, finishedAt: orders.finishedAt })
        .from(orders)
        .where(and(eq(orders.state, 'completed'), isNotNull(orders.postedAt), isNotNull(orders.finishedAt)))
        .orderBy(desc(orders.id))
        .limit(TYPICAL_DELIVERY_SAMPLE);
      return medianDeliveryMs(rows);
    },

    async hasActivity(chatId, sinceMs) {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.chatId, chatId), or(inArray(orders.state, ['intent', 'placing']), gte(orders.createdAt, new Date(sinceMs)))))
        .limit(1);
      return rows.length > 0;
    },

    async highestProviderOrderId() {
      // max() of a bigint is a bigint: a string from pg, exact; provider ids stay far below 2^53.
      const rows = await db
        .select({ highest: sql<string | null>`greatest(max(${orders.providerOrderId}), max(${orders.acceptedOrderId}))` })
        .from(orders);
      const highest = Number(rows[0]?.highest ?? 0);
      return highest > 0 ? highest : null;
    },
  };
  return queries;
}
