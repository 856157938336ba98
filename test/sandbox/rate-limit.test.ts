import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { createManualClock } from '../support/manual-clock.js';
import { call, orderBody, startSandbox } from './http.js';

const START = Date.parse('2026-11-21T10:00:00Z');

describe('sandbox rate limiting', () => {
  it('answers 429 with an integer Retry-After once the burst is spent', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, rateLimit: { perSecond: 2, burst: 3 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(sandbox, '/wallet/balance')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(sandbox, '/wallet/balance');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toMatchObject({ status: 'error', code: 429, data: null });
  });

  it('lets requests through again once the clock has refilled the bucket', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, rateLimit: { perSecond: 1, burst: 1 } });
    await call(sandbox, '/wallet/balance');
    expect((await call(sandbox, '/wallet/balance')).status).toBe(429);
    clock.advance(1000);
    expect((await call(sandbox, '/wallet/balance')).status).toBe(200);
  });

  it('rounds Retry-After up to whole seconds when the refill is slow', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, rateLimit: { perSecond: 0.25, burst: 1 } });
    await call(sandbox, '/wallet/balance');
    expect((await call(sandbox, '/wallet/balance')).headers.get('retry-after')).toBe('4');
  });

  it('creates no order when a POST is rate limited', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, rateLimit: { perSecond: 1, burst: 1 } });
    await call(sandbox, '/wallet/balance');
    const answer = await call(sandbox, '/orders', { body: orderBody(SANDBOX_PRODUCTS.noFields, 5001) });
    expect(answer.status).toBe(429);
    expect(sandbox.controls.orders()).toHaveLength(0);
  });

  it('answers forced 429s with Retry-After in seconds for the next requests only', async () => {
    const sandbox = await startSandbox();
    sandbox.controls.force429(2, 3);
    const first = await call(sandbox, '/products');
    const second = await call(sandbox, '/products');
    const third = await call(sandbox, '/products');
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers.get('retry-after')).toBe('3');
  });

  it('defaults the forced Retry-After to 1 second', async () => {
    const sandbox = await startSandbox();
    sandbox.controls.force429(1);
    expect((await call(sandbox, '/products')).headers.get('retry-after')).toBe('1');
  });

  it('can give the forced Retry-After as an HTTP-date at least 1 s ahead of the clock', async () => {
    const clock = createManualClock(START + 400);
    const sandbox = await startSandbox({ clock });
    sandbox.controls.force429(1, 'http-date');
    const header = (await call(sandbox, '/products')).headers.get('retry-after') ?? '';
    expect(header).toBe('Sat, 21 Nov 2026 10:00:02 GMT');
    expect(Date.parse(header) - clock.now()).toBeGreaterThanOrEqual(1000);
  });
});
