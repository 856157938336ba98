import { and, desc, eq, gte, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import type { SyncDb } from '../db/sync-db.js';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import { batches, orders } from '../db/schema.js';
import { normaliseDigits } from '../text/digits.js';
import { listEntries, type OrderListEntry } from './order-list-entries.js';
import type { OrderRow } from '../db/order-store.js';

/** Whose orders a list shows: one person's, or everyone's (administrators). */
export type OrderScope = { kind: 'user'; userId: number } | { kind: 'everyone' };

/** How someone named an order: our '#id', the provider's orderId, or its reference ('A…'). */
export type OrderLookup =
  | { kind: 'local'; id: number }
  | { kind: 'provider-id'; orderId: number }
  | { kind: 'reference'; reference: string };

/**
 * Reading the orders, as every database keeps them: the lists and look-ups
 * of the chat, and what start-up and the idle sweeper ask. SQLite and
 * PostgreSQL answer the same calls with the same rows.
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
  /** hasOrderActivity's question, asked outside a transaction: see there. */
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
export const TYPICAL_DELIVERY_SAMPLE = 20;

/**
 * Whether a chat has an order being sent right now, or one created since
 * `sinceMs`: a conversation that looks idle may be waiting on its Confirm.
 */
export function hasOrderActivity(exec: SyncDb, chatId: number, sinceMs: number): boolean {
  const row = exec
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.chatId, chatId), or(inArray(orders.state, ['intent', 'placing']), gte(orders.createdAt, new Date(sinceMs)))))
    .limit(1)
    .get();
  return row !== undefined;
}

const SAFE_INTEGER = /^[0-9]{1,15}$/;
const REFERENCE = /^A[0-9]{1,30}$/i;

/**
 * Reads what a person typed after /track. Persian and Arabic digits count,
 * and a reference is accepted in either case. Null when it names nothing.
 */
export function parseOrderLookup(text: string): OrderLookup | null {
  const value = normaliseDigits(text.trim());
  if (value.startsWith('#')) {
    const id = value.slice(1).trim();
    return SAFE_INTEGER.test(id) && Number(id) > 0 ? { kind: 'local', id: Number(id) } : null;
  }
  if (SAFE_INTEGER.test(value) && Number(value) > 0) return { kind: 'provider-id', orderId: Number(value) };
  if (REFERENCE.test(value)) return { kind: 'reference', reference: `A${value.slice(1)}` };
  return null;
}

/** The median of the sample's send-to-delivery times; both databases read the same sample (newest completed first). */
export function medianDeliveryMs(rows: ReadonlyArray<{ postedAt: Date | null; finishedAt: Date | null }>): number | null {
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
 * scope newest first: the predicate is the caller's (JavaScript), so both
 * databases hand over the titles and the filtering is done here, alike.
 */
export function matchingPage(
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
 * the orders of a batch one group, placed by its newest order. The same
 * SQL on both databases, over either's orders table.
 */
export function entrySql(t: { id: AnyColumn; batchId: AnyColumn }) {
  return {
    group: sql`case when ${t.batchId} is null then ${t.id} end`,
    count: sql`count(distinct ${t.batchId}) + coalesce(sum(case when ${t.batchId} is null then 1 else 0 end), 0)`,
    newest: sql`max(${t.id})`,
  };
}

/** OrderQueries.find from the three look-ups. */
export function findOrder(queries: Pick<OrderQueries, 'byId' | 'byProviderOrderId' | 'byProviderReference'>, lookup: OrderLookup): Promise<OrderRow | null> {
  switch (lookup.kind) {
    case 'local':
      return queries.byId(lookup.id);
    case 'provider-id':
      return queries.byProviderOrderId(lookup.orderId);
    case 'reference':
      return queries.byProviderReference(lookup.reference);
  }
}

/** The SQLite queries: synchronous statements behind promises; a statement that fails rejects. */
export function createSqliteOrderQueries(deps: { db: Db }): OrderQueries {
  const { db } = deps;

  const first = (where: SQL): OrderRow | null => db.select().from(orders).where(where).get() ?? null;
  const scoped = (scope: OrderScope) => (scope.kind === 'user' ? eq(orders.userId, scope.userId) : undefined);
  const entry = entrySql(orders);

  const queries: OrderQueries = {
    async recent(scope, request) {
      const where = scoped(scope);
      const total = Number(db.select({ n: sql<number>`${entry.count}` }).from(orders).where(where).get()?.n ?? 0);
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      // Ids grow with time, and (user_id, id) is indexed.
      const keys = db
        .select({ batchId: orders.batchId, newestId: sql<number>`${entry.newest}` })
        .from(orders)
        .where(where)
        .groupBy(orders.batchId, entry.group)
        .orderBy(desc(entry.newest))
        .limit(pageSize)
        .offset(offset)
        .all();
      const singleIds = keys.filter((key) => key.batchId === null).map((key) => key.newestId);
      const batchIds = keys.flatMap((key) => (key.batchId === null ? [] : [key.batchId]));
      const singles = singleIds.length === 0 ? [] : db.select().from(orders).where(inArray(orders.id, singleIds)).all();
      const batchOrders =
        batchIds.length === 0
          ? []
          : db
              .select({ batchId: orders.batchId, lines: orders.lines, totalAmount: orders.totalAmount, userId: orders.userId, createdAt: orders.createdAt })
              .from(orders)
              .where(inArray(orders.batchId, batchIds))
              .all();
      const states = batchIds.length === 0 ? [] : db.select({ id: batches.id, state: batches.state }).from(batches).where(inArray(batches.id, batchIds)).all();
      const items = listEntries(keys, singles, batchOrders, new Map(states.map((row) => [row.id, row.state])));
      return { items, page, pageCount, total };
    },

    async withProduct(scope, matches, request) {
      const rows = db.select({ id: orders.id, lines: orders.lines }).from(orders).where(scoped(scope)).orderBy(desc(orders.id)).all();
      const { wanted, page, pageCount, total } = matchingPage(
        rows.map((row) => ({ id: row.id, titles: row.lines.map((line) => line.product.title) })),
        matches,
        request,
      );
      const items = wanted.length === 0 ? [] : db.select().from(orders).where(inArray(orders.id, wanted)).orderBy(desc(orders.id)).all();
      return { items, page, pageCount, total };
    },

    byId: async (id) => first(eq(orders.id, id)),
    byProviderOrderId: async (providerOrderId) => first(eq(orders.providerOrderId, providerOrderId)),
    byProviderReference: async (reference) => first(sql`${orders.providerReference} = ${reference.trim()} collate nocase`),
    byConfirmKey: async (confirmKey) => first(eq(orders.confirmKey, confirmKey)),
    find: (lookup) => findOrder(queries, lookup),

    async typicalDeliveryMs() {
      const rows = db
        .select({ postedAt: orders.postedAt, finishedAt: orders.finishedAt })
        .from(orders)
        .where(and(eq(orders.state, 'completed'), isNotNull(orders.postedAt), isNotNull(orders.finishedAt)))
        .orderBy(desc(orders.id))
        .limit(TYPICAL_DELIVERY_SAMPLE)
        .all();
      return medianDeliveryMs(rows);
    },

    hasActivity: async (chatId, sinceMs) => hasOrderActivity(db, chatId, sinceMs),

    async highestProviderOrderId() {
      const row = db
        .select({ highest: sql<number | null>`max(max(coalesce(${orders.providerOrderId}, 0)), max(coalesce(${orders.acceptedOrderId}, 0)))` })
        .from(orders)
        .get();
      const highest = Number(row?.highest ?? 0);
      return highest > 0 ? highest : null;
    },
  };
  return queries;
}
