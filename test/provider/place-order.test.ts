import { describe, expect, it } from 'vitest';
import {
  OrderOutcomeUnknownError,
  ProviderConflictError,
  ProviderNetworkError,
  ProviderRejectedError,
} from '../../src/provider/errors.js';
import type { PlaceOrderBody } from '../../src/provider/schemas.js';
import { envelope, errorEnvelope, type ScriptedAnswer } from '../support/scripted-server.js';
import { unusedPort } from '../support/unused-port.js';
import { clientFor, rejectionOf, scripted } from './setup.js';

const body: PlaceOrderBody = {
  products: [{ productId: 101, regionPropertyId: 5001, quantity: 2 }],
  requiredFields: { '101': [{ fieldId: 7, value: 'buyer@example.com' }] },
};

const placed = {
  orderId: 9001,
  orderReference: 'A100234',
  amount: 2_500_000,
  status: 'PREPARING',
  items: [{ id: 1, productId: 101, quantity: 2, totalAmount: 2_500_000 }],
};

/** Places one order against a provider that answers every request with `answer`. */
async function placeAgainst(answer: ScriptedAnswer, options: { placeOrderTimeoutMs?: number } = {}) {
  const server = await scripted([answer]);
  const error = await rejectionOf(clientFor(server.baseUrl, options).placeOrder(body));
  return { error, server };
}

describe('placeOrder', () => {
  it('sends the body as JSON and returns the confirmation', async () => {
    const server = await scripted([{ body: envelope(placed) }]);
    const order = await clientFor(server.baseUrl).placeOrder(body);
    expect(order).toMatchObject({ orderId: 9001, orderReference: 'A100234', status: 'PREPARING' });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(body);
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('calls a 500 an unknown outcome and does not send again', async () => {
    const { error, server } = await placeAgainst({ status: 500, body: errorEnvelope(500, 'خطای داخلی سرور') });
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('server-error');
    expect((error as OrderOutcomeUnknownError).status).toBe(500);
    expect((error as OrderOutcomeUnknownError).providerMessage).toBe('خطای داخلی سرور');
    expect(server.requests).toHaveLength(1);
  });

  it('calls a timeout an unknown outcome and does not send again', async () => {
    const { error, server } = await placeAgainst({ delayMs: 3_000, body: envelope(placed) }, { placeOrderTimeoutMs: 400 });
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('timeout');
    expect(server.requests).toHaveLength(1);
  });

  it('calls a dropped connection an unknown outcome and does not send again', async () => {
    const { error, server } = await placeAgainst({ destroy: true });
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('network');
    expect(server.requests).toHaveLength(1);
  });

  it('calls a 408 an unknown outcome', async () => {
    const { error } = await placeAgainst({ status: 408 });
    expect((error as OrderOutcomeUnknownError).cause).toBe('timeout');
  });

  it('calls a 200 that is not JSON an unknown outcome', async () => {
    const { error } = await placeAgainst({ status: 200, body: '<html>ok</html>' });
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('invalid-response');
  });

  it('calls a cancellation after sending an unknown outcome', async () => {
    const server = await scripted([{ delayMs: 1_000, body: envelope(placed) }]);
    const controller = new AbortController();
    const pending = clientFor(server.baseUrl).placeOrder(body, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejectionOf(pending);
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('aborted');
  });

  it('sends nothing when cancelled before it starts', async () => {
    const server = await scripted([{ body: envelope(placed) }]);
    const error = await rejectionOf(clientFor(server.baseUrl).placeOrder(body, { signal: AbortSignal.abort() }));
    expect(error).not.toBeInstanceOf(OrderOutcomeUnknownError);
    expect(server.requests).toHaveLength(0);
  });

  it('reports a 409 as a definite conflict', async () => {
    const { error } = await placeAgainst({ status: 409, body: errorEnvelope(409, 'موجودی محصول کافی نیست') });
    expect(error).toBeInstanceOf(ProviderConflictError);
    expect((error as ProviderConflictError).providerMessage).toBe('موجودی محصول کافی نیست');
  });

  it('reports a 400 as a definite rejection', async () => {
    const { error } = await placeAgainst({ status: 400, body: errorEnvelope(400, 'درخواست نامعتبر است') });
    expect(error).toBeInstanceOf(ProviderRejectedError);
  });

  it('reports a refused connection as definite: nothing reached the provider', async () => {
    const port = await unusedPort();
    const error = await rejectionOf(clientFor(`http://127.0.0.1:${port}/api/v1`).placeOrder(body));
    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect(error).not.toBeInstanceOf(OrderOutcomeUnknownError);
  });

  it('refuses a malformed body without sending anything', async () => {
    const server = await scripted([{ body: envelope(placed) }]);
    const bad = { products: [{ productId: 101, regionPropertyId: 5001, quantity: 1.5 }] };
    await expect(clientFor(server.baseUrl).placeOrder(bad)).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });
});
