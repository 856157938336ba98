import type { Clock } from '../clock.js';

export type RequestPriority = 'interactive' | 'background';

/**
 * The longest an interactive request waits behind a pause (a 429's
 * Retry-After) before it fails with ProviderPausedError instead: a person is
 * waiting for the answer. Background requests always wait.
 */
export const INTERACTIVE_MAX_WAIT_MS = 3_000;

export interface RateLimiter {
  /** Resolves when this caller may send one request; rejects with the signal's reason if aborted first. */
  acquire(priority: RequestPriority, signal?: AbortSignal): Promise<void>;
  /** Holds every caller until `epochMs` (a later pause wins over an earlier one). */
  pauseUntil(epochMs: number): void;
  /** The end of the current pause, or 0 when none was ever set. */
  pausedUntil(): number;
}

export interface RateLimiterOptions {
  requestsPerSecond: number;
  /**
   * Requests that may go out back to back after a quiet spell. Defaults to 1:
   * an even spacing stays under the provider's limit whatever window it counts in.
   */
  burst?: number;
  /**
   * Tokens of the burst that only interactive callers may take: background
   * work goes at the steady rate and leaves them in the bucket, so a person
   * who asks for two things at once finds both there. Defaults to 0.
   */
  keptForInteractive?: number;
  clock: Clock;
}

/**
 * The most a person asks for at once: a Confirm that reads the product and
 * the balance again and then posts the order. A summary is the first two.
 */
const INTERACTIVE_BURST = 3;

/**
 * giftdesk's budget shape for a steady rate under the provider's limit.
 * People get a burst (up to INTERACTIVE_BURST) only while the burst plus a
 * second of the steady rate stays below the limit: in any one-second window
 * the provider then counts at most `burst + requestsPerSecond - 1`
 * requests, one short of its limit for requests that arrive closer together
 * than they left. At 8/s under 10/s that is a burst of two, at 7/s three.
 */
export function budgetShape(requestsPerSecond: number, providerLimitPerSecond: number): { burst: number; keptForInteractive: number } {
  const room = Math.floor(providerLimitPerSecond - requestsPerSecond);
  const burst = Math.max(1, Math.min(INTERACTIVE_BURST, room));
  return { burst, keptForInteractive: burst - 1 };
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

// setTimeout overflows past 2^31-1 ms; long pauses are slept in slices instead.
const MAX_SLEEP_MS = 60_000;
// Refill arithmetic in floating point may leave 0.9999999 of a token.
const EPSILON = 1e-9;
const EPSILON_MS = 1e-6;

/**
 * A token bucket shared by every provider call. Interactive callers (a person
 * is waiting) always go before background ones; within a priority, first come
 * first served. Background callers leave `keptForInteractive` tokens in
 * the bucket. A pause (after a 429) holds everyone, queued or not.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { clock } = options;
  const rate = options.requestsPerSecond;
  const burst = options.burst ?? 1;
  const kept = options.keptForInteractive ?? 0;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError('requestsPerSecond must be a positive number');
  if (!(burst >= 1) || !Number.isFinite(burst)) throw new RangeError('burst must be at least 1');
  if (!(kept >= 0) || !(kept <= burst - 1)) throw new RangeError('keptForInteractive must be between 0 and burst - 1');

  const queues: Record<RequestPriority, Waiter[]> = { interactive: [], background: [] };
  let tokens = burst;
  let refilledAt = clock.now();
  let paused = 0;
  let pumping = false;
  /** Set while the pump sleeps for a background caller: a person arriving meanwhile need not wait for that. */
  let backgroundNap: AbortController | null = null;

  function refill(now: number): void {
    if (now > refilledAt) {
      tokens = Math.min(burst, tokens + ((now - refilledAt) * rate) / 1000);
      refilledAt = now;
    }
  }

  function head(): Waiter | undefined {
    return queues.interactive[0] ?? queues.background[0];
  }

  function remove(waiter: Waiter): void {
    for (const queue of [queues.interactive, queues.background]) {
      const index = queue.indexOf(waiter);
      if (index >= 0) queue.splice(index, 1);
    }
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }

  async function pump(): Promise<void> {
    pumping = true;
    try {
      for (let waiter = head(); waiter; waiter = head()) {
        const now = clock.now();
        if (now < paused) {
          await clock.sleep(Math.min(paused - now, MAX_SLEEP_MS));
          continue;
        }
        refill(now);
        const needed = queues.interactive.length > 0 ? 1 : 1 + kept;
        if (tokens >= needed - EPSILON) {
          tokens = Math.max(0, tokens - 1);
          remove(waiter);
          waiter.resolve();
          continue;
        }
        const untilEnough = Math.ceil(((needed - tokens) * 1000) / rate - EPSILON_MS);
        const sleepMs = Math.min(Math.max(1, untilEnough), MAX_SLEEP_MS);
        if (needed === 1) {
          await clock.sleep(sleepMs);
          continue;
        }
        backgroundNap = new AbortController();
        try {
          await clock.sleep(sleepMs, backgroundNap.signal);
        } catch (error) {
          if (!backgroundNap.signal.aborted) throw error;
        } finally {
          backgroundNap = null;
        }
      }
    } finally {
      pumping = false;
    }
  }

  // Only a broken clock gets here; waiters must not hang on it.
  function failAll(reason: unknown): void {
    for (let waiter = head(); waiter; waiter = head()) {
      remove(waiter);
      waiter.reject(reason);
    }
  }

  return {
    acquire(priority, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            remove(waiter);
            reject(signal?.reason);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queues[priority].push(waiter);
        if (priority === 'interactive') backgroundNap?.abort();
        if (!pumping) pump().catch(failAll);
      });
    },
    pauseUntil(epochMs) {
      if (Number.isFinite(epochMs) && epochMs > paused) paused = epochMs;
    },
    pausedUntil: () => paused,
  };
}
