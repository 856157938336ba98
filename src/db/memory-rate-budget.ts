import type { Clock } from '../clock.js';
import { type RateBudgetStore } from './rate-budget-store.js';
import { checkShape, placeWaitMs, recordGrant, refillWaitMs, TOKEN_EPSILON, INTERACTIVE_CLAIM_GRACE_MS, type GrantWindow } from '../domain/request-budget.js';

interface Bucket {
  tokens: number;
  refilledAt: number;
  holdUntil: number;
  interactiveUntil: number;
  recent: GrantWindow;
}

/**
 * One instance (SQLite's), so the budget lives in this process's memory (the
 * limiter does not even ask it; see sharedAcrossInstances). It answers
 * exactly as the shared store (shared-rate-budget.ts) does, on `clock`.
 */
export function createMemoryRateBudgetStore(deps: { clock: Clock }): RateBudgetStore {
  const { clock } = deps;
  const buckets = new Map<string, Bucket>();
  const bucket = (key: string, burst: number): Bucket => {
    let found = buckets.get(key);
    if (!found) {
      found = { tokens: burst, refilledAt: clock.now(), holdUntil: 0, interactiveUntil: 0, recent: { all: [], background: [] } };
      buckets.set(key, found);
    }
    return found;
  };

  return {
    sharedAcrossInstances: false,
    async take(key, priority, shape) {
      checkShape(shape);
      const b = bucket(key, shape.burst);
      const now = Math.max(b.refilledAt, clock.now());
      b.tokens = Math.min(shape.burst, b.tokens + ((now - b.refilledAt) * shape.requestsPerSecond) / 1000);
      b.refilledAt = now;
      const needed = priority === 'interactive' ? 1 : 1 + shape.keptForInteractive;
      const holdMs = Math.max(0, b.holdUntil - now);
      const claimMs = priority === 'background' ? Math.max(0, b.interactiveUntil - now) : 0;
      const windowMs = placeWaitMs(b.recent, now, priority, shape);
      if (holdMs === 0 && claimMs === 0 && windowMs === 0 && b.tokens >= needed - TOKEN_EPSILON) {
        b.tokens = Math.max(0, b.tokens - 1);
        recordGrant(b.recent, now, priority, shape);
        return { granted: true, grantedAt: now };
      }
      const waitMs = Math.max(holdMs, claimMs, windowMs, refillWaitMs(needed, b.tokens, shape.requestsPerSecond));
      if (priority === 'interactive') b.interactiveUntil = Math.max(b.interactiveUntil, now + waitMs + (shape.claimGraceMs ?? INTERACTIVE_CLAIM_GRACE_MS));
      return { granted: false, waitMs: Math.max(1, waitMs), holdMs };
    },
    async hold(key, ms) {
      const now = clock.now();
      const b = buckets.get(key) ?? { tokens: 0, refilledAt: now, holdUntil: 0, interactiveUntil: 0, recent: { all: [], background: [] } };
      buckets.set(key, b);
      if (Number.isFinite(ms) && ms > 0) b.holdUntil = Math.max(b.holdUntil, now + ms);
    },
    async holdRemaining(key) {
      return Math.max(0, (buckets.get(key)?.holdUntil ?? 0) - clock.now());
    },
  };
}
