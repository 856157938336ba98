import { FIRST_CHECK_AFTER_PLACED_MS, FIRST_CHECK_AFTER_UNKNOWN_MS } from '../orders/order-service.js';
import type { FollowPace } from '../domain/order-lifecycle.js';

/**
 * When to look at an order again. Pure: the caller passes the check count,
 * the pace and a random source, so a test can assert the whole schedule.
 *
 * - fast (in progress): 2 s, 4 s, 8 s ... doubling up to 3 min. Most orders
 *   finish within seconds, and the first looks are the ones that matter: a
 *   look is one page of the order history for every open order together.
 * - reconcile (outcome unknown): 5 s, 5 s, 10 s ... doubling up to 3 min,
 *   which puts checks at about +5, 10, 20, 40 s, 1.3, 2.7, 5.3, 8.3 and
 *   11.3 min. An order that was created is found within seconds; "not
 *   placed" still waits for the grace period (several looks, ten minutes).
 * - slow (waiting for a person, a state nobody knows, or stale): 10-15 min.
 *
 * The first delay (check count 0) is the one the order service schedules
 * when the POST is answered or its outcome turns out unknown.
 *
 * Every delay is spread by +-20% so that orders placed together are not
 * checked together for ever.
 */
const BACKOFF = {
  fast: { firstMs: FIRST_CHECK_AFTER_PLACED_MS, capMs: 180_000 },
  reconcile: { firstMs: FIRST_CHECK_AFTER_UNKNOWN_MS, capMs: 180_000 },
  slow: { nominalMs: 750_000 },
  jitter: 0.2,
} as const;

interface NextCheckInput {
  /** Checks made so far, including the one just finished (orders.check_count). */
  checkCount: number;
  pace: FollowPace;
  /** Open for longer than the stale limit: followed at the slow pace whatever its state. */
  stale?: boolean;
  /** A number in [0, 1), e.g. Math.random. */
  random: () => number;
}

/** The delay before the next check, before jitter. */
export function nominalDelayMs(input: Omit<NextCheckInput, 'random'>): number {
  const count = Math.max(0, Math.floor(input.checkCount));
  if (input.stale || input.pace === 'slow') return BACKOFF.slow.nominalMs;
  if (input.pace === 'reconcile') {
    const { firstMs, capMs } = BACKOFF.reconcile;
    return Math.min(capMs, firstMs * 2 ** Math.max(0, count - 1));
  }
  const { firstMs, capMs } = BACKOFF.fast;
  // 2^count overflows to Infinity long before it matters; min() still gives the cap.
  return Math.min(capMs, firstMs * 2 ** count);
}

export function nextCheckDelayMs(input: NextCheckInput): number {
  const nominal = nominalDelayMs(input);
  const r = clampUnit(input.random());
  return Math.round(nominal * (1 + BACKOFF.jitter * (2 * r - 1)));
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 - Number.EPSILON : value;
}
