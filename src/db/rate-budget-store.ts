import type { BudgetShape, RequestPriority } from '../domain/request-budget.js';

/**
 * One take's answer. Times are relative (milliseconds from the store's own
 * clock), so that instances whose clocks disagree still wait the same time.
 */
export type BudgetTake =
  | {
      granted: true;
      /** The store's clock at the grant (epoch ms): for measurements only, never compared with this process's clock. */
      grantedAt: number;
    }
  | {
      granted: false;
      /** How long to wait before asking again: the hold, the refill, a grant leaving the window, or a person's claim on the next token. */
      waitMs: number;
      /** What is left of a Retry-After hold (0 when none). */
      holdMs: number;
    };

/**
 * The provider's request budget for one API key (`key`), and the hold a 429's
 * Retry-After puts on it. On PostgreSQL one row shared by every instance on
 * the database; on SQLite, a single instance, the process's memory.
 *
 * Two rules grant a take: the bucket (a burst, refilled at the rate) and
 * the window (fewer than `requestsPerSecond` grants in the last
 * WINDOW_SPAN_MS), so that the provider never counts more than the rate in
 * any one second, summed over instances.
 *
 * People go first across instances: an interactive take that finds no token
 * (or no place in the window) claims the next one, and background takes step
 * aside until that claim has passed; background takes also leave
 * `keptForInteractive` tokens, and as many places in the window.
 */
export interface RateBudgetStore {
  /**
   * True when other processes take from the same budget. When false the
   * limiter keeps its budget in memory as it always has, and this store
   * serves only the tests that every store answers alike.
   */
  readonly sharedAcrossInstances: boolean;
  /** Takes one token if the hold, the bucket and people's claims allow it: one round trip. */
  take(key: string, priority: RequestPriority, shape: BudgetShape): Promise<BudgetTake>;
  /** Holds every take for `ms` from now (a later end wins over an earlier one). */
  hold(key: string, ms: number): Promise<void>;
  /** What is left of the hold, 0 when none. */
  holdRemaining(key: string): Promise<number>;
}
