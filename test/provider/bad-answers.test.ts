import { waitUntil } from '../support/wait-until.js';
import { describe, expect, it } from 'vitest';
import {
  describeProviderFailure,
  ProviderAuthError,
  ProviderNetworkError,
  ProviderRejectedError,
  ProviderResponseError,
  ProviderServerError,
} from '../../src/provider/errors.js';
import { envelope, errorEnvelope } from '../support/scripted-server.js';
import { unusedPort } from '../support/unused-port.js';
import { clientFor, rejectionOf, scripted } from './setup.js';

const BAD_GATEWAY = '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

describe('answers that are not the envelope', () => {
  it('reports an HTML 502 page as a server error with its status', async () => {
    const server = await scripted([{ status: 502, body: BAD_GATEWAY }]);
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 1 }).getBalance());
    expect(error).toBeInstanceOf(ProviderServerError);
    expect((error as ProviderServerError).status).toBe(502);
    expect((error as ProviderServerError).providerMessage).toBeNull();
    expect((error as Error).message).not.toContain('<html>');
  });

  it('reports an empty error body with its status', async () => {
    const server = await scripted([{ status: 401 }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect((error as ProviderAuthError).status).toBe(401);
    expect((error as Error).message).toContain('empty body');
  });

  it('reports an empty 200 as an unexpected response', async () => {
    const server = await scripted([{ status: 200 }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as ProviderResponseError).status).toBe(200);
  });

  it('reports a 200 that is not JSON as an unexpected response', async () => {
    const server = await scripted([{ status: 200, body: 'OK', headers: { 'Content-Type': 'text/plain' } }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as Error).message).toContain('not JSON');
  });

  it('reads JSON sent with a wrong content type', async () => {
    const server = await scripted([
      { body: JSON.stringify(envelope({ balance: 15_000_000 })), headers: { 'Content-Type': 'text/html' } },
    ]);
    expect(await clientFor(server.baseUrl).getBalance()).toMatchObject({ balance: 15_000_000 });
  });

  it('carries the provider message of an error envelope', async () => {
    const server = await scripted([{ status: 422, body: errorEnvelope(422, 'موجودی کیف پول کافی نیست') }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getProduct(1));
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as ProviderRejectedError).providerMessage).toBe('موجودی کیف پول کافی نیست');
  });

  it('does not follow a redirect, so the key never travels elsewhere', async () => {
    const elsewhere = await scripted([{ body: envelope({ balance: 1 }) }]);
    const server = await scripted([{ status: 302, headers: { Location: `${elsewhere.baseUrl}/wallet/balance` } }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as ProviderResponseError).status).toBe(302);
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe('reads without an answer', () => {
  it('gives up after the timeout with a network error that says so', async () => {
    const server = await scripted([{ delayMs: 1_000, body: envelope({ balance: 1 }) }]);
    const error = await rejectionOf(clientFor(server.baseUrl, { timeoutMs: 100, maxAttempts: 1 }).getBalance());
    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect((error as ProviderNetworkError).timedOut).toBe(true);
  });

  it('reports a dropped connection as a network error', async () => {
    const server = await scripted([{ destroy: true }]);
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 1 }).getBalance());
    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect((error as ProviderNetworkError).timedOut).toBe(false);
  });

  it('reports a refused connection as a network error', async () => {
    const port = await unusedPort();
    const error = await rejectionOf(clientFor(`http://127.0.0.1:${port}/api/v1`, { maxAttempts: 1 }).getBalance());
    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect((error as ProviderNetworkError).code).toBe('ECONNREFUSED');
  });

  it('describes a refused connection with its code, host and elapsed time, without the key', async () => {
    const port = await unusedPort();
    const error = await rejectionOf(clientFor(`http://127.0.0.1:${port}/api/v1`, { maxAttempts: 1 }).getBalance());
    const described = describeProviderFailure(error);
    expect(described).toMatch(new RegExp(`^ProviderNetworkError: GET /wallet/balance: network error ECONNREFUSED \\(127\\.0\\.0\\.1:${port}, \\d+ ms\\)$`));
    expect((error as ProviderNetworkError).elapsedMs).toEqual(expect.any(Number));
  });

  it('describes an HTTP failure with its status and host', async () => {
    const server = await scripted([{ status: 502, body: BAD_GATEWAY }]);
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 1 }).getBalance());
    expect(describeProviderFailure(error)).toMatch(/^ProviderServerError: GET \/wallet\/balance: provider answered 502 .*\(127\.0\.0\.1:\d+, \d+ ms\)$/);
  });

  it('rejects with the caller reason when the caller cancels', async () => {
    const server = await scripted([{ delayMs: 1_000, body: envelope({ balance: 1 }) }]);
    const controller = new AbortController();
    const pending = clientFor(server.baseUrl).getBalance({ signal: controller.signal });
    const rejected = expect(pending).rejects.toThrow('user went away');
    // Cancelled once the request is at the server (a fixed 50 ms was sometimes before it, on a loaded machine).
    await waitUntil(() => server.requests.length === 1, 'the request at the server');
    controller.abort(new Error('user went away'));
    await rejected;
    expect(server.requests).toHaveLength(1);
  });
});

describe('read retries', () => {
  it('retries a read after 5xx answers and returns the later success', async () => {
    const server = await scripted([
      { status: 503, body: errorEnvelope(503, 'سرویس در دسترس نیست') },
      { status: 502, body: BAD_GATEWAY },
      { body: envelope({ balance: 42 }) },
    ]);
    expect(await clientFor(server.baseUrl).getBalance()).toMatchObject({ balance: 42 });
    expect(server.requests).toHaveLength(3);
  });

  it('retries a read after a dropped connection', async () => {
    const server = await scripted([{ destroy: true }, { body: envelope({ balance: 42 }) }]);
    expect(await clientFor(server.baseUrl).getBalance()).toMatchObject({ balance: 42 });
    expect(server.requests).toHaveLength(2);
  });

  it('stops after maxAttempts and throws the last error', async () => {
    const server = await scripted([{ status: 500, body: errorEnvelope(500, 'خطای داخلی') }]);
    const error = await rejectionOf(clientFor(server.baseUrl, { maxAttempts: 3 }).getBalance());
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a definite refusal', async () => {
    const server = await scripted([{ status: 404, body: errorEnvelope(404, 'محصول یافت نشد') }]);
    await rejectionOf(clientFor(server.baseUrl).getProduct(999));
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry an answer of the wrong shape', async () => {
    const server = await scripted([{ body: envelope({ balance: 'lots' }) }]);
    await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect(server.requests).toHaveLength(1);
  });

  it('sends the key and the JSON accept header on every request', async () => {
    const server = await scripted([{ body: envelope({ balance: 1 }) }]);
    await clientFor(server.baseUrl).getBalance();
    expect(server.requests[0]?.headers['x-api-key']).toBe('sk_live_SECRET_MARKER_123');
    expect(server.requests[0]?.headers['accept']).toBe('application/json');
  });
});
