import { describe, expect, it } from 'vitest';
import type { ProviderClient } from '../../src/provider/client.js';
import {
  OrderOutcomeUnknownError,
  ProviderConflictError,
  ProviderNotFoundError,
  ProviderRateLimitedError,
  ProviderRejectedError,
} from '../../src/provider/errors.js';
import type { PlaceOrderBody } from '../../src/provider/schemas.js';
import { MESSAGES } from '../../src/sandbox/envelope.js';
import { SANDBOX_PRODUCTS, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { clientFor, rejectionOf, sandboxed } from './setup.js';

const PERSIAN = /[\u0600-\u06FF]/;

async function plainOrder(client: ProviderClient, productId: number = SANDBOX_PRODUCTS.noFields): Promise<PlaceOrderBody> {
  const detail = await client.getProduct(productId);
  return { products: [{ productId, regionPropertyId: detail.regionProperties[0]!.regionPropertyId, quantity: 1 }] };
}

function posts(sandbox: Sandbox) {
  return sandbox.requests.filter((request) => request.method === 'POST');
}

describe('placing orders with the sandbox provider', () => {
  it('places an order with a required field and reads it back by id and by reference', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const body = await plainOrder(client, SANDBOX_PRODUCTS.oneField);
    body.requiredFields = { [String(SANDBOX_PRODUCTS.oneField)]: [{ fieldId: 7, value: 'buyer@example.com' }] };
    const placed = await client.placeOrder(body);
    expect(placed).toMatchObject({ status: 'PREPARING', items: [{ productId: SANDBOX_PRODUCTS.oneField, quantity: 1 }] });
    expect(placed.orderReference).toMatch(/^A\d+$/);
    expect((await client.getOrder(placed.orderId)).orderReference).toBe(placed.orderReference);
    expect((await client.getOrder(placed.orderReference)).orderId).toBe(placed.orderId);
  });

  it('reads the delivery section once the order is completed', async () => {
    const clock = createManualClock(Date.parse('2026-11-21T10:00:00Z'));
    const sandbox = await sandboxed({ clock });
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const placed = await client.placeOrder(await plainOrder(client));
    expect((await client.getOrder(placed.orderId)).items[0]?.delivery).toBeNull();
    clock.advance(60_000);
    const done = await client.getOrder(placed.orderId);
    expect(done.status).toBe('COMPLETED');
    expect(done.items[0]?.delivery).toMatchObject({ cards: [{ code: expect.any(String) }] });
  });

  it('maps an invalid required field to a rejection with the provider message', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const body = await plainOrder(client, SANDBOX_PRODUCTS.oneField);
    body.requiredFields = { [String(SANDBOX_PRODUCTS.oneField)]: [{ fieldId: 7, value: 'not-an-email' }] };
    const error = await rejectionOf(client.placeOrder(body));
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as ProviderRejectedError).status).toBe(422);
    expect((error as ProviderRejectedError).providerMessage).toMatch(PERSIAN);
    expect(sandbox.controls.orders()).toHaveLength(0);
  });

  it('maps an insufficient balance to a rejection with the provider message', async () => {
    const sandbox = await sandboxed({ initialBalance: 1 });
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const error = await rejectionOf(client.placeOrder(await plainOrder(client)));
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as ProviderRejectedError).providerMessage).toContain(MESSAGES.insufficientBalance);
  });

  it('maps a region without stock to a conflict with the provider message', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const detail = await client.getProduct(SANDBOX_PRODUCTS.multiRegion);
    const empty = detail.regionProperties.find((region) => region.stock === 0)!;
    const error = await rejectionOf(
      client.placeOrder({ products: [{ productId: detail.id, regionPropertyId: empty.regionPropertyId, quantity: 1 }] }),
    );
    expect(error).toBeInstanceOf(ProviderConflictError);
    expect((error as ProviderConflictError).providerMessage).toContain(MESSAGES.insufficientStock);
  });

  it('maps an unknown product to not-found with the provider message', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const error = await rejectionOf(client.placeOrder({ products: [{ productId: 999_999, regionPropertyId: 1, quantity: 1 }] }));
    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect((error as ProviderNotFoundError).providerMessage).toContain(MESSAGES.productNotFound);
  });
});

describe('an order POST under injected faults is sent exactly once', () => {
  it('reports an unknown outcome when the connection drops after the order was created', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const body = await plainOrder(client);
    sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const error = await rejectionOf(client.placeOrder(body));
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as Error).message).toContain('may or may not exist');
    expect(posts(sandbox)).toHaveLength(1);
    expect(sandbox.controls.orders()).toHaveLength(1);
  });

  it('reports an unknown outcome when the answer comes after the order timeout', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey, placeOrderTimeoutMs: 150 });
    const body = await plainOrder(client);
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 600 });
    const error = await rejectionOf(client.placeOrder(body));
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('timeout');
    expect(posts(sandbox)).toHaveLength(1);
  });

  it('reports an unknown outcome when a 502 page follows the creation', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const body = await plainOrder(client);
    sandbox.controls.setOrderPostFault({ kind: 'server-error-after-create' });
    const error = await rejectionOf(client.placeOrder(body));
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).status).toBe(502);
    expect(posts(sandbox)).toHaveLength(1);
    expect(sandbox.controls.orders()).toHaveLength(1);
  });

  it('reports a 429 as definite and does not send again', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const body = await plainOrder(client);
    sandbox.controls.force429(1, 1);
    const error = await rejectionOf(client.placeOrder(body));
    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect(error).not.toBeInstanceOf(OrderOutcomeUnknownError);
    expect(posts(sandbox)).toHaveLength(1);
    expect(sandbox.controls.orders()).toHaveLength(0);
  });

  it('reports an unknown outcome when every request fails with 500 and does not send again', async () => {
    const sandbox = await sandboxed();
    const client = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
    const body = await plainOrder(client);
    sandbox.controls.setServerErrorRate(1);
    const error = await rejectionOf(client.placeOrder(body));
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('server-error');
    expect(posts(sandbox)).toHaveLength(1);
  });
});
