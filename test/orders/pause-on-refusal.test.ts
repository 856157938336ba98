import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderingPauseStore, type OrderingPause } from '../../src/db/ordering-pause-store.js';
import { withPauseOnRefusal } from '../../src/orders/pause-on-refusal.js';
import { createProviderClient } from '../../src/provider/client.js';
import { ProviderForbiddenError, ProviderServerError } from '../../src/provider/errors.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

describe('pausing ordering when the provider refuses us', () => {
  const sandboxes: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });

  async function setup(apiKey?: string) {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const clock = createManualClock(Date.UTC(2025, 2, 1));
    const pauses = createOrderingPauseStore({ database: databaseOf(memoryDb()), clock });
    const announced: { pause: OrderingPause; status: number | null }[] = [];
    const provider = withPauseOnRefusal(
      createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: apiKey ?? sandbox.apiKey, requestsPerSecond: 1000, maxAttempts: 1 }),
      { pauses, onPaused: (pause, status) => announced.push({ pause, status }), logger: silentLogger },
    );
    return { sandbox, pauses, provider, announced };
  }

  it('pauses on a read answered 403, with the provider message as the reason, and announces it once', async () => {
    const { sandbox, pauses, provider, announced } = await setup();
    sandbox.controls.setForbidden(true);
    await expect(provider.getBalance()).rejects.toBeInstanceOf(ProviderForbiddenError);
    await expect(provider.getProduct(SANDBOX_PRODUCTS.noFields)).rejects.toBeInstanceOf(ProviderForbiddenError);

    expect(await pauses.current()).toMatchObject({ source: 'provider', by: null, reason: expect.stringContaining('IP') });
    expect(announced).toHaveLength(1);
    expect(announced[0]?.status).toBe(403);
  });

  it('pauses on an order answered 403', async () => {
    const { sandbox, pauses, provider } = await setup();
    sandbox.controls.setForbidden(true);
    await expect(
      provider.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] }),
    ).rejects.toBeInstanceOf(ProviderForbiddenError);
    expect((await pauses.current())?.source).toBe('provider');
  });

  it('pauses on a key answered 401, while walking the catalog too', async () => {
    const { pauses, provider } = await setup('sk_wrong_key_12345');
    await expect(async () => {
      for await (const _ of provider.allProducts()) break;
    }).rejects.toThrow();
    expect((await pauses.current())?.source).toBe('provider');
  });

  it('does not pause on other failures', async () => {
    const { sandbox, pauses, provider } = await setup();
    sandbox.controls.setServerErrorRate(1);
    await expect(provider.getBalance()).rejects.toBeInstanceOf(ProviderServerError);
    expect(await pauses.current()).toBeNull();
  });
});
