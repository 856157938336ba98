import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { createMemoryRateBudgetStore } from '../../src/db/memory-rate-budget.js';
import type { RateBudgetStore } from '../../src/db/rate-budget-store.js';
import { createRateLimiter } from '../../src/provider/rate-limit.js';
import { createManualClock } from '../support/manual-clock.js';
import { envelope } from '../support/scripted-server.js';
import { capturedLogger, clientFor, scripted } from './setup.js';
import { busiestSecond } from '../support/busiest-second.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A shared budget whose first grant reaches this process `lagMs` late: the
 * database counted it at once, and the answer sat behind a busy event loop
 * (what a loaded machine does to any instance).
 */
function budgetAnsweringLate(lagMs: number): RateBudgetStore {
  const inner = createMemoryRateBudgetStore({ clock: systemClock });
  let grants = 0;
  return {
    ...inner,
    sharedAcrossInstances: true,
    async take(key, priority, shape) {
      const answer = await inner.take(key, priority, shape);
      if (answer.granted && ++grants === 1) await sleep(lagMs);
      return answer;
    },
  };
}

describe('a grant that reaches the request late', () => {
  it('is not used: the provider never counts more than the rate in any second of its own arrival times', async () => {
    const server = await scripted(() => ({ body: envelope({ balance: 7 }) }));
    const { logger, lines } = capturedLogger();
    const limiter = createRateLimiter({ requestsPerSecond: 4, clock: systemClock, shared: { store: budgetAnsweringLate(300), key: 'late' } });
    const client = clientFor(server.baseUrl, { limiter, logger });
    // Five at once at 4/s: the late first grant would leave with the second, beside three more within the second.
    await Promise.all(Array.from({ length: 5 }, () => client.getBalance()));
    const arrivals = server.requests.map((request) => request.at);
    console.log('arrivals at the provider, ms after the first:', arrivals.map((at) => at - arrivals[0]!));
    expect(arrivals).toHaveLength(5);
    expect(busiestSecond(arrivals)).toBeLessThanOrEqual(4);
    expect(lines.filter((line) => line.includes('provider grant too old to use')).length).toBeGreaterThanOrEqual(1);
  });

  it('is used when it arrives in time', async () => {
    const server = await scripted(() => ({ body: envelope({ balance: 7 }) }));
    const { logger, lines } = capturedLogger();
    // Time stands still (a loaded machine's real lag has no part here): each grant is used, four at once in a burst of four.
    const clock = createManualClock(1_000_000);
    const store: RateBudgetStore = { ...createMemoryRateBudgetStore({ clock }), sharedAcrossInstances: true };
    const limiter = createRateLimiter({ requestsPerSecond: 4, burst: 4, clock, shared: { store, key: 'on-time' } });
    const client = clientFor(server.baseUrl, { limiter, logger, clock });
    await Promise.all(Array.from({ length: 4 }, () => client.getBalance()));
    expect(server.requests).toHaveLength(4);
    expect(lines.filter((line) => line.includes('provider grant too old to use'))).toEqual([]);
  });
});
