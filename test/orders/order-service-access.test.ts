import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createOrderService, type OrderServiceDeps } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { googlePlayInput } from '../support/order-fixtures.js';

const sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

/** The order service on SQLite and the sandbox, with `checks` in place of the checks the app wires in. */
async function serviceWith(checks: Pick<OrderServiceDeps, 'mayOrder' | 'checkLimits' | 'freshen' | 'orderingPaused'>) {
  const sandbox = await createSandbox({ rateLimit: false });
  sandboxes.push(sandbox);
  const db = memoryDb();
  const clock = createManualClock(1_700_000_000_000);
  const service = createOrderService({
    orders: createOrderStore({ database: databaseOf(db), clock }),
    provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
    clock,
    logger: silentLogger,
    sandbox: true,
    ...checks,
  });
  const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
  return { service, posts };
}

describe('who may order, read again right before the POST', () => {
  it('sends nothing for someone removed between the first checks and the POST, and closes the order as not placed', async () => {
    const staff = new Set([11]);
    let freshened = 0;
    const { service, posts } = await serviceWith({
      mayOrder: (userId) => staff.has(userId),
      // An administrator removes the person while the order is on its way (here: during the limits' first read).
      checkLimits: async () => {
        staff.delete(11);
        return { ok: true };
      },
      freshen: async () => void (freshened += 1),
    });

    const result = await service.createIntentAndPlace(googlePlayInput('removed-meanwhile'));

    expect(result).toMatchObject({ kind: 'rejected', reason: 'no-access', order: { state: 'not_placed' } });
    expect(freshened).toBe(1);
    expect(posts()).toBe(0);
  });
});

describe('a failure between the claim and the POST', () => {
  it('closes the order as not placed, sends nothing, and leaves the wallet free for the next order', async () => {
    let reads = 0;
    const { service, posts } = await serviceWith({
      // The first check passes; the database fails at the second, once the order holds the wallet's POST.
      orderingPaused: async () => {
        reads += 1;
        if (reads === 2) throw new Error('connection lost');
        return null;
      },
    });

    await expect(service.createIntentAndPlace(googlePlayInput('failed-at-recheck'))).rejects.toThrow('connection lost');
    const next = await service.createIntentAndPlace(googlePlayInput('next-one', { userId: 12, chatId: 12 }));

    expect(next).toMatchObject({ kind: 'placed' });
    expect(posts()).toBe(1);
  });
});
