import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ProviderClient } from '../../src/provider/client.js';
import {
  OrderOutcomeUnknownError,
  ProviderAuthError,
  ProviderConflictError,
  ProviderError,
  ProviderForbiddenError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderRateLimitedError,
  ProviderRejectedError,
  ProviderResponseError,
  ProviderServerError,
} from '../../src/provider/errors.js';
import { envelope, errorEnvelope, type ScriptedAnswer } from '../support/scripted-server.js';
import { unusedPort } from '../support/unused-port.js';
import { capturedLogger, clientFor, rejectionOf, scripted, SECRET_KEY } from './setup.js';

const orderBody = {
  products: [{ productId: 101, regionPropertyId: 5001, quantity: 1 }],
  requiredFields: { '101': [{ fieldId: 7, value: 'secret.buyer@example.com' }] },
};

/** Every way the error could be shown or stored, including hidden properties and the cause chain. */
function renderings(error: unknown): string[] {
  const out: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    out.push(String(current), inspect(current, { showHidden: true, depth: 10, getters: true }));
    if (current instanceof Error) out.push(current.message, current.stack ?? '', JSON.stringify(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return out;
}

interface Case {
  name: string;
  kind: new (...args: never[]) => ProviderError;
  answer: ScriptedAnswer;
  call: (client: ProviderClient) => Promise<unknown>;
  options?: Record<string, number>;
}

const read = (client: ProviderClient) => client.getBalance();
const place = (client: ProviderClient) => client.placeOrder(orderBody);

const cases: Case[] = [
  { name: '401', kind: ProviderAuthError, answer: { status: 401, body: errorEnvelope(401, 'کلید نامعتبر است') }, call: read },
  { name: '403', kind: ProviderForbiddenError, answer: { status: 403, body: errorEnvelope(403, 'دسترسی مجاز نیست') }, call: read },
  { name: '404', kind: ProviderNotFoundError, answer: { status: 404, body: errorEnvelope(404, 'یافت نشد') }, call: read },
  { name: '409', kind: ProviderConflictError, answer: { status: 409, body: errorEnvelope(409, 'ناموجود') }, call: place },
  { name: '422', kind: ProviderRejectedError, answer: { status: 422, body: errorEnvelope(422, 'نامعتبر') }, call: place },
  { name: '429', kind: ProviderRateLimitedError, answer: { status: 429, headers: { 'Retry-After': '0' } }, call: read },
  { name: 'read 502 page', kind: ProviderServerError, answer: { status: 502, body: '<html>502</html>' }, call: read },
  { name: 'read timeout', kind: ProviderNetworkError, answer: { delayMs: 500 }, call: read, options: { timeoutMs: 50 } },
  { name: 'read reset', kind: ProviderNetworkError, answer: { destroy: true }, call: read },
  { name: 'bad shape', kind: ProviderResponseError, answer: { body: envelope({ balance: 'x' }) }, call: read },
  { name: 'not JSON', kind: ProviderResponseError, answer: { body: 'hello' }, call: read },
  {
    name: 'order timeout',
    kind: OrderOutcomeUnknownError,
    answer: { delayMs: 500 },
    call: place,
    options: { placeOrderTimeoutMs: 50 },
  },
  { name: 'order reset', kind: OrderOutcomeUnknownError, answer: { destroy: true }, call: place },
  { name: 'order 502', kind: OrderOutcomeUnknownError, answer: { status: 502, body: '<html>502</html>' }, call: place },
  { name: 'order bad shape', kind: OrderOutcomeUnknownError, answer: { body: envelope({}) }, call: place },
];

describe('the API key stays secret', () => {
  for (const testCase of cases) {
    it(`is absent from a ${testCase.kind.name} (${testCase.name}) and from the logs`, async () => {
      const server = await scripted([testCase.answer]);
      const { logger, lines } = capturedLogger();
      const client = clientFor(server.baseUrl, { maxAttempts: 2, logger, ...testCase.options });
      const error = await rejectionOf(testCase.call(client));
      expect(error).toBeInstanceOf(testCase.kind);
      for (const text of [...renderings(error), ...lines]) expect(text).not.toContain(SECRET_KEY);
      expect(lines.length).toBeGreaterThan(0);
    });
  }

  it('is absent from the network error of a refused connection', async () => {
    const port = await unusedPort();
    const { logger, lines } = capturedLogger();
    const error = await rejectionOf(clientFor(`http://127.0.0.1:${port}/api/v1`, { logger, maxAttempts: 1 }).getBalance());
    expect(error).toBeInstanceOf(ProviderNetworkError);
    for (const text of [...renderings(error), ...lines]) expect(text).not.toContain(SECRET_KEY);
  });

  it('is removed from a provider message that echoes it back', async () => {
    const server = await scripted([{ status: 401, body: errorEnvelope(401, `کلید ${SECRET_KEY} نامعتبر است`) }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect((error as ProviderAuthError).providerMessage).toBe('کلید [redacted] نامعتبر است');
    for (const text of renderings(error)) expect(text).not.toContain(SECRET_KEY);
  });

  it('serialises an error to its safe fields only', async () => {
    const server = await scripted([{ status: 404, body: errorEnvelope(404, 'سفارش یافت نشد') }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getOrder('A100234'));
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'ProviderNotFoundError',
      message: 'GET /orders/A100234: provider answered 404: سفارش یافت نشد',
      status: 404,
      providerMessage: 'سفارش یافت نشد',
      method: 'GET',
      path: '/orders/A100234',
      // The cause an operator needs: where the request went and how long it took; never the key.
      host: new URL(server.baseUrl).host,
      elapsedMs: expect.any(Number),
    });
  });
});

describe('request logging', () => {
  it('logs method, path, status, attempt and duration of every request', async () => {
    const server = await scripted([{ status: 503 }, { body: envelope({ balance: 1 }) }]);
    const { logger, lines } = capturedLogger();
    await clientFor(server.baseUrl, { logger }).getBalance();
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'provider request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/wallet/balance', status: 503, attempt: 1 });
    expect(requests[1]).toMatchObject({ method: 'GET', path: '/wallet/balance', status: 200, attempt: 2 });
    expect(typeof requests[1].durationMs).toBe('number');
  });

  it('logs neither order bodies nor delivery codes', async () => {
    const delivered = {
      orderId: 9001,
      orderReference: 'A100234',
      amount: 1,
      status: 'COMPLETED',
      items: [{ id: 1, productId: 101, quantity: 1, totalAmount: 1, delivery: { cards: [{ code: 'GP7Q-2XKM-99LA' }] } }],
    };
    const server = await scripted((request) => ({ body: envelope(request.method === 'POST' ? { ...delivered, status: 'PREPARING' } : delivered) }));
    const { logger, lines } = capturedLogger();
    const client = clientFor(server.baseUrl, { logger });
    await client.placeOrder(orderBody);
    await client.getOrder(9001);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line).not.toContain('secret.buyer@example.com');
      expect(line).not.toContain('GP7Q-2XKM-99LA');
      expect(line).not.toContain(SECRET_KEY);
    }
  });
});
