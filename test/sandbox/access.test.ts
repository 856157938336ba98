import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { call, orderBody, regionOf, startSandbox } from './http.js';

describe('sandbox access checks', () => {
  it('answers 401 with the error envelope when the API key is missing', async () => {
    const sandbox = await startSandbox();
    const answer = await call(sandbox, '/wallet/balance', { apiKey: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: 'error', code: 401, data: null });
    expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers 401 when the API key is wrong', async () => {
    const sandbox = await startSandbox({ apiKey: 'sbx_right' });
    const answer = await call(sandbox, '/wallet/balance', { apiKey: 'sbx_wrong' });
    expect(answer.status).toBe(401);
  });

  it('generates a key of the form sbx_ and 24 hex characters when none is given', async () => {
    const sandbox = await startSandbox();
    expect(sandbox.apiKey).toMatch(/^sbx_[0-9a-f]{24}$/);
  });

  it('answers 403 to every request while forbidden, even with the right key', async () => {
    const sandbox = await startSandbox();
    sandbox.controls.setForbidden(true);
    const answer = await call(sandbox, '/products');
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ status: 'error', code: 403, data: null });
    sandbox.controls.setForbidden(false);
    expect((await call(sandbox, '/products')).status).toBe(200);
  });

  it('creates no order when a POST is refused with 403', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, SANDBOX_PRODUCTS.noFields);
    sandbox.controls.setForbidden(true);
    const answer = await call(sandbox, '/orders', { body: orderBody(SANDBOX_PRODUCTS.noFields, region) });
    expect(answer.status).toBe(403);
    expect(sandbox.controls.orders()).toHaveLength(0);
    expect(sandbox.controls.balance()).toBe(50_000_000);
  });

  it('answers 500 before any effect when the server error rate is 1', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, SANDBOX_PRODUCTS.noFields);
    sandbox.controls.setServerErrorRate(1);
    const answer = await call(sandbox, '/orders', { body: orderBody(SANDBOX_PRODUCTS.noFields, region) });
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ status: 'error', code: 500 });
    expect(sandbox.controls.orders()).toHaveLength(0);
  });

  it('answers 404 with the error envelope for an unknown path', async () => {
    const sandbox = await startSandbox();
    const answer = await call(sandbox, '/coupons');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 'error', code: 404, data: null });
  });

  it('answers 405 for a known path with an unsupported method', async () => {
    const sandbox = await startSandbox();
    const answer = await call(sandbox, '/wallet/balance', { method: 'DELETE' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
  });

  it('records every request with its path, query and the status answered', async () => {
    const sandbox = await startSandbox();
    await call(sandbox, '/products?page=2&pageSize=5');
    await call(sandbox, '/wallet/balance', { apiKey: null });
    expect(sandbox.requests.map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
      { method: 'GET', path: '/products', query: { page: '2', pageSize: '5' }, status: 200 },
      { method: 'GET', path: '/wallet/balance', query: {}, status: 401 },
    ]);
  });

  it('waits the configured latency before answering', async () => {
    const sandbox = await startSandbox();
    sandbox.controls.setLatency(150);
    const started = performance.now();
    await call(sandbox, '/wallet/balance');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
