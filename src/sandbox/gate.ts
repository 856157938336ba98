import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { FaultState } from './controls.js';
import { MESSAGES, errorBody } from './envelope.js';
import type { RouteResponse } from './routes.js';
import type { TokenBuckets } from './token-bucket.js';

interface GateDeps {
  apiKey: string;
  state: FaultState;
  buckets: TokenBuckets | null;
  clock: Clock;
  random: () => number;
}

function keyMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function tooMany(retryAfter: string): RouteResponse {
  return { status: 429, body: errorBody(429, MESSAGES.rateLimited), headers: { 'Retry-After': retryAfter } };
}

/**
 * Everything that may refuse a request before it touches any state. Returns
 * the refusal, or null to let the request through.
 */
export function createGate(deps: GateDeps): (apiKeyHeader: string | undefined) => RouteResponse | null {
  const { state } = deps;
  return (apiKeyHeader) => {
    if (state.forced429.remaining > 0) {
      state.forced429.remaining -= 1;
      const { retryAfter } = state.forced429;
      if (retryAfter === 'http-date') {
        // HTTP-dates have whole seconds: round up so the date is never less than 1 s ahead.
        const at = Math.ceil((deps.clock.now() + 1000) / 1000) * 1000;
        return tooMany(new Date(at).toUTCString());
      }
      return tooMany(String(Math.max(0, Math.ceil(retryAfter))));
    }
    if (state.forbidden) return { status: 403, body: errorBody(403, MESSAGES.forbidden) };
    if (!keyMatches(apiKeyHeader, deps.apiKey)) return { status: 401, body: errorBody(401, MESSAGES.unauthorized) };
    if (state.rateLimitRate > 0 && deps.random() < state.rateLimitRate) return tooMany('1');
    if (deps.buckets) {
      const taken = deps.buckets.take(deps.apiKey);
      if (!taken.ok) return tooMany(String(taken.retryAfterSeconds));
    }
    if (state.serverErrorRate > 0 && deps.random() < state.serverErrorRate) {
      return { status: 500, body: errorBody(500, MESSAGES.serverError) };
    }
    return null;
  };
}
