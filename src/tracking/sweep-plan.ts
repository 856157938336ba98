import type { OrderRow } from '../db/order-store.js';
import { isFinal, localStateFor } from '../domain/order-lifecycle.js';

/**
 * The pace of the history sweep. Every open order is looked at on every
 * sweep, whatever its state, so no order waits out a backoff of its own
 * while the provider already has its codes.
 */
export const SWEEP = {
  /**
   * Pause from the start of one sweep to the start of the next while orders
   * are open: a completed order waits at most about this long to be seen,
   * and a quiet sweep of one page costs under 0.2 requests per second.
   */
  minIntervalMs: 6_000,
  /**
   * Share of the request budget the history pages may take, counted over a
   * sweep and the pause after it. The rest is for staff requests (which go
   * first anyway), detail reads and the sender.
   */
  budgetShare: 0.5,
  /**
   * While an order sent moments ago is open or completions are arriving,
   * whole sweeps come sooner than `minIntervalMs`, but never sooner than
   * this (nor than the budget share allows): see sweep-pace.ts.
   */
  busyMinIntervalMs: 1_000,
  /** While completions are arriving, whole sweeps come at least this often (as far as the budget share allows). */
  busyMaxIntervalMs: 5_000,
  /** An order sent less than this long ago is young: its completion is expected any moment. */
  youngOrderMs: 60_000,
  /** Changes seen over this window tell how fast completions are arriving. */
  changeWindowMs: 30_000,
  /**
   * While completions arrive, sweeps come about as often as this many
   * history pages are read per change seen: the sooner codes cost no more
   * pages than the orders they deliver.
   */
  pagesPerChange: 1,
  /** Pages read per sweep at most; open orders further back are read one by one. */
  maxPages: 250,
  /** Orders the history does not show whose detail is read per sweep, at most. */
  fallbackBatch: 20,
  /**
   * Detail reads in flight at once. The limiter still spaces them out and
   * lets staff requests go first; several in flight keep a provider's
   * latency from holding the reads under the budget when many orders
   * complete together.
   */
  detailConcurrency: 4,
  /**
   * Sweeps in a row that saw nothing change before the pace slows to the
   * quiet rate: four (about 24 s), so that a lull between completions does
   * not slow the sweeps that would see the next one.
   */
  quietAfterSweeps: 4,
  /**
   * History pages per second while orders are open and nothing changes:
   * then one page is read at a time (page 1 every other time, the older
   * pages in turn). The first change seen, or a new order, brings whole
   * sweeps at the usual pace back.
   */
  quietPagesPerSecond: 0.25,
  /** Unknown outcomes reconciled per sweep, at most. */
  reconcileBatch: 20,
  /** 404s in a row after which administrators hear of an order and it is only checked slowly. */
  notFoundAlertAfter: 3,
} as const;

/**
 * Milliseconds from the start of a sweep to the start of the next: the
 * shortest pause, or longer when the pages read would otherwise take more
 * than their share of the budget.
 */
export function sweepIntervalMs(input: {
  pagesRead: number;
  requestsPerSecond: number;
  budgetShare?: number;
  minIntervalMs?: number;
}): number {
  const share = input.budgetShare ?? SWEEP.budgetShare;
  const floor = input.minIntervalMs ?? SWEEP.minIntervalMs;
  const pages = Math.max(0, input.pagesRead);
  if (!(input.requestsPerSecond > 0) || !(share > 0)) return floor;
  return Math.max(floor, Math.ceil((pages * 1000) / (share * input.requestsPerSecond)));
}

/** The pause between quiet single-page reads, so that they cost at most `quietPagesPerSecond`. */
export function probeIntervalMs(quietPagesPerSecond: number = SWEEP.quietPagesPerSecond): number {
  return quietPagesPerSecond > 0 ? Math.ceil(1000 / quietPagesPerSecond) : SWEEP.minIntervalMs;
}

/** What the sweep needs to know of an open order. */
export type Watched = Pick<
  OrderRow,
  'id' | 'state' | 'providerOrderId' | 'providerStatus' | 'nextCheckAt' | 'postedAt' | 'createdAt' | 'staleReportedAt'
>;

interface SweepPlan<O extends Watched = Watched> {
  /**
   * Listed with a final status other than the one stored: the detail is
   * read, because the final outcome (and the codes) come from the detail.
   */
  confirm: { order: O; listed: string }[];
  /** Listed with a status other than the one stored that is not final: settled from the list, no request. */
  move: { order: O; listed: string }[];
  /** Listed and unchanged, open past the stale limit and not reported yet. */
  stale: O[];
  /** Not shown by the pages read and due by their own schedule: read one by one, earliest due first. */
  fallback: O[];
  /** Not shown and not due yet. */
  waiting: number;
}

interface PlanInput<O extends Watched> {
  watched: readonly O[];
  /** Provider order id -> status, from the pages read in this sweep. */
  listed: ReadonlyMap<number, string>;
  now: number;
  staleMs: number;
  fallbackBatch?: number;
}

const openSince = (order: Watched): number => (order.postedAt ?? order.createdAt).getTime();

/** Pure: sorts the open orders by what this sweep does with each. */
export function planSweep<O extends Watched>(input: PlanInput<O>): SweepPlan<O> {
  const plan: SweepPlan<O> = { confirm: [], move: [], stale: [], fallback: [], waiting: 0 };
  const due: O[] = [];
  for (const order of input.watched) {
    const listed = order.providerOrderId === null ? undefined : input.listed.get(order.providerOrderId);
    if (listed === undefined) {
      if (order.nextCheckAt === null || order.nextCheckAt.getTime() <= input.now) due.push(order);
      else plan.waiting++;
    } else if (listed !== order.providerStatus) {
      (isFinal(localStateFor(listed)) ? plan.confirm : plan.move).push({ order, listed });
    } else if (order.staleReportedAt === null && input.now - openSince(order) >= input.staleMs) {
      plan.stale.push(order);
    }
  }
  due.sort((a, b) => (a.nextCheckAt?.getTime() ?? 0) - (b.nextCheckAt?.getTime() ?? 0) || a.id - b.id);
  const batch = Math.max(0, input.fallbackBatch ?? SWEEP.fallbackBatch);
  plan.fallback = due.slice(0, batch);
  plan.waiting += due.length - plan.fallback.length;
  return plan;
}
