import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { clientFor, sandboxed } from './setup.js';

describe('a background read that goes ahead', () => {
  it('leaves before a history page that was waiting for the budget first', async () => {
    const sandbox = await sandboxed();
    const product = await clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey }).getProduct(SANDBOX_PRODUCTS.noFields);
    const [order] = sandbox.controls.placeOrders(1, { productId: product.id, regionPropertyId: product.regionProperties[0]!.regionPropertyId, quantity: 1 });
    // Four a second, on a budget of its own: the first page leaves at once, the others wait long enough to be overtaken.
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey, requestsPerSecond: 4 });
    const from = sandbox.requests.length;
    await Promise.all([
      client.listOrders({ page: 1, pageSize: 50 }, { priority: 'background' }),
      client.listOrders({ page: 2, pageSize: 50 }, { priority: 'background' }),
      client.getOrder(order!.orderId, { priority: 'background', ahead: true }),
    ]);
    const sent = sandbox.requests.slice(from).map((request) => (request.path === '/orders' ? `page ${request.query['page']}` : request.path));
    expect(sent).toEqual(['page 1', `/orders/${order!.orderId}`, 'page 2']);
  });
});
