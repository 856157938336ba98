import {
  ProviderError,
  ProviderNetworkError,
  ProviderRateLimitedError,
  ProviderServerError,
} from './errors.js';

interface RetryDelayInput {
  /** The attempt that just failed, starting at 1. */
  attempt: number;
  baseMs: number;
  capMs: number;
  /** A number in [0, 1), e.g. Math.random. */
  random: () => number;
  /** The provider's Retry-After, when it gave one: the delay never goes below it. */
  retryAfterMs?: number | null;
}

/**
 * Capped exponential backoff with full jitter: a uniform delay between 0 and
 * min(cap, base * 2^(attempt-1)), so that clients failing together do not
 * retry together. A Retry-After is a floor, not a suggestion.
 */
export function retryDelayMs(input: RetryDelayInput): number {
  const exponent = Math.max(0, input.attempt - 1);
  const ceiling = Math.min(input.capMs, input.baseMs * 2 ** exponent);
  const jittered = Math.floor(clampUnit(input.random()) * ceiling);
  return input.retryAfterMs == null ? jittered : Math.max(input.retryAfterMs, jittered);
}

/**
 * Causes worth another try for a read: the request may succeed later. A 408
 * is the provider's own "too slow", so it counts as transient too.
 */
function isRetryableReadError(error: unknown): error is ProviderError {
  return (
    error instanceof ProviderNetworkError ||
    error instanceof ProviderServerError ||
    error instanceof ProviderRateLimitedError ||
    (error instanceof ProviderError && error.status === 408)
  );
}

interface RetryPlanInput {
  error: unknown;
  attempt: number;
  maxAttempts: number;
  baseMs: number;
  capMs: number;
  random: () => number;
}

type RetryPlan = { retry: false } | { retry: true; delayMs: number };

/**
 * Whether and when to retry a failed read. A Retry-After longer than the
 * backoff cap is not waited out inside one call: the error goes to the caller
 * (the shared limiter still holds everyone until it has passed).
 */
export function planRetry(input: RetryPlanInput): RetryPlan {
  if (input.attempt >= input.maxAttempts || !isRetryableReadError(input.error)) return { retry: false };
  const retryAfterMs = input.error instanceof ProviderRateLimitedError ? input.error.retryAfterMs : null;
  if (retryAfterMs !== null && retryAfterMs > input.capMs) return { retry: false };
  return {
    retry: true,
    delayMs: retryDelayMs({
      attempt: input.attempt,
      baseMs: input.baseMs,
      capMs: input.capMs,
      random: input.random,
      retryAfterMs,
    }),
  };
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 : value;
}
