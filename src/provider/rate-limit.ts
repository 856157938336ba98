import type { Clock } from '../clock.js';
import type { RateBudgetStore } from '../db/rate-budget-store.js';
import { LATE_DEPARTURE_MS, placeWaitMs, recordGrant, type BudgetShape, type GrantWindow, type RequestPriority } from '../domain/request-budget.js';

export type { RequestPriority } from '../domain/request-budget.js';

/**
 * The longest an interactive request waits behind a pause (a 429's
 * Retry-After) before it fails with ProviderPausedError instead: a person is
 * waiting for the answer. Background requests always wait.
 */
export const INTERACTIVE_MAX_WAIT_MS = 3_000;

/** One request's place in the budget. */
export interface Grant {
  /**
   * This process's clock no later than the moment the budget counted the
   * grant: the grant itself in memory; with the shared budget, when the
   * take was sent to the database (the row counted it somewhere between
   * that and the answer). The request must leave within
   * LATE_DEPARTURE_MS of it (domain/request-budget.ts).
   */
  countedFrom: number;
}

/** Where a request waits among those of its priority in this process. */
export interface QueuePlace {
  /**
   * A background request that goes before the other background requests
   * waiting here (still after people's, and counted in the same background
   * share of the budget): the detail of an order seen finished, whose codes
   * someone waits for, before the next history page. First come first
   * served among these.
   */
  ahead?: boolean;
}

export interface RateLimiter {
  /** Resolves when this caller may send one request; rejects with the signal's reason if aborted first. */
  acquire(priority: RequestPriority, signal?: AbortSignal, place?: QueuePlace): Promise<Grant>;
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
  /**
   * Takes every token from this store instead of the limiter's own bucket,
   * and records pauses there too: the budget of the API key shared by every
   * instance on one database. The queues stay in this process: people here
   * before background work here, first come first served.
   */
  shared?: {
    store: RateBudgetStore;
    /** The budget's key: one per API key. */
    key: string;
    /** Told when a pause could not be recorded in the store (it still holds here). */
    onHoldError?: (error: unknown) => void;
  };
}

/**
 * Rejects a person's request when the limiter learns, from the shared
 * budget, of a pause (another instance's 429) longer than
 * INTERACTIVE_MAX_WAIT_MS: the person hears when to try again instead of
 * waiting in silence.
 */
export class RateLimitHoldError extends Error {
  constructor(readonly resumeAt: number) {
    super('the provider asked every instance to wait');
    this.name = 'RateLimitHoldError';
  }
}

/**
 * The most a person asks for at once: a Confirm that reads the product and
 * the balance again and then posts the order. A summary is the first two.
 */
const INTERACTIVE_BURST = 3;

/**
 * giftdesk's budget shape for a steady rate under the provider's limit.
 * The limiter never lets more than `requestsPerSecond` requests into any
 * one-second window (its window rule, rate-budget-store.ts WINDOW_SPAN_MS),
 * whatever the burst: the burst only lets a person's requests go together
 * when the last second has room for them, instead of one spacing
 * (1000 / rate ms) apart. Background work leaves `keptForInteractive` of
 * the tokens and of the window's places to people. The burst (up to
 * INTERACTIVE_BURST) stays as it was sized when the bucket alone was the
 * cap, small enough beside the provider's limit that `burst + rate - 1`
 * stays under it: at 8/s under 10/s a burst of two, at 7/s three.
 */
export function budgetShape(requestsPerSecond: number, providerLimitPerSecond: number): { burst: number; keptForInteractive: number } {
  const room = Math.floor(providerLimitPerSecond - requestsPerSecond);
  const burst = Math.max(1, Math.min(INTERACTIVE_BURST, room));
  return { burst, keptForInteractive: burst - 1 };
}

interface Waiter {
  lane: 'interactive' | 'ahead' | 'background';
  resolve: (grant: Grant) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * Background requests that may go ahead of one that waits before it (a
 * history page) in a row. While completions come one or two a page, every
 * detail goes first; when many are found at once (the first sweep after a
 * quiet spell) the pages still get a turn in every few, so the orders they
 * would show are not seen only once every detail before them is read.
 */
const AHEAD_IN_A_ROW = 4;

// setTimeout overflows past 2^31-1 ms; long pauses are slept in slices instead.
const MAX_SLEEP_MS = 60_000;
// Refill arithmetic in floating point may leave 0.9999999 of a token.
const EPSILON = 1e-9;
const EPSILON_MS = 1e-6;

/**
 * A token bucket shared by every provider call, and a window of the last
 * grants: a grant needs a token and fewer than `requestsPerSecond` grants in
 * the last WINDOW_SPAN_MS. Interactive callers (a person is waiting) always
 * go before background ones; background callers asking to go ahead go
 * before the other background ones; otherwise first come first served.
 * Background callers leave `keptForInteractive` tokens in the bucket and as
 * many places in the window. A pause (after a 429) holds everyone, queued or not.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { clock } = options;
  const rate = options.requestsPerSecond;
  const burst = options.burst ?? 1;
  const kept = options.keptForInteractive ?? 0;
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError('requestsPerSecond must be a positive number');
  if (!(burst >= 1) || !Number.isFinite(burst)) throw new RangeError('burst must be at least 1');
  if (!(kept >= 0) || !(kept <= burst - 1)) throw new RangeError('keptForInteractive must be between 0 and burst - 1');

  /** In the order they are served: people, then background work that goes ahead, then the rest. */
  const queues = { interactive: [] as Waiter[], ahead: [] as Waiter[], background: [] as Waiter[] };
  let tokens = burst;
  let refilledAt = clock.now();
  /** The last grants' times: the window's count (see windowLimits). */
  const recent: GrantWindow = { all: [], background: [] };
  let paused = 0;
  let pumping = false;
  /** Set while the pump sleeps for a background caller: a person arriving meanwhile need not wait for that. */
  let backgroundNap: AbortController | null = null;
  const shared = options.shared;
  const shape: BudgetShape = { requestsPerSecond: rate, burst, keptForInteractive: kept };

  function refill(now: number): void {
    if (now > refilledAt) {
      tokens = Math.min(burst, tokens + ((now - refilledAt) * rate) / 1000);
      refilledAt = now;
    }
  }

  /** Background requests served ahead of the one waiting longest since it came: at most AHEAD_IN_A_ROW. */
  let passedOver = 0;

  function head(): Waiter | undefined {
    const aheadMayGo = queues.background.length === 0 || passedOver < AHEAD_IN_A_ROW;
    return queues.interactive[0] ?? (aheadMayGo ? queues.ahead[0] : undefined) ?? queues.background[0] ?? queues.ahead[0];
  }

  /** Takes the head off the queue and lets it go. */
  function serve(waiter: Waiter, grant: Grant): void {
    if (waiter.lane === 'background') passedOver = 0;
    else if (waiter.lane === 'ahead' && queues.background.length > 0) passedOver += 1;
    remove(waiter);
    waiter.resolve(grant);
  }

  function remove(waiter: Waiter): void {
    for (const queue of [queues.interactive, queues.ahead, queues.background]) {
      const index = queue.indexOf(waiter);
      if (index >= 0) queue.splice(index, 1);
    }
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }

  /** Sleeps; a background caller's sleep ends early when a person arrives. */
  async function nap(ms: number, forBackground: boolean): Promise<void> {
    const sleepMs = Math.min(Math.max(1, ms), MAX_SLEEP_MS);
    if (!forBackground) {
      await clock.sleep(sleepMs);
      return;
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

  function grantHead(countedFrom: number): void {
    const waiter = head();
    if (!waiter) return;
    serve(waiter, { countedFrom });
  }

  /** One round trip to the shared budget for the head of the queue. */
  async function takeShared(store: RateBudgetStore, key: string): Promise<void> {
    const priority: RequestPriority = queues.interactive.length > 0 ? 'interactive' : 'background';
    let answer;
    const asked = clock.now();
    try {
      answer = await store.take(key, priority, shape);
    } catch (error) {
      // The database did not answer: this caller fails rather than go out unbudgeted.
      const waiter = head();
      if (waiter) {
        remove(waiter);
        waiter.reject(error);
      }
      return;
    }
    // A caller that left meanwhile gives its token to the next one.
    if (answer.granted) return grantHead(asked);
    const now = clock.now();
    if (answer.holdMs > 0) {
      paused = Math.max(paused, now + answer.holdMs);
      if (paused - now > INTERACTIVE_MAX_WAIT_MS) {
        for (const waiter of queues.interactive.slice()) {
          remove(waiter);
          waiter.reject(new RateLimitHoldError(paused));
        }
      }
      return;
    }
    // A person who arrived during the round trip does not wait for background work's turn.
    if (priority === 'background' && queues.interactive.length > 0) return;
    await nap(answer.waitMs, priority === 'background');
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
        if (shared) {
          await takeShared(shared.store, shared.key);
          continue;
        }
        refill(now);
        const priority: RequestPriority = queues.interactive.length > 0 ? 'interactive' : 'background';
        const needed = priority === 'interactive' ? 1 : 1 + kept;
        const untilPlace = placeWaitMs(recent, now, priority, shape);
        if (tokens >= needed - EPSILON && untilPlace === 0) {
          tokens = Math.max(0, tokens - 1);
          recordGrant(recent, now, priority, shape);
          serve(waiter, { countedFrom: now });
          continue;
        }
        const untilEnough = Math.max(untilPlace, Math.ceil(((needed - tokens) * 1000) / rate - EPSILON_MS));
        await nap(untilEnough, priority === 'background');
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
    acquire(priority, signal, place) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<Grant>((resolve, reject) => {
        const lane = priority === 'interactive' ? 'interactive' : place?.ahead ? 'ahead' : 'background';
        const waiter: Waiter = {
          lane,
          resolve,
          reject,
          signal,
          onAbort: () => {
            remove(waiter);
            reject(signal?.reason);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queues[lane].push(waiter);
        if (priority === 'interactive') backgroundNap?.abort();
        if (!pumping) pump().catch(failAll);
      });
    },
    pauseUntil(epochMs) {
      if (!Number.isFinite(epochMs) || epochMs <= paused) return;
      paused = epochMs;
      // Recorded as a duration: the store counts it on its own clock, so other instances' clocks do not matter.
      if (shared) shared.store.hold(shared.key, epochMs - clock.now()).catch((error: unknown) => shared.onHoldError?.(error));
    },
    pausedUntil: () => paused,
  };
}

/**
 * A grant young enough to use at the moment the request leaves, which must
 * follow at once. A grant held up too long on its way (a busy event loop,
 * the database's answer read late, `beforeSend`'s own reads) would land at
 * the provider beside the next grants: it is left unused, still counted,
 * and a fresh one taken. `beforeSend` runs once, after the first grant:
 * a fresh grant after it follows within a round trip.
 */
export async function acquireToSend(
  limiter: RateLimiter,
  o: { clock: Clock; priority: RequestPriority; signal?: AbortSignal; ahead?: boolean; beforeSend?: () => void | Promise<void>; onTooOld?: (lateMs: number) => void },
): Promise<void> {
  let beforeSend = o.beforeSend;
  for (;;) {
    const grant = await limiter.acquire(o.priority, o.signal, o.ahead ? { ahead: true } : undefined);
    if (beforeSend) await beforeSend();
    beforeSend = undefined;
    const lateMs = o.clock.now() - grant.countedFrom;
    if (lateMs <= LATE_DEPARTURE_MS) return;
    o.onTooOld?.(lateMs);
  }
}
