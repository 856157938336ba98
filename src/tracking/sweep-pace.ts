import { sweepIntervalMs, type Watched } from './sweep-plan.js';

/**
 * How soon the next whole sweep comes while orders are open. The usual pace
 * (SWEEP.minIntervalMs, or longer when many pages are read) is the slowest;
 * the sweep comes sooner when it is likely to find something:
 *
 * - while an order sent moments ago is open: the provider usually completes
 *   an order within seconds of accepting it, so the younger the order, the
 *   sooner the next look (a quarter of its age, no sooner than
 *   `busyMinIntervalMs`);
 * - while completions are arriving: about one history page read per change
 *   seen, from the changes of the last `changeWindowMs`, so that the sooner
 *   codes cost no more pages than the orders they deliver; and never more
 *   than `busyMaxIntervalMs` apart, as the share allows, however many pages.
 *
 * Either way never more often than the sweep's share of the request budget
 * allows for the pages it reads (staff requests still go first at the
 * limiter), and back to the usual pace as soon as the order has aged or the
 * changes have stopped.
 */
export interface PaceInput {
  /** Pages the sweep that just ended read. */
  pagesRead: number;
  requestsPerSecond: number;
  /** Age in ms of the youngest open order (from when it was sent); null when none is known. */
  youngestAgeMs: number | null;
  /** How fast the sweeps are seeing changes (createChangeRate). */
  changesPerMs: number;
  settings: Record<'budgetShare' | 'minIntervalMs' | 'busyMinIntervalMs' | 'busyMaxIntervalMs' | 'youngOrderMs' | 'pagesPerChange', number>;
}

/** Milliseconds from the start of this sweep to the start of the next. */
export function nextSweepIntervalMs(input: PaceInput): number {
  const { settings } = input;
  const budget = { pagesRead: input.pagesRead, requestsPerSecond: input.requestsPerSecond, budgetShare: settings.budgetShare };
  const usual = sweepIntervalMs({ ...budget, minIntervalMs: settings.minIntervalMs });
  // The fastest the pages read allow within the sweep's share of the budget.
  const floor = sweepIntervalMs({ ...budget, minIntervalMs: Math.min(settings.busyMinIntervalMs, settings.minIntervalMs) });
  let wanted = usual;
  if (hasYoungOrder(input.youngestAgeMs, settings.youngOrderMs)) wanted = Math.min(wanted, Math.ceil(input.youngestAgeMs! / 4));
  if (input.changesPerMs > 0 && settings.pagesPerChange > 0) {
    const perChange = Math.ceil(Math.max(1, input.pagesRead) / (settings.pagesPerChange * input.changesPerMs));
    // Many pages: one page per change would be slower than the usual pace; a change seen means more are coming.
    wanted = Math.min(wanted, perChange, settings.busyMaxIntervalMs);
  }
  return Math.min(usual, Math.max(floor, wanted));
}

/** Whether an order sent moments ago is open: whole sweeps go on (no quiet single-page reads) until it has aged. */
export function hasYoungOrder(youngestAgeMs: number | null, youngOrderMs: number): boolean {
  return youngestAgeMs !== null && youngestAgeMs >= 0 && youngestAgeMs < youngOrderMs;
}

/** Age of the youngest of the open orders at `now` (from when it was sent); null when none is open. */
export function youngestAgeMs(watched: readonly Pick<Watched, 'postedAt' | 'createdAt'>[], now: number): number | null {
  if (watched.length === 0) return null;
  return now - Math.max(...watched.map((order) => (order.postedAt ?? order.createdAt).getTime()));
}

/**
 * How fast the sweeps are seeing changes: those of the last `windowMs`, over
 * the time since the sweep before the first of them (the window at most), so
 * that completions starting after a quiet spell quicken the pace within a
 * sweep or two rather than a whole window. Memory only.
 */
export function createChangeRate(windowMs: () => number) {
  let sweeps: { at: number; count: number }[] = [];
  return {
    note(at: number, count: number): void {
      sweeps.push({ at, count });
    },
    /** Changes per millisecond at `now`; 0 when none was seen within the window. */
    perMs(now: number): number {
      const from = now - windowMs();
      sweeps = sweeps.filter((sweep) => sweep.at > from);
      const first = sweeps.findIndex((sweep) => sweep.count > 0);
      if (first < 0) return 0;
      const since = first > 0 ? sweeps[first - 1]!.at : from;
      return sweeps.reduce((sum, sweep) => sum + sweep.count, 0) / Math.max(1, now - since);
    },
  };
}
