import { and, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { orders, type NotificationKind, type ReviewCandidate } from '../db/schema.js';
import { planFollowUp } from '../delivery/follow-up.js';
import { writeClaimed, type ClaimedWrite } from '../delivery/order-leases.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { ProviderNotFoundError } from '../provider/errors.js';
import type { OrderDetail } from '../provider/schemas.js';
import type { OrderRow } from './order-repo.js';
import { isFinal, localStateFor, notificationFor } from './order-states.js';
import { parseTime, readSince, type ProviderHistory } from './provider-history.js';

/**
 * An order POST whose outcome is unknown may or may not have created an
 * order. The order history and the wallet's debits around the time it was
 * sent tell: exactly one matching provider order is adopted; none, after a
 * grace period long enough for a slow provider to show it, means it was not
 * placed and ordering again is safe; several go to an administrator.
 */
export const RECONCILE = {
  /** Clocks differ and the POST may have waited in a queue: the search window around posted_at. */
  windowBeforeMs: 2 * 60_000,
  windowAfterMs: 15 * 60_000,
  /** 'not placed' needs both this many searches and this much time since the POST. */
  minChecks: 5,
  graceMs: 10 * 60_000,
  /** Entries without a readable createdAt count when they are this near the top. */
  nearTop: 20,
  /** How far back the history is read; a window not reached is never taken as "no order". */
  maxPages: 6,
  /** More candidates than this are not looked at one by one: a person decides. */
  maxCandidates: 10,
} as const;

export interface ReconcileDeps {
  db: Db;
  provider: Pick<ProviderClient, 'getOrder'>;
  /** The pages of this run, shared with the poller. */
  history: ProviderHistory;
  clock: Clock;
  random: () => number;
  logger: Logger;
  /** The lease owner that claimed the order. */
  owner: string;
  staleMs: number;
}

export type ReconcileVerdict = 'adopted' | 'not_placed' | 'needs_review' | 'pending';

export interface ReconcileResult {
  /** Null when the lease or the state changed under us and nothing was written. */
  verdict: ReconcileVerdict | null;
  order: OrderRow | null;
  detailsFetched: number;
}

interface Search {
  /** Provider order id -> what the order history (else the wallet) said of it, in the order first seen. */
  candidates: Map<number, ReviewCandidate>;
  covered: boolean;
}

function inWindow(createdAt: string | null, position: number, from: number, to: number): boolean {
  const at = parseTime(createdAt);
  return at === null ? position < RECONCILE.nearTop : at >= from && at <= to;
}

/** Provider order ids that look like this order: by the order history and by the wallet's debits. */
async function search(history: ProviderHistory, order: OrderRow, from: number, to: number): Promise<Search> {
  const listed = await readSince((page) => history.orderPage(page), from, RECONCILE.maxPages);
  const debits = await readSince((page) => history.transactionPage(page), from, RECONCILE.maxPages);
  const candidates = new Map<number, ReviewCandidate>();
  for (const { entry, position } of listed.entries) {
    if (entry.amount === order.totalAmount && inWindow(entry.createdAt, position, from, to) && !candidates.has(entry.orderId)) {
      const { orderId, orderReference: reference, status, amount, createdAt } = entry;
      candidates.set(orderId, { orderId, reference, status, amount, createdAt });
    }
  }
  for (const { entry, position } of debits.entries) {
    if (
      entry.type.trim().toUpperCase() === 'DEBIT' &&
      entry.orderId !== null &&
      Math.abs(entry.amount) === order.totalAmount &&
      inWindow(entry.createdAt, position, from, to) &&
      !candidates.has(entry.orderId)
    ) {
      const { orderId, createdAt } = entry;
      candidates.set(orderId, { orderId, reference: null, status: null, amount: order.totalAmount, createdAt });
    }
  }
  return { candidates, covered: listed.covered && debits.covered };
}

/** orders.provider_order_id is unique: an order another local row already follows is not a candidate. */
function withoutLinked(db: Db, orderId: number, ids: number[]): number[] {
  if (ids.length === 0) return ids;
  const linked = db
    .select({ providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(and(inArray(orders.providerOrderId, ids), isNotNull(orders.providerOrderId), ne(orders.id, orderId)))
    .all();
  const taken = new Set(linked.map((row) => row.providerOrderId));
  return ids.filter((id) => !taken.has(id));
}

/** The detail must be this order: same amount, only this product, the same quantity, in the window. */
export function matchesOrder(detail: OrderDetail, order: OrderRow, from: number, to: number): boolean {
  if (detail.amount !== order.totalAmount || detail.items.length === 0) return false;
  if (!detail.items.every((item) => item.productId === order.productId)) return false;
  if (detail.items.some((item) => item.regionPropertyId !== null && item.regionPropertyId !== order.regionPropertyId)) {
    return false;
  }
  const quantity = detail.items.reduce((sum, item) => sum + item.quantity, 0);
  if (quantity !== order.quantity) return false;
  const at = parseTime(detail.createdAt);
  return at === null || (at >= from && at <= to);
}

export async function reconcileClaimed(deps: ReconcileDeps, order: OrderRow): Promise<ReconcileResult> {
  const { db, provider, clock, logger } = deps;
  const anchor = (order.postedAt ?? order.createdAt).getTime();
  const from = anchor - RECONCILE.windowBeforeMs;
  const to = anchor + RECONCILE.windowAfterMs;

  const found = await search(deps.history, order, from, to);
  const candidates = withoutLinked(db, order.id, [...found.candidates.keys()]);
  const confirmed: OrderDetail[] = [];
  let detailsFetched = 0;
  if (candidates.length <= RECONCILE.maxCandidates) {
    for (const id of candidates) {
      try {
        detailsFetched++;
        const detail = await provider.getOrder(id, { priority: 'background' });
        if (detail.orderId === id && matchesOrder(detail, order, from, to)) confirmed.push(detail);
      } catch (error) {
        // A debit may name an order the history no longer shows; anything else leaves the search open.
        if (!(error instanceof ProviderNotFoundError)) throw error;
      }
    }
  }

  const now = clock.now();
  const checkCount = order.checkCount + 1;
  const base = { order, owner: deps.owner, now, checkCount };
  const graceOver = checkCount >= RECONCILE.minChecks && now - anchor >= RECONCILE.graceMs;
  const tooMany = candidates.length > RECONCILE.maxCandidates || confirmed.length > 1;
  // A window the pages did not reach may hide the order: only a person may call that "not placed".
  const unreachable = confirmed.length === 0 && !found.covered && graceOver;

  let verdict: ReconcileVerdict;
  let write: ClaimedWrite;
  const adopted = confirmed.length === 1 && !tooMany ? confirmed[0] : undefined;
  if (adopted) {
    verdict = 'adopted';
    const state = localStateFor(adopted.status);
    // The adopted order starts its own follow-up from the first, quick checks.
    const follow = planFollowUp({ order, state, checkCount: 0, now, staleMs: deps.staleMs, random: deps.random });
    const kind = notificationFor(state);
    write = {
      ...base,
      checkCount: 0,
      nextCheckAt: follow.nextCheckAt,
      set: {
        providerOrderId: adopted.orderId,
        providerReference: adopted.orderReference,
        providerStatus: adopted.status,
        ...(isFinal(state) ? { finishedAt: new Date(now) } : {}),
        ...follow.set,
      },
      move: {
        to: state,
        audit: { actorId: null, action: 'order.adopted', detail: `provider order ${adopted.orderId} ${adopted.status}` },
      },
      notify: ['adopted', ...(kind ? [kind] : []), ...follow.notify] satisfies NotificationKind[],
    };
  } else if (tooMany || unreachable) {
    verdict = 'needs_review';
    // Every candidate within reach was read and ruled out when the history merely fell short: none to name then.
    const named: ReviewCandidate[] =
      confirmed.length > 1
        ? confirmed.map((d) => ({ orderId: d.orderId, reference: d.orderReference, status: d.status, amount: d.amount, createdAt: d.createdAt }))
        : tooMany
          ? candidates.flatMap((id) => found.candidates.get(id) ?? [])
          : [];
    const ids = named.map((candidate) => candidate.orderId);
    const detail = tooMany
      ? `candidates ${ids.slice(0, RECONCILE.maxCandidates).join(', ')}${ids.length > RECONCILE.maxCandidates ? ' and more' : ''}`
      : 'history did not reach the time of the order';
    write = {
      ...base,
      nextCheckAt: null,
      set: { reviewCandidates: named },
      move: { to: 'needs_review', audit: { actorId: null, action: 'order.needs_review', detail } },
      notify: ['needs_review'],
    };
  } else if (graceOver) {
    verdict = 'not_placed';
    write = {
      ...base,
      nextCheckAt: null,
      set: { finishedAt: new Date(now) },
      move: {
        to: 'not_placed',
        audit: { actorId: null, action: 'order.not_placed', detail: `no provider order after ${checkCount} checks` },
      },
      notify: ['not_placed'],
    };
  } else {
    verdict = 'pending';
    const follow = planFollowUp({ order, state: 'unknown', checkCount, now, staleMs: deps.staleMs, random: deps.random });
    write = { ...base, nextCheckAt: follow.nextCheckAt, set: follow.set, notify: follow.notify };
  }

  let written: ReturnType<typeof writeClaimed>;
  try {
    written = writeClaimed(db, write);
  } catch (error) {
    // Another process adopted the same provider order between our search and this write.
    if (verdict === 'adopted' && isUniqueViolation(error)) {
      logger.warn({ orderId: order.id }, 'candidate order was adopted elsewhere; will search again');
      return { verdict: null, order: null, detailsFetched };
    }
    throw error;
  }
  if (!written) {
    logger.warn({ orderId: order.id }, 'lease lost during reconciliation; nothing written');
    return { verdict: null, order: null, detailsFetched };
  }
  const after = written.order;
  if (verdict !== 'pending') {
    logger.info(
      { orderId: order.id, reference: after.providerReference, from: order.state, to: after.state, providerStatus: after.providerStatus, verdict },
      'unknown order reconciled',
    );
  } else if (written.enqueued.includes('stale')) {
    logger.info({ orderId: order.id, state: order.state }, 'order reported stale');
  }
  return { verdict, order: after, detailsFetched };
}

/** drizzle wraps the driver's error; the SQLite code is on the cause. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ('code' in current && current.code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}
