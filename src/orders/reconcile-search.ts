import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { orders, type ReviewCandidate } from '../db/schema.js';
import type { ProviderClient } from '../provider/client.js';
import { ProviderNotFoundError } from '../provider/errors.js';
import type { OrderDetail } from '../provider/schemas.js';
import type { OrderRow } from './order-repo.js';
import type { ProviderHistory } from './provider-history.js';
import { distanceFrom, mayLieIn, readBack, timeBounds, type TimeBounds } from './provider-time.js';

/**
 * Which provider orders could be the one an unknown-outcome POST created.
 * Nothing the order history says about an order (amount, time) decides: the
 * provider may charge another price than the one quoted and its clock may
 * differ from ours, so every provider order no local order follows is
 * looked at in its detail (product, region, quantity), closest in time
 * first, and an order that could not be ruled out is never forgotten.
 */
export const RECONCILE = {
  /** Where the provider's time of our order may lie around posted_at for it to be adopted. */
  adoptBeforeMs: 10 * 60_000,
  adoptAfterMs: 15 * 60_000,
  /**
   * A matching order outside the adoption window but within this distance
   * may still be ours (a provider clock far off): it is never ignored.
   * Beyond it, orders are ruled out by their time. The history is read back
   * this far.
   */
  reachMs: 60 * 60_000,
  /** 'not placed' needs both this many searches and this much time since the POST. */
  minChecks: 5,
  graceMs: 10 * 60_000,
  /** How far back the history is read; a time not reached is never taken as "no order". */
  maxPages: 6,
  /** Details read per check, at background priority; candidates beyond them stay unresolved. */
  maxDetails: 6,
} as const;

export interface Window {
  anchor: number;
  adoptFrom: number;
  adoptTo: number;
}

export function windowOf(order: Pick<OrderRow, 'postedAt' | 'createdAt'>): Window {
  const anchor = (order.postedAt ?? order.createdAt).getTime();
  return { anchor, adoptFrom: anchor - RECONCILE.adoptBeforeMs, adoptTo: anchor + RECONCILE.adoptAfterMs };
}

const withinReach = (bounds: TimeBounds | null, anchor: number): boolean =>
  mayLieIn(bounds, anchor - RECONCILE.reachMs, anchor + RECONCILE.reachMs);

interface Sighting {
  /** What the order history (else the wallet) said of it. */
  seen: ReviewCandidate;
  bounds: TimeBounds | null;
  position: number;
}

export interface Found {
  /** Unlinked provider orders within reach, closest in time first. */
  ranked: Sighting[];
  /** False when the pages did not reach back far enough to rule anything older out. */
  covered: boolean;
}

/** Provider orders in the order history and the wallet's debits that no other local order follows. */
export async function searchCandidates(db: Db, history: ProviderHistory, order: OrderRow, window: Window): Promise<Found> {
  const start = window.anchor - RECONCILE.reachMs;
  const listed = await readBack((page) => history.orderPage(page), start, RECONCILE.maxPages);
  const debits = await readBack((page) => history.transactionPage(page), start, RECONCILE.maxPages);
  const sightings = new Map<number, Sighting>();
  const listedIds = new Set<number>();
  for (const { entry, position } of listed.entries) {
    if (listedIds.has(entry.orderId)) continue;
    listedIds.add(entry.orderId);
    const bounds = timeBounds(entry.createdAt);
    if (!withinReach(bounds, window.anchor)) continue;
    const { orderId, orderReference: reference, status, amount, createdAt } = entry;
    sightings.set(orderId, { seen: { orderId, reference, status, amount, createdAt }, bounds, position });
  }
  for (const { entry, position } of debits.entries) {
    if (entry.type.trim().toUpperCase() !== 'DEBIT' || entry.orderId === null || listedIds.has(entry.orderId)) continue;
    const bounds = timeBounds(entry.createdAt);
    if (sightings.has(entry.orderId) || !withinReach(bounds, window.anchor)) continue;
    const seen: ReviewCandidate = { orderId: entry.orderId, reference: null, status: null, amount: Math.abs(entry.amount), createdAt: entry.createdAt };
    sightings.set(entry.orderId, { seen, bounds, position });
  }
  const taken = linkedElsewhere(db, order.id, [...sightings.keys()]);
  const ranked = [...sightings.values()]
    .filter((sighting) => !taken.has(sighting.seen.orderId))
    .sort(
      (a, b) =>
        distanceFrom(a.bounds, window.anchor) - distanceFrom(b.bounds, window.anchor) ||
        // The amount decides nothing, but among equals the quoted one is read first.
        Number(b.seen.amount === order.totalAmount) - Number(a.seen.amount === order.totalAmount) ||
        a.position - b.position,
    );
  return { ranked, covered: listed.covered && debits.covered };
}

/** orders.provider_order_id is unique: an order another local row already follows is nobody else's candidate. */
function linkedElsewhere(db: Db, orderId: number, ids: number[]): Set<number> {
  if (ids.length === 0) return new Set();
  const linked = db
    .select({ providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(and(inArray(orders.providerOrderId, ids), isNotNull(orders.providerOrderId), ne(orders.id, orderId)))
    .all();
  return new Set(linked.flatMap((row) => (row.providerOrderId === null ? [] : [row.providerOrderId])));
}

/** What the detail says of the items: only this product, this region where named, this quantity. */
export function matchesOrder(detail: OrderDetail, order: Pick<OrderRow, 'productId' | 'regionPropertyId' | 'quantity'>): boolean {
  if (detail.items.length === 0) return false;
  if (!detail.items.every((item) => item.productId === order.productId)) return false;
  if (detail.items.some((item) => item.regionPropertyId !== null && item.regionPropertyId !== order.regionPropertyId)) {
    return false;
  }
  return detail.items.reduce((sum, item) => sum + item.quantity, 0) === order.quantity;
}

export interface Confirmed {
  detail: OrderDetail;
  bounds: TimeBounds | null;
}

export interface Examined {
  /** Match in their detail and lie in the adoption window. */
  confirmed: Confirmed[];
  /** Match but lie outside the adoption window, or could not be read: they may be ours. All ranked. */
  open: ReviewCandidate[];
  /** Every candidate not ruled out, ranked, for administrators. */
  named: ReviewCandidate[];
  detailsFetched: number;
}

const asCandidate = (detail: OrderDetail): ReviewCandidate => ({
  orderId: detail.orderId,
  reference: detail.orderReference,
  status: detail.status,
  amount: detail.amount,
  createdAt: detail.createdAt,
});

/** Reads the details of the closest candidates and sorts every candidate into confirmed, open or ruled out. */
export async function examineCandidates(
  provider: Pick<ProviderClient, 'getOrder'>,
  order: OrderRow,
  window: Window,
  ranked: readonly Sighting[],
): Promise<Examined> {
  const result: Examined = { confirmed: [], open: [], named: [], detailsFetched: 0 };
  for (const [rank, sighting] of ranked.entries()) {
    if (rank >= RECONCILE.maxDetails) {
      result.open.push(sighting.seen);
      result.named.push(sighting.seen);
      continue;
    }
    const id = sighting.seen.orderId;
    let detail: OrderDetail;
    try {
      result.detailsFetched++;
      detail = await provider.getOrder(id, { priority: 'background' });
    } catch (error) {
      // A debit may name an order the provider cannot show: money went somewhere, so it stays open.
      if (!(error instanceof ProviderNotFoundError)) throw error;
      result.open.push(sighting.seen);
      result.named.push(sighting.seen);
      continue;
    }
    if (detail.orderId !== id) {
      result.open.push(sighting.seen);
      result.named.push(sighting.seen);
      continue;
    }
    if (!matchesOrder(detail, order)) continue;
    const bounds = timeBounds(detail.createdAt) ?? sighting.bounds;
    if (!withinReach(bounds, window.anchor)) continue;
    const candidate = asCandidate(detail);
    result.named.push(candidate);
    if (mayLieIn(bounds, window.adoptFrom, window.adoptTo)) result.confirmed.push({ detail, bounds });
    else result.open.push(candidate);
  }
  return result;
}

export type RivalState = 'placing' | 'unknown' | 'needs_review';
const RIVAL_STATES: RivalState[] = ['placing', 'unknown', 'needs_review'];

export interface Rival {
  id: number;
  state: RivalState;
}

/**
 * Other local orders of the same product, region and quantity whose outcome
 * is still open and whose reach holds the candidate's time: the candidate
 * could be theirs as well as ours.
 */
export function rivalsFor(db: Db, order: OrderRow, bounds: TimeBounds | null): Rival[] {
  const open = db
    .select({ id: orders.id, state: orders.state, postedAt: orders.postedAt, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        inArray(orders.state, RIVAL_STATES),
        ne(orders.id, order.id),
        eq(orders.productId, order.productId),
        eq(orders.regionPropertyId, order.regionPropertyId),
        eq(orders.quantity, order.quantity),
      ),
    )
    .all();
  return open
    .filter((row) => withinReach(bounds, windowOf(row).anchor))
    .map((row) => ({ id: row.id, state: row.state as RivalState }));
}
