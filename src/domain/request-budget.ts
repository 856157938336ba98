/**
 * The provider's request budget as arithmetic: the bucket, the window of
 * the last second's grants and people's claims, shared by the limiter in
 * memory and by the stores that keep the budget (db/memory-rate-budget.ts,
 * db/shared-rate-budget.ts), so that both answer alike.
 */

/** Interactive: a person is waiting for the answer. Background: a loop is. */
export type RequestPriority = 'interactive' | 'background';

/** The bucket's shape, given on every take so that the store needs no configuration of its own. */
export interface BudgetShape {
  requestsPerSecond: number;
  burst: number;
  /** Tokens that a background take must leave in the bucket. */
  keptForInteractive: number;
  /** How long past its due time a refused person's claim on the next token holds (INTERACTIVE_CLAIM_GRACE_MS unless given). */
  claimGraceMs?: number;
}

/**
 * How long after the moment its token is due a person's claim keeps
 * background takes away: time enough for the waiting instance to wake and
 * ask again, short of the next token at giftdesk's rates (125 ms at 8/s).
 */
export const INTERACTIVE_CLAIM_GRACE_MS = 50;

// Refill arithmetic in floating point may leave 0.9999999 of a token.
export const TOKEN_EPSILON = 1e-9;

/**
 * The window in which at most `requestsPerSecond` grants may fall: the
 * provider's second plus WINDOW_MARGIN_MS. A bucket alone lets its burst
 * plus a second of its rate into one sliding second; this window makes the
 * rate a strict cap on every second, whatever the burst.
 */
const WINDOW_MS = 1_000;
/**
 * Grants are timed where they are decided (this process, or the database
 * server) but counted where they arrive: two requests granted just over a
 * second apart land at the provider closer together when the first is
 * delayed on the way. Two delays make up the margin, and the window is
 * wider by both:
 * - LATE_DEPARTURE_MS: the most a request may leave after its grant. A
 *   busy event loop (a loaded machine, the database's answer read late)
 *   can hold a granted request for a tenth of a second or more; the client
 *   measures, right before the request leaves, the time since it asked for
 *   the grant, and takes a fresh grant instead of sending one older than
 *   this (provider/client.ts). The stale grant stays counted: the safe side.
 * - NETWORK_JITTER_MS: how much later one request may reach the provider's
 *   count than another after leaving: the network, the sockets' queues on
 *   either side, and a busy receiver reading it late. Three instances on a
 *   2-core machine at load 9 put 5 requests into one second at a sandbox
 *   counting 4 with 50 ms here; with 100 ms, twice in two runs of the whole
 *   suite (load 5 to 10), the first request of the second read about
 *   160 ms late where it arrived. 200 ms holds that with room.
 * 250 ms in all costs a fifth of the rate (8 per 1,250 ms at 8/s: 6.4/s,
 * against 7.8/s with the 25 ms kept before), the price of never letting the
 * provider count more than the rate in any second it measures.
 */
export const LATE_DEPARTURE_MS = 50;
const NETWORK_JITTER_MS = 200;
export const WINDOW_MARGIN_MS = LATE_DEPARTURE_MS + NETWORK_JITTER_MS;
export const WINDOW_SPAN_MS = WINDOW_MS + WINDOW_MARGIN_MS;

/**
 * How many grants a window may hold, and how many of them background takes
 * may be: they leave to people as many places as they leave them tokens (at
 * least one place stays theirs), so that a person's first request goes at
 * once even while background work uses all it may. People's own grants do
 * not count against background's share: with people busy, the two together
 * still fill the window.
 */
export function windowLimits(shape: BudgetShape): { all: number; background: number } {
  const all = Math.max(1, Math.floor(shape.requestsPerSecond));
  return { all, background: all - Math.min(shape.keptForInteractive, all - 1) };
}

/**
 * The milliseconds until a take of `limit` places finds one free, from the
 * window's grants given as milliseconds relative to now (negative: in the
 * past), oldest first. Grants older than the window do not count.
 */
export function windowWaitMs(grantsAgoMs: readonly number[], limit: number): number {
  const inWindow = grantsAgoMs.filter((at) => at > -WINDOW_SPAN_MS);
  if (inWindow.length < limit) return 0;
  // The grant whose leaving brings the count below the limit.
  const leaving = inWindow[inWindow.length - limit]!;
  return Math.max(0, Math.ceil(leaving + WINDOW_SPAN_MS - 1e-6));
}

/** The last grants kept in memory, oldest first: all of them, and background's alone. */
export interface GrantWindow {
  all: number[];
  background: number[];
}

/** The milliseconds until a take of `priority` finds a place in `window` at `now`; 0 when it has one. */
export function placeWaitMs(window: GrantWindow, now: number, priority: RequestPriority, shape: BudgetShape): number {
  const limits = windowLimits(shape);
  const ago = (times: number[]) => times.map((at) => at - now);
  const forAll = windowWaitMs(ago(window.all), limits.all);
  return priority === 'interactive' ? forAll : Math.max(forAll, windowWaitMs(ago(window.background), limits.background));
}

/** Records a grant at `now`, keeping no more of them than a window can count. */
export function recordGrant(window: GrantWindow, now: number, priority: RequestPriority, shape: BudgetShape): void {
  const limits = windowLimits(shape);
  window.all = [...window.all, now].slice(-limits.all);
  if (priority === 'background') window.background = [...window.background, now].slice(-limits.background);
}

/** The milliseconds until `needed` tokens, from `tokens` at `requestsPerSecond`. */
export function refillWaitMs(needed: number, tokens: number, requestsPerSecond: number): number {
  return Math.max(0, Math.ceil(((needed - tokens) * 1000) / requestsPerSecond - 1e-6));
}

export function checkShape(shape: BudgetShape): void {
  const { requestsPerSecond: rate, burst, keptForInteractive: kept } = shape;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError('requestsPerSecond must be a positive number');
  if (!(burst >= 1) || !Number.isFinite(burst)) throw new RangeError('burst must be at least 1');
  if (!(kept >= 0) || !(kept <= burst - 1)) throw new RangeError('keptForInteractive must be between 0 and burst - 1');
}
