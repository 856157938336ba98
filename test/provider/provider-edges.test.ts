import { describe, expect, it } from 'vitest';
import {
  ProviderOrderMismatchError,
  ProviderPausedError,
  ProviderRateLimitedError,
  ProviderResponseError,
} from '../../src/provider/errors.js';
import type { ClampedRetryAfter } from '../../src/provider/client.js';
import { MAX_RESPONSE_BYTES } from '../../src/provider/http.js';
import { MAX_RETRY_AFTER_MS } from '../../src/provider/retry-after.js';
import { envelope, errorEnvelope } from '../support/scripted-server.js';
import { capturedLogger, clientFor, rejectionOf, scripted } from './setup.js';

function orderDetail(orderId: number, orderReference: string) {
  return {
    orderId,
    orderReference,
    amount: 1_250_000,
    status: 'COMPLETED',
    createdAt: '2026-11-21T10:00:00Z',
    items: [{ id: 1, productId: 101, quantity: 1, totalAmount: 1_250_000, delivery: { cards: [{ code: 'OTHER-ORDERS-CODE' }] } }],
  };
}

function product(price: number, stock = 5) {
  return {
    id: 101,
    title: 'Google Play 10 USD',
    regionProperties: [{ regionPropertyId: 5001, title: 'US', price, stock }],
    requiredFields: [],
  };
}

describe('an order detail is the order asked for', () => {
  it('refuses the detail of another order id, naming both ids and no code', async () => {
    const server = await scripted([{ body: envelope(orderDetail(9002, 'A100235')) }]);
    const { logger, lines } = capturedLogger();
    const error = await rejectionOf(clientFor(server.baseUrl, { logger }).getOrder(9001));
    expect(error).toBeInstanceOf(ProviderOrderMismatchError);
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as ProviderOrderMismatchError).asked).toEqual({ orderId: 9001, orderReference: null });
    expect((error as ProviderOrderMismatchError).answered).toEqual({ orderId: 9002, orderReference: 'A100235' });
    expect(lines.join('\n')).toContain('provider answered the detail of another order');
    expect(`${(error as Error).message}\n${lines.join('\n')}`).not.toContain('OTHER-ORDERS-CODE');
  });

  it('refuses the detail of another reference when asked by reference', async () => {
    const server = await scripted([{ body: envelope(orderDetail(9001, 'A100235')) }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getOrder('A100234'));
    expect(error).toBeInstanceOf(ProviderOrderMismatchError);
  });

  it('refuses an answer with the id asked for but another reference than the one we know', async () => {
    const server = await scripted([{ body: envelope(orderDetail(9001, 'A100235')) }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getOrder(9001, { known: { orderReference: 'A100234' } }));
    expect(error).toBeInstanceOf(ProviderOrderMismatchError);
    expect((error as ProviderOrderMismatchError).fieldPath).toBe('data.orderReference');
  });

  it('accepts the order asked for when both halves agree', async () => {
    const server = await scripted([{ body: envelope(orderDetail(9001, 'A100234')) }]);
    const detail = await clientFor(server.baseUrl).getOrder(9001, { known: { orderReference: 'A100234' } });
    expect(detail.orderId).toBe(9001);
  });
});

describe('numbers below zero', () => {
  it('refuses a negative price as a bad answer naming the field', async () => {
    const server = await scripted([{ body: envelope(product(-3_100_000)) }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getProduct(101));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as ProviderResponseError).fieldPath).toBe('data.regionProperties[0].price');
  });

  it('refuses negative stock', async () => {
    const server = await scripted([{ body: envelope(product(1_000, -1)) }]);
    expect(await rejectionOf(clientFor(server.baseUrl).getProduct(101))).toBeInstanceOf(ProviderResponseError);
  });

  it('refuses a negative order amount', async () => {
    const server = await scripted([{ body: envelope({ ...orderDetail(9001, 'A100234'), amount: -1 }) }]);
    expect(await rejectionOf(clientFor(server.baseUrl).getOrder(9001))).toBeInstanceOf(ProviderResponseError);
  });

  it('refuses a negative transaction amount', async () => {
    const server = await scripted([{ body: envelope({ id: 7, type: 'DEBIT', amount: -5, orderId: 9001 }) }]);
    expect(await rejectionOf(clientFor(server.baseUrl).getTransaction(7))).toBeInstanceOf(ProviderResponseError);
  });

  it('refuses a negative wallet balance', async () => {
    const server = await scripted([{ body: envelope({ balance: -1 }) }]);
    expect(await rejectionOf(clientFor(server.baseUrl).getBalance())).toBeInstanceOf(ProviderResponseError);
  });

  it('still reads zero stock and a zero balance', async () => {
    const server = await scripted((request) => ({ body: envelope(request.path === '/wallet/balance' ? { balance: 0 } : product(1_000, 0)) }));
    const client = clientFor(server.baseUrl);
    expect(await client.getBalance()).toMatchObject({ balance: 0 });
    expect((await client.getProduct(101)).regionProperties[0]?.stock).toBe(0);
  });
});

describe('answers too large to read', () => {
  const SIXTY_MB = 60 * 1024 * 1024;

  it('refuses a 60 MB answer with a Content-Length before reading it', async () => {
    const server = await scripted([{ stream: { totalBytes: SIXTY_MB, declareLength: true } }]);
    const started = Date.now();
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 1 }).getBalance());
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as Error).message).toContain(`larger than ${MAX_RESPONSE_BYTES} bytes`);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.streamedBytes()).toBeLessThan(SIXTY_MB / 2);
  });

  it('cuts off a 60 MB chunked answer as soon as it passes the limit', async () => {
    const server = await scripted([{ stream: { totalBytes: SIXTY_MB, declareLength: false } }]);
    const started = Date.now();
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 1 }).getBalance());
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The server stops writing once the connection is closed: far from the whole body went out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.streamedBytes()).toBeLessThan(SIXTY_MB / 2);
  });
});

describe('a long Retry-After', () => {
  const dayLong = () => scripted((_request, index) =>
    index === 0 ? { status: 429, body: errorEnvelope(429, 'صبر کنید'), headers: { 'Retry-After': '86400' } } : { body: envelope({ balance: 7 }) },
  );

  it('is clamped to ten minutes and reported with the value asked for', async () => {
    const server = await dayLong();
    const reports: ClampedRetryAfter[] = [];
    const { logger, lines } = capturedLogger();
    const client = clientFor(server.baseUrl, { logger, onRetryAfterClamped: (report) => reports.push(report) });
    const error = await rejectionOf(client.getBalance());
    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect((error as ProviderRateLimitedError).retryAfterMs).toBe(MAX_RETRY_AFTER_MS);
    expect((error as ProviderRateLimitedError).requestedRetryAfterMs).toBe(86_400_000);
    expect(reports).toEqual([{ method: 'GET', path: '/wallet/balance', requestedMs: 86_400_000, appliedMs: MAX_RETRY_AFTER_MS }]);
    expect(lines.some((line) => line.includes('provider Retry-After clamped') && line.includes('86400000'))).toBe(true);
  });

  it('fails an interactive request at once, unsent, with the time the provider lets us in again', async () => {
    const server = await dayLong();
    const client = clientFor(server.baseUrl);
    await rejectionOf(client.getBalance());
    const started = Date.now();
    const error = await rejectionOf(client.getBalance({ priority: 'interactive' }));
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toBeInstanceOf(ProviderPausedError);
    expect((error as ProviderPausedError).resumeAt).toBeGreaterThan(Date.now() + MAX_RETRY_AFTER_MS - 5_000);
    expect(server.requests).toHaveLength(1);
  });

  it('keeps a background request waiting rather than failing it', async () => {
    const server = await dayLong();
    const client = clientFor(server.baseUrl);
    await rejectionOf(client.getBalance());
    const controller = new AbortController();
    const waiting = client.getBalance({ priority: 'background', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort(new Error('test over'));
    expect(((await rejectionOf(waiting)) as Error).message).toBe('test over');
    expect(server.requests).toHaveLength(1);
  });
});
