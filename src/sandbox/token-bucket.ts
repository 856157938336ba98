import type { Clock } from '../clock.js';

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface TokenBuckets {
  /** Takes one token from `key`'s bucket if there is one. */
  take(key: string): TakeResult;
}

/** One bucket per key, refilled continuously from the clock. */
export function createTokenBuckets(options: { perSecond: number; burst: number; clock: Clock }): TokenBuckets {
  const { perSecond, burst, clock } = options;
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();
  return {
    take(key) {
      const now = clock.now();
      const bucket = buckets.get(key) ?? { tokens: burst, updatedAt: now };
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * perSecond);
      bucket.updatedAt = now;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      const waitSeconds = (1 - bucket.tokens) / perSecond;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)) };
    },
  };
}
