import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderBody } from '../../src/orders/order-line.js';
import { withCallSignal } from '../../src/provider/call-signal.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { googlePlayInput } from '../support/order-fixtures.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('the background work’s provider, ended by its signal', () => {
  it('ends a read waiting for the request budget as soon as the work stops, and sends nothing for it', async () => {
    // One request a second, with the burst spent: the background read waits about a second for its turn.
    const client = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1 });
    await client.getBalance({ priority: 'interactive' });
    await client.getBalance({ priority: 'interactive' }).catch(() => undefined);
    const stopping = new AbortController();
    const before = sandbox.requests.length;
    const read = withCallSignal(client, stopping.signal).getBalance({ priority: 'background' });
    const startedAt = Date.now();
    setTimeout(() => stopping.abort(new Error('stopping')), 50);
    await expect(read).rejects.toThrow('stopping');
    expect(Date.now() - startedAt).toBeLessThan(500);
    expect(sandbox.requests.length).toBe(before);
  });

  it('leaves a POST alone: an order already on its way is answered, not abandoned', async () => {
    const client = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 100 });
    const stopping = new AbortController();
    stopping.abort(new Error('stopping'));
    const placed = await withCallSignal(client, stopping.signal).placeOrder(placeOrderBody(googlePlayInput('signal').lines), { priority: 'interactive' });
    expect(placed.orderReference).toMatch(/\S/);
  });
});
