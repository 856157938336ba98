import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { call, orderBody, regionOf, startSandbox } from './http.js';

const P = SANDBOX_PRODUCTS;

describe('sandbox faults after order creation', () => {
  it('drops the connection after storing the order and debiting the wallet', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    const region = await regionOf(sandbox, P.noFields);
    sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    await expect(call(sandbox, '/orders', { body: orderBody(P.noFields, region) })).rejects.toThrow();
    expect(sandbox.controls.orders()).toHaveLength(1);
    expect(sandbox.controls.balance()).toBe(10_000_000 - 1_250_000);
    const history = await call(sandbox, '/orders');
    expect(history.body.data).toHaveLength(1);
    expect(sandbox.requests.at(-2)).toMatchObject({ method: 'POST', path: '/orders', status: 0 });
  });

  it('delays the real answer while the order already exists', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.noFields);
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 300 });
    let answered = false;
    const pending = call(sandbox, '/orders', { body: orderBody(P.noFields, region) }).finally(() => {
      answered = true;
    });
    await expect.poll(() => sandbox.controls.orders().length).toBe(1);
    expect(answered).toBe(false);
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body.data.orderId).toBe(sandbox.controls.orders()[0]?.orderId);
  });

  it('answers a 502 HTML page after creating the order', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.noFields);
    sandbox.controls.setOrderPostFault({ kind: 'server-error-after-create' });
    const answer = await call(sandbox, '/orders', { body: orderBody(P.noFields, region) });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.body).toContain('502 Bad Gateway');
    expect(sandbox.controls.orders()).toHaveLength(1);
  });

  it('answers a 502 HTML page without creating anything or touching the wallet', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    const region = await regionOf(sandbox, P.noFields);
    sandbox.controls.setOrderPostFault({ kind: 'server-error-before-create' });
    const answer = await call(sandbox, '/orders', { body: orderBody(P.noFields, region) });
    expect(answer.status).toBe(502);
    expect(sandbox.controls.orders()).toHaveLength(0);
    expect(sandbox.controls.balance()).toBe(10_000_000);
  });

  it('creates an order outside the API, as if bought in the panel, with its debit and no request', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    const region = await regionOf(sandbox, P.noFields);
    const requests = sandbox.requests.length;
    sandbox.controls.setOrderPostFault({ kind: 'server-error-before-create' });

    const order = sandbox.controls.placeOutsideApi(orderBody(P.noFields, region));

    expect(sandbox.controls.orders()).toEqual([order]);
    expect(sandbox.controls.balance()).toBe(10_000_000 - 1_250_000);
    expect(sandbox.requests.length).toBe(requests);
  });

  it('answers a rejected order normally even while a fault is set', async () => {
    const sandbox = await startSandbox();
    sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const answer = await call(sandbox, '/orders', { body: { products: [] } });
    expect(answer.status).toBe(422);
  });

  it('leaves reads untouched by an order fault', async () => {
    const sandbox = await startSandbox();
    sandbox.controls.setOrderPostFault({ kind: 'server-error-after-create' });
    expect((await call(sandbox, '/wallet/balance')).status).toBe(200);
  });

  it('closes while an answer is still being delayed', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.noFields);
    sandbox.controls.setOrderPostFault({ kind: 'answer-after', delayMs: 60_000 });
    const pending = call(sandbox, '/orders', { body: orderBody(P.noFields, region) });
    await expect.poll(() => sandbox.controls.orders().length).toBe(1);
    await sandbox.close();
    await expect(pending).rejects.toThrow();
  });
});
