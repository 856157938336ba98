import { and, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import type { SyncDb } from '../db/sync-db.js';
import { resolvePage, type PageOf, type PageRequest } from '../db/paging.js';
import { orders } from '../db/schema.js';
import { normaliseDigits } from '../text/digits.js';
import type { OrderRow } from './order-repo.js';

/** Whose orders a list shows: one person's, or everyone's (administrators). */
export type OrderScope = { kind: 'user'; userId: number } | { kind: 'everyone' };

/** How someone named an order: our '#id', the provider's orderId, or its reference ('A…'). */
export type OrderLookup =
  | { kind: 'local'; id: number }
  | { kind: 'provider-id'; orderId: number }
  | { kind: 'reference'; reference: string };

export interface OrderQueries {
  /** Newest first. */
  recent(scope: OrderScope, request: PageRequest): PageOf<OrderRow>;
  /**
   * Newest first, the orders whose product title `matches` accepts. The
   * caller decides what matching means (how Persian and Arabic letters
   * fold); only ids and titles are read to decide it.
   */
  /** Orders with a line whose product title matches. */
  withProduct(scope: OrderScope, matches: (productTitle: string) => boolean, request: PageRequest): PageOf<OrderRow>;
  byId(id: number): OrderRow | null;
  byProviderOrderId(providerOrderId: number): OrderRow | null;
  byProviderReference(reference: string): OrderRow | null;
  /** The order a summary's Confirm created, if it created one. */
  byConfirmKey(confirmKey: string): OrderRow | null;
  find(lookup: OrderLookup): OrderRow | null;
  /** Median time from sending to delivery of the last completed orders; null when none has completed yet. */
  typicalDeliveryMs(): number | null;
}

/** Recent enough to say how the provider is doing now, enough that one slow order does not decide it. */
const TYPICAL_DELIVERY_SAMPLE = 20;

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

export function createOrderQueries(deps: { db: Db }): OrderQueries {
  const { db } = deps;

  const first = (where: SQL): OrderRow | null => db.select().from(orders).where(where).get() ?? null;

  function recent(scope: OrderScope, request: PageRequest): PageOf<OrderRow> {
    const where = scope.kind === 'user' ? eq(orders.userId, scope.userId) : undefined;
    const total = db.select({ n: sql<number>`count(*)` }).from(orders).where(where).get()?.n ?? 0;
    const { page, pageSize, pageCount, offset } = resolvePage(request, total);
    // Ids grow with time, and (user_id, id) is indexed.
    const items = db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(pageSize).offset(offset).all();
    return { items, page, pageCount, total };
  }

  function withProduct(scope: OrderScope, matches: (productTitle: string) => boolean, request: PageRequest): PageOf<OrderRow> {
    const where = scope.kind === 'user' ? eq(orders.userId, scope.userId) : undefined;
    const rows = db.select({ id: orders.id, lines: orders.lines }).from(orders).where(where).orderBy(desc(orders.id)).all();
    const ids = rows.filter((row) => row.lines.some((line) => matches(line.product.title))).map((row) => row.id);
    const { page, pageSize, pageCount, offset } = resolvePage(request, ids.length);
    const wanted = ids.slice(offset, offset + pageSize);
    const items = wanted.length === 0 ? [] : db.select().from(orders).where(inArray(orders.id, wanted)).orderBy(desc(orders.id)).all();
    return { items, page, pageCount, total: ids.length };
  }

  const byId = (id: number) => first(eq(orders.id, id));
  const byProviderOrderId = (providerOrderId: number) => first(eq(orders.providerOrderId, providerOrderId));
  // The provider writes references with a capital A; people type either case.
  const byProviderReference = (reference: string) =>
    first(sql`${orders.providerReference} = ${reference.trim()} collate nocase`);

  function typicalDeliveryMs(): number | null {
    const rows = db
      .select({ postedAt: orders.postedAt, finishedAt: orders.finishedAt })
      .from(orders)
      .where(and(eq(orders.state, 'completed'), isNotNull(orders.postedAt), isNotNull(orders.finishedAt)))
      .orderBy(desc(orders.id))
      .limit(TYPICAL_DELIVERY_SAMPLE)
      .all();
    const durations = rows
      .map((row) => row.finishedAt!.getTime() - row.postedAt!.getTime())
      .filter((ms) => ms >= 0)
      .sort((a, b) => a - b);
    if (durations.length === 0) return null;
    const middle = Math.floor(durations.length / 2);
    return durations.length % 2 === 1 ? durations[middle]! : Math.round((durations[middle - 1]! + durations[middle]!) / 2);
  }

  return {
    recent,
    withProduct,
    typicalDeliveryMs,
    byId,
    byProviderOrderId,
    byProviderReference,
    byConfirmKey: (confirmKey) => first(eq(orders.confirmKey, confirmKey)),
    find(lookup) {
      switch (lookup.kind) {
        case 'local':
          return byId(lookup.id);
        case 'provider-id':
          return byProviderOrderId(lookup.orderId);
        case 'reference':
          return byProviderReference(lookup.reference);
      }
    },
  };
}
