import { describe, expect, it } from 'vitest';
import {
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderRateLimitedError,
  ProviderRejectedError,
  ProviderResponseError,
  ProviderServerError,
} from '../../src/provider/errors.js';
import { planRetry, retryDelayMs } from '../../src/provider/retry.js';
import { parseRetryAfterMs } from '../../src/provider/retry-after.js';

const at = { method: 'GET', path: '/products' };
const policy = { baseMs: 300, capMs: 10_000, random: () => 0.5 };

describe('retryDelayMs', () => {
  it('doubles the jitter ceiling with every attempt', () => {
    const top = () => 0.999_999;
    expect(retryDelayMs({ attempt: 1, baseMs: 300, capMs: 10_000, random: top })).toBe(299);
    expect(retryDelayMs({ attempt: 2, baseMs: 300, capMs: 10_000, random: top })).toBe(599);
    expect(retryDelayMs({ attempt: 3, baseMs: 300, capMs: 10_000, random: top })).toBe(1_199);
  });

  it('never exceeds the cap however many attempts failed', () => {
    expect(retryDelayMs({ attempt: 30, baseMs: 300, capMs: 10_000, random: () => 0.999_999 })).toBe(9_999);
  });

  it('spreads delays over the whole range from zero (full jitter)', () => {
    expect(retryDelayMs({ attempt: 3, baseMs: 300, capMs: 10_000, random: () => 0 })).toBe(0);
    expect(retryDelayMs({ attempt: 3, baseMs: 300, capMs: 10_000, random: () => 0.5 })).toBe(600);
  });

  it('never goes below the Retry-After the provider asked for', () => {
    expect(retryDelayMs({ attempt: 1, baseMs: 300, capMs: 10_000, random: () => 0.9, retryAfterMs: 2_000 })).toBe(2_000);
  });
});

describe('planRetry', () => {
  it('retries network failures, server errors and rate limits', () => {
    const errors = [
      new ProviderNetworkError({ ...at, message: 'reset', timedOut: false }),
      new ProviderNetworkError({ ...at, message: 'slow', timedOut: true }),
      new ProviderServerError({ ...at, message: '503', status: 503 }),
      new ProviderRateLimitedError({ ...at, message: '429', status: 429, retryAfterMs: 1_000 }),
    ];
    for (const error of errors) expect(planRetry({ ...policy, error, attempt: 1, maxAttempts: 4 }).retry).toBe(true);
  });

  it('does not retry definite answers or unreadable bodies', () => {
    const errors = [
      new ProviderNotFoundError({ ...at, message: '404', status: 404 }),
      new ProviderRejectedError({ ...at, message: '422', status: 422 }),
      new ProviderResponseError({ ...at, message: 'bad shape', status: 200 }),
      new Error('a bug'),
    ];
    for (const error of errors) expect(planRetry({ ...policy, error, attempt: 1, maxAttempts: 4 })).toEqual({ retry: false });
  });

  it('stops once the attempts are used up', () => {
    const error = new ProviderServerError({ ...at, message: '500', status: 500 });
    expect(planRetry({ ...policy, error, attempt: 4, maxAttempts: 4 })).toEqual({ retry: false });
    expect(planRetry({ ...policy, error, attempt: 1, maxAttempts: 1 })).toEqual({ retry: false });
  });

  it('waits at least the Retry-After of a 429', () => {
    const error = new ProviderRateLimitedError({ ...at, message: '429', status: 429, retryAfterMs: 3_000 });
    expect(planRetry({ ...policy, error, attempt: 1, maxAttempts: 4 })).toEqual({ retry: true, delayMs: 3_000 });
  });

  it('hands a Retry-After longer than the cap back to the caller instead of waiting it out', () => {
    const error = new ProviderRateLimitedError({ ...at, message: '429', status: 429, retryAfterMs: 60_000 });
    expect(planRetry({ ...policy, error, attempt: 1, maxAttempts: 4 })).toEqual({ retry: false });
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');

  it('reads whole seconds', () => {
    expect(parseRetryAfterMs('3', now)).toBe(3_000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date as the time left until then', () => {
    expect(parseRetryAfterMs('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5_000);
  });

  it('treats an HTTP-date in the past as no wait', () => {
    expect(parseRetryAfterMs('Sat, 21 Nov 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('falls back to one second when the header is missing or unreadable', () => {
    for (const value of [null, undefined, '', 'soon', '-5', '1e3', 'Someday, 99 Nov 2026']) {
      expect(parseRetryAfterMs(value, now)).toBe(1_000);
    }
  });
});
