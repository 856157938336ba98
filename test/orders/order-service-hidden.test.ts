import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogStore } from '../../src/db/catalog-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { googlePlayInput } from '../support/order-fixtures.js';

const sandboxes: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

const ADMIN = 1001;
const GOOGLE_PLAY = { id: SANDBOX_PRODUCTS.noFields, title: 'Google Play 10 USD' };

/** The order service on SQLite and the sandbox, asking the stored catalog what administrators hid. */
async function setup(requestsPerSecond = 1000) {
  const sandbox = await createSandbox({ rateLimit: false });
  sandboxes.push(sandbox);
  const db = memoryDb();
  const clock = createManualClock(1_700_000_000_000);
  const catalog = createCatalogStore({ database: databaseOf(db), clock, rest: async () => undefined });
  await catalog.write({
    categories: [{ id: 1, title: 'Stores', parentId: null }],
    products: [{ id: GOOGLE_PLAY.id, title: GOOGLE_PLAY.title, categoryId: 1, isAvailable: true }],
  });
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond });
  const service = createOrderService({
    orders: createOrderStore({ database: databaseOf(db), clock }),
    provider,
    clock,
    logger: silentLogger,
    sandbox: true,
    hiddenProducts: (ids) => catalog.hiddenAmong(ids),
  });
  const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
  const audit = (orderId: number) =>
    db.$client.prepare<[number], { action: string; detail: string }>("select action, detail from audit_log where order_id = ? and action = 'order.not_placed'").all(orderId);
  return { service, catalog, provider, posts, audit };
}

describe('a product an administrator hid, checked by the order service', () => {
  it('sends no POST for a product hidden after the summary, closes the order as not placed and names the product', async () => {
    const { service, catalog, posts, audit } = await setup();
    await catalog.hide({ kind: 'product', id: GOOGLE_PLAY.id, title: GOOGLE_PLAY.title }, ADMIN);

    const result = await service.createIntentAndPlace(googlePlayInput('hidden-1'));

    expect(result).toMatchObject({ kind: 'rejected', reason: 'product-hidden', hidden: [GOOGLE_PLAY.id], order: { state: 'not_placed' } });
    expect(posts()).toBe(0);
    expect(audit(result.order.id)).toHaveLength(1);
    expect(JSON.parse(audit(result.order.id)[0]!.detail)).toMatchObject({ facts: { cause: 'hidden', product: GOOGLE_PLAY.title } });
  });

  it('refuses a product whose category an administrator hid, and places it again once shown', async () => {
    const { service, catalog, posts } = await setup();
    await catalog.hide({ kind: 'category', id: 1, title: 'Stores' }, ADMIN);
    expect(await service.createIntentAndPlace(googlePlayInput('hidden-2'))).toMatchObject({ kind: 'rejected', reason: 'product-hidden' });

    await catalog.show({ kind: 'category', id: 1 }, ADMIN);
    expect(await service.createIntentAndPlace(googlePlayInput('shown-2'))).toMatchObject({ kind: 'placed' });
    expect(posts()).toBe(1);
  });

  it('sends nothing when the product is hidden while the POST waits for the request budget', async () => {
    const { service, catalog, provider } = await setup(1);
    const sandbox = sandboxes.at(-1)!;
    // One request a second: the balance read takes this second's turn, so the POST waits for the next.
    await provider.getBalance();

    const placing = service.createIntentAndPlace(googlePlayInput('hidden-3'));
    setTimeout(() => void catalog.hide({ kind: 'product', id: GOOGLE_PLAY.id, title: GOOGLE_PLAY.title }, ADMIN), 100);
    const result = await placing;

    expect(result).toMatchObject({ kind: 'rejected', reason: 'product-hidden', hidden: [GOOGLE_PLAY.id] });
    expect(sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
