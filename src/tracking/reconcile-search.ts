import type { ReviewCandidate } from '../domain/order-states.js';
import type { ProviderClient } from '../provider/client.js';
import { ProviderNotFoundError } from '../provider/errors.js';
import type { OrderDetail } from '../provider/schemas.js';
import { createdInFlight, flightOf, offsetSample, withResolution, type ClockOffset } from './flight-proof.js';
import type { OrderRow } from '../db/order-store.js';
import type { LinkedOrder, OrderLeaseStore } from '../db/order-lease-store.js';
import { itemsMismatch, sameGoods } from '../orders/order-line.js';
import { readBack, type ProviderHistory } from '../provider/history.js';
import { distanceFrom, mayLieIn, timeBounds, type TimeBounds } from '../provider/time-bounds.js';

/**
 * Which provider orders could be the one an unknown-outcome POST created.
 * Nothing the order history says about an order (amount, time) rules it
 * out: the provider may charge another price than the one quoted and its
 * clock may differ from ours, so every provider order no local order
 * provably follows is looked at in its detail (product, region, quantity),
 * closest in time first, and an order that could not be ruled out is never
 * forgotten. Only the POST's flight and the wallet's debit prove one ours.
 */
export const RECONCILE = {
  /**
   * A matching order outside the POST's flight but within this distance
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

/** Where the search is centred: when the POST was sent (adoption itself needs the whole flight, see flight-proof.ts). */
interface Window {
  anchor: number;
}

export function windowOf(order: Pick<OrderRow, 'postedAt' | 'createdAt'>): Window {
  return { anchor: (order.postedAt ?? order.createdAt).getTime() };
}

/** The checks after the grace period, and the sweep's own spacing between them. */
const ANSWER_MARGIN_MS = 3 * 60_000;

/**
 * By when the person who ordered can expect to hear what became of an order
 * whose outcome is unknown: 'not placed' needs the grace period after the
 * POST, the checks a few minutes more. An order the provider shows is known
 * sooner; an unanswering provider makes it later, and the person is told then.
 */
export function answerExpectedBy(order: Pick<OrderRow, 'postedAt' | 'createdAt'>): number {
  return windowOf(order).anchor + RECONCILE.graceMs + ANSWER_MARGIN_MS;
}

const withinReach = (bounds: TimeBounds | null, anchor: number): boolean =>
  mayLieIn(bounds, anchor - RECONCILE.reachMs, anchor + RECONCILE.reachMs);

interface Sighting {
  /** What the order history (else the wallet) said of it. */
  seen: ReviewCandidate;
  bounds: TimeBounds | null;
  position: number;
  /**
   * Another local order holds this provider order although what it recorded
   * does not fit what the provider shows (another reference, another
   * environment, a time far from its own POST): the link may be stale, so
   * the order may be ours. Never adopted; it goes to an administrator.
   */
  heldBy?: number;
}

interface Found {
  /** Provider orders within reach no other local order provably follows, closest in time first. */
  ranked: Sighting[];
  /** False when the pages did not reach back far enough to rule anything older out. */
  covered: boolean;
  /** Amounts the wallet debited per provider order id (positive). */
  debits: Map<number, number[]>;
  /** What our own answered POSTs in these pages say of the provider's clock offset. */
  samples: { lowMs: number; highMs: number }[];
}

/** Provider orders in the order history and the wallet's debits that no other local order follows. */
export async function searchCandidates(leases: OrderLeaseStore, history: ProviderHistory, order: OrderRow, window: Window): Promise<Found> {
  const start = window.anchor - RECONCILE.reachMs;
  const listed = await readBack((page) => history.orderPage(page), start, RECONCILE.maxPages);
  const debits = await readBack((page) => history.transactionPage(page), start, RECONCILE.maxPages);
  const sightings = new Map<number, Sighting>();
  const listedIds = new Set<number>();
  const listedTimes = new Map<number, ListedTime>();
  for (const { entry, position } of listed.entries) {
    if (listedIds.has(entry.orderId)) continue;
    listedIds.add(entry.orderId);
    const bounds = timeBounds(entry.createdAt);
    if (bounds) listedTimes.set(entry.orderId, { bounds, text: entry.createdAt, reference: entry.orderReference });
    if (!withinReach(bounds, window.anchor)) continue;
    const { orderId, orderReference: reference, status, amount, createdAt } = entry;
    sightings.set(orderId, { seen: { orderId, reference, status, amount, createdAt }, bounds, position });
  }
  const debited = new Map<number, number[]>();
  for (const { entry } of debits.entries) {
    if (entry.type.trim().toUpperCase() !== 'DEBIT' || entry.orderId === null) continue;
    debited.set(entry.orderId, [...(debited.get(entry.orderId) ?? []), Math.abs(entry.amount)]);
  }
  for (const { entry, position } of debits.entries) {
    if (entry.type.trim().toUpperCase() !== 'DEBIT' || entry.orderId === null || listedIds.has(entry.orderId)) continue;
    const bounds = timeBounds(entry.createdAt);
    if (sightings.has(entry.orderId) || !withinReach(bounds, window.anchor)) continue;
    const seen: ReviewCandidate = { orderId: entry.orderId, reference: null, status: null, amount: Math.abs(entry.amount), createdAt: entry.createdAt };
    sightings.set(entry.orderId, { seen, bounds, position });
  }
  const holders = await linkedElsewhere(leases, order.id, [...sightings.keys()]);
  for (const sighting of sightings.values()) {
    const holder = holders.get(sighting.seen.orderId);
    if (holder && !holdsConsistently(holder, order, sighting)) sighting.heldBy = holder.id;
  }
  const ranked = [...sightings.values()]
    .filter((sighting) => !holders.has(sighting.seen.orderId) || sighting.heldBy !== undefined)
    .sort(
      (a, b) =>
        distanceFrom(a.bounds, window.anchor) - distanceFrom(b.bounds, window.anchor) ||
        // The amount decides nothing, but among equals the quoted one is read first.
        Number(b.seen.amount === order.totalAmount) - Number(a.seen.amount === order.totalAmount) ||
        a.position - b.position,
    );
  const samples = await offsetSamples(leases, listedTimes);
  return { ranked, covered: listed.covered && debits.covered, debits: debited, samples };
}

type Holder = LinkedOrder;

/** The local orders (other than this one) that follow these provider orders, by provider order id. */
async function linkedElsewhere(leases: OrderLeaseStore, orderId: number, ids: number[]): Promise<Map<number, Holder>> {
  if (ids.length === 0) return new Map();
  const linked = await leases.linkedTo(ids, orderId);
  return new Map(linked.flatMap((row) => (row.providerOrderId === null ? [] : [[row.providerOrderId, row] as const])));
}

/**
 * Whether the holder's record fits what the provider shows of the order:
 * then it is the holder's and nobody else's candidate. A number reused by
 * another provider account or the sandbox shows as another reference, the
 * other environment, or a provider time far from the holder's own POST.
 */
function holdsConsistently(holder: Holder, order: OrderRow, sighting: Sighting): boolean {
  const reference = sighting.seen.reference;
  if (reference !== null && holder.providerReference !== null && reference !== holder.providerReference) return false;
  if (holder.sandbox !== order.sandbox) return false;
  return withinReach(sighting.bounds, windowOf(holder).anchor);
}

interface ListedTime {
  bounds: TimeBounds;
  text: string | null;
  reference: string;
}

/** At most this many of our own orders are read for the clock offset in one check. */
const MAX_OFFSET_SAMPLES = 20;

/**
 * Listed orders whose id our own POST's answer gave (accepted_order_id) and
 * whose flight is known: each was created during that flight.
 */
async function offsetSamples(leases: OrderLeaseStore, listed: Map<number, ListedTime>): Promise<{ lowMs: number; highMs: number }[]> {
  const exact = [...listed.entries()].filter(([, time]) => time.bounds.latest - time.bounds.earliest < 60_000);
  if (exact.length === 0) return [];
  const ours = await leases.acceptedFlights(
    exact.slice(0, 200).map(([id]) => id),
    MAX_OFFSET_SAMPLES,
  );
  return ours.flatMap((row) => {
    const flight = flightOf(row);
    const time = row.acceptedOrderId === null ? undefined : listed.get(row.acceptedOrderId);
    // The same number under another reference is another order (another account, the sandbox).
    if (!flight || !time || time.reference !== row.acceptedReference) return [];
    return [offsetSample(withResolution(time.bounds, time.text), flight)];
  });
}

/** What the detail says of the items: these products, in these regions where named, these quantities. */
function matchesOrder(detail: OrderDetail, order: Pick<OrderRow, 'lines'>): boolean {
  return itemsMismatch(order.lines, detail.items).length === 0;
}

export interface Confirmed {
  detail: OrderDetail;
  bounds: TimeBounds | null;
}

export interface Examined {
  /** Match in their detail, were created inside the POST's flight and the wallet shows their debit: proven ours. */
  confirmed: Confirmed[];
  /** Match and were created inside the flight, but no matching debit is seen (yet). */
  undebited: ReviewCandidate[];
  /** Match, but their time does not place them inside the flight: they may be ours, nothing proves it. */
  unproven: ReviewCandidate[];
  /** Match, but another local order holds them (see Sighting.heldBy). */
  contested: { candidate: ReviewCandidate; heldBy: number }[];
  /** Could not be read: they may be ours. All ranked. */
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
  found: Pick<Found, 'ranked' | 'debits'>,
  offset: ClockOffset,
): Promise<Examined> {
  const result: Examined = { confirmed: [], undebited: [], unproven: [], contested: [], open: [], named: [], detailsFetched: 0 };
  const flight = flightOf(order);
  const ranked = found.ranked;
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
    const detailBounds = timeBounds(detail.createdAt);
    const bounds = detailBounds ?? sighting.bounds;
    if (!withinReach(bounds, window.anchor)) continue;
    const candidate = asCandidate(detail);
    result.named.push(candidate);
    if (sighting.heldBy !== undefined) {
      result.contested.push({ candidate, heldBy: sighting.heldBy });
      continue;
    }
    // Only the provider's own time of the order can prove it.
    if (!flight || !createdInFlight(detailBounds, flight, offset)) {
      result.unproven.push(candidate);
      continue;
    }
    if (found.debits.get(id)?.includes(Math.abs(detail.amount))) result.confirmed.push({ detail, bounds });
    else result.undebited.push(candidate);
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
 * Other local orders of the same goods (products, regions, quantities) whose outcome
 * is still open and whose reach holds the candidate's time: the candidate
 * could be theirs as well as ours.
 */
export async function rivalsFor(leases: OrderLeaseStore, order: OrderRow, bounds: TimeBounds | null): Promise<Rival[]> {
  const open = await leases.openOrders(RIVAL_STATES, order.id);
  // Few orders are ever open at once: comparing their lines here is cheaper than indexing them.
  return open
    .filter((row) => sameGoods(row.lines, order.lines) && withinReach(bounds, windowOf(row).anchor))
    .map((row) => ({ id: row.id, state: row.state as RivalState }));
}
