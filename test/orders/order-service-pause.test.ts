import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createOrderingPauseStore } from '../../src/db/ordering-pause-store.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { googlePlayInput } from '../support/order-fixtures.js';

const googlePlay = (confirmKey: string) => googlePlayInput(confirmKey);

describe('order service while ordering is paused', () => {
  const sandboxes: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });

  async function setup() {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const db = memoryDb();
    const clock = createManualClock(1_700_000_000_000);
    const pauses = createOrderingPauseStore({ database: databaseOf(db), clock });
    const service = createOrderService({
      orders: createOrderStore({ database: databaseOf(db), clock }),
      provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 }),
      clock,
      logger: silentLogger,
      sandbox: true,
      orderingPaused: () => pauses.current(),
    });
    const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
    return { service, pauses, posts };
  }

  it('sends no POST and closes the order as not placed, giving the reason of the pause', async () => {
    const { service, pauses, posts } = await setup();
    await pauses.pause({ source: 'admin', reason: 'wallet audit', by: 1001 });

    const result = await service.createIntentAndPlace(googlePlay('c-1'));

    expect(result).toMatchObject({ kind: 'rejected', reason: 'paused', providerMessage: 'wallet audit', order: { state: 'not_placed' } });
    expect(posts()).toBe(0);
  });

  it('sends nothing when the pause begins while the POST waits for the request budget', async () => {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const db = memoryDb();
    const pauses = createOrderingPauseStore({ database: databaseOf(db), clock: createManualClock(1_700_000_000_000) });
    // One request a second: the balance read takes this second's turn, so the POST waits for the next.
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1 });
    const service = createOrderService({ orders: createOrderStore({ database: databaseOf(db), clock: createManualClock(1_700_000_000_000) }), provider, clock: createManualClock(1_700_000_000_000), logger: silentLogger, sandbox: true, orderingPaused: () => pauses.current() });
    await provider.getBalance();

    const placing = service.createIntentAndPlace(googlePlay('c-1'));
    setTimeout(() => void pauses.pause({ source: 'admin', reason: 'stop now', by: 1001 }), 100);
    const result = await placing;

    expect(result).toMatchObject({ kind: 'rejected', reason: 'paused', providerMessage: 'stop now' });
    expect(sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('places orders again once ordering is resumed', async () => {
    const { service, pauses, posts } = await setup();
    await pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
    await service.createIntentAndPlace(googlePlay('c-1'));
    await pauses.resume(1001);

    const result = await service.createIntentAndPlace(googlePlay('c-2'));

    expect(result.kind).toBe('placed');
    expect(posts()).toBe(1);
  });
});
