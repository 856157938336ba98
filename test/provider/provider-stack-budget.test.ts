import { describe, expect, it } from 'vitest';
import { budgetKey, composeProvider } from '../../src/app/provider-stack.js';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import type { RateBudgetStore } from '../../src/db/rate-budget-store.js';
import { envelope } from '../support/scripted-server.js';
import { SECRET_KEY, scripted } from './setup.js';

/** A budget that records who asked and grants every take. */
function recordingBudget(sharedAcrossInstances: boolean): RateBudgetStore & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    sharedAcrossInstances,
    async take(key) {
      keys.push(key);
      return { granted: true, grantedAt: Date.now() };
    },
    async hold() {},
    async holdRemaining() {
      return 0;
    },
  };
}

async function balanceThrough(rateBudget: RateBudgetStore): Promise<{ baseUrl: string }> {
  const server = await scripted(() => ({ body: envelope({ balance: 7 }) }));
  const { provider } = composeProvider({
    config: { providerTimeoutMs: 5_000, providerOrderTimeoutMs: 5_000, providerRequestsPerSecond: 8 },
    baseUrl: server.baseUrl,
    apiKey: SECRET_KEY,
    catalog: { recordPrice: async () => false },
    pauses: { pause: async () => ({ started: false, pause: { source: 'admin', reason: null, since: 0, by: null } }) },
    lowBalance: { observe: async () => undefined },
    alerts: { alert: async () => undefined },
    translate: () => ((key: string) => key) as never,
    metrics: { providerExchange: () => undefined },
    clock: systemClock,
    providerClock: systemClock,
    logger: silentLogger,
    rateBudget,
  });
  await provider.getBalance();
  return server;
}

describe('the provider stack and the shared budget', () => {
  it('takes every request from the budget when other instances share it, under a key that does not reveal the API key', async () => {
    const budget = recordingBudget(true);
    const server = await balanceThrough(budget);
    expect(budget.keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(budget.keys)).toEqual(new Set([budgetKey(server.baseUrl, SECRET_KEY)]));
    expect(budget.keys[0]).not.toContain(SECRET_KEY);
    expect(budget.keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the budget in the limiter's memory when this is the only instance", async () => {
    const budget = recordingBudget(false);
    await balanceThrough(budget);
    expect(budget.keys).toEqual([]);
  });
});
