import { describe, expect, it } from 'vitest';
import { ProviderRateLimitedError } from '../../src/provider/errors.js';
import { createRateLimiter } from '../../src/provider/rate-limit.js';
import { systemClock } from '../../src/clock.js';
import { envelope, errorEnvelope } from '../support/scripted-server.js';
import { clientFor, rejectionOf, scripted } from './setup.js';

const TOO_MANY = errorEnvelope(429, 'تعداد درخواست‌ها بیش از حد مجاز است');
const orderBody = { products: [{ productId: 101, regionPropertyId: 5001, quantity: 1 }] };

describe('429 handling', () => {
  it('waits until an HTTP-date Retry-After before retrying a read', async () => {
    // HTTP-dates have whole seconds: aim at the second after next so the wait is 1-2 s.
    const retryAt = Math.ceil((Date.now() + 1_000) / 1_000) * 1_000;
    const server = await scripted([
      { status: 429, body: TOO_MANY, headers: { 'Retry-After': new Date(retryAt).toUTCString() } },
      { body: envelope({ balance: 7 }) },
    ]);
    const client = clientFor(server.baseUrl, { retryMaxDelayMs: 5_000 });
    expect(await client.getBalance()).toMatchObject({ balance: 7 });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at).toBeGreaterThanOrEqual(retryAt);
  });

  it('holds every other call of the client until Retry-After has passed', async () => {
    const server = await scripted((request, index) =>
      index === 0
        ? { status: 429, body: TOO_MANY, headers: { 'Retry-After': '1' } }
        : { body: request.path === '/wallet/balance' ? envelope({ balance: 7 }) : envelope([]) },
    );
    const limiter = createRateLimiter({ requestsPerSecond: 1_000, clock: systemClock });
    const client = clientFor(server.baseUrl, { retryMaxDelayMs: 5_000, limiter });
    const first = client.getBalance();
    // The second call starts once the 429 is in, however long a loaded machine takes to bring it.
    while (limiter.pausedUntil() <= Date.now()) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = client.listCategories({ priority: 'background' });
    await Promise.all([first, second]);
    const limitedAt = server.requests[0]!.at;
    for (const later of server.requests.slice(1)) expect(later.at - limitedAt).toBeGreaterThanOrEqual(1_000);
  });

  it('holds the calls of a second client that shares the limiter', async () => {
    const server = await scripted((_request, index) =>
      index === 0
        ? { status: 429, body: TOO_MANY, headers: { 'Retry-After': '1' } }
        : { body: envelope({ balance: 7 }) },
    );
    const limiter = createRateLimiter({ requestsPerSecond: 100, burst: 10, clock: systemClock });
    const limited = clientFor(server.baseUrl, { limiter, maxAttempts: 1 });
    const other = clientFor(server.baseUrl, { limiter });
    await rejectionOf(limited.getBalance());
    await other.getBalance();
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('hands a Retry-After longer than the retry cap back as a rate-limit error', async () => {
    const server = await scripted([{ status: 429, body: TOO_MANY, headers: { 'Retry-After': '120' } }]);
    const limiter = createRateLimiter({ requestsPerSecond: 100, clock: systemClock });
    const before = Date.now();
    const error = await rejectionOf(clientFor(server.baseUrl, { limiter }).getBalance());
    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect((error as ProviderRateLimitedError).retryAfterMs).toBe(120_000);
    expect(limiter.pausedUntil()).toBeGreaterThanOrEqual(before + 120_000);
    expect(server.requests).toHaveLength(1);
  });

  it('treats a missing Retry-After as one second', async () => {
    const server = await scripted([{ status: 429, body: TOO_MANY }]);
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 1 }).getBalance());
    expect((error as ProviderRateLimitedError).retryAfterMs).toBe(1_000);
  });

  it('does not retry an order POST answered 429 and pauses every later call', async () => {
    const server = await scripted((_request, index) =>
      index === 0
        ? { status: 429, body: TOO_MANY, headers: { 'Retry-After': '1' } }
        : { body: envelope({ balance: 7 }) },
    );
    const client = clientFor(server.baseUrl);
    const error = await rejectionOf(client.placeOrder(orderBody));
    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    await client.getBalance();
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(1_000);
  });
});
