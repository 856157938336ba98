import { describe, expect, it } from 'vitest';
import { NO_SANDBOX_FAULTS, parseSandboxFaults, SandboxFaultsError } from '../../src/sandbox/fault-settings.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { call, orderBody, regionOf, startSandbox } from './http.js';

const P = SANDBOX_PRODUCTS;

function problemOf(text: string): string {
  try {
    parseSandboxFaults(text);
  } catch (error) {
    if (error instanceof SandboxFaultsError) return error.message;
    throw error;
  }
  throw new Error('expected a SandboxFaultsError');
}

describe('SANDBOX_FAULTS', () => {
  it('reads every fault from one comma-separated setting', () => {
    expect(
      parseSandboxFaults('latency=300, catalog_latency=2000,error_rate=0.05,rate_limit_rate=.02,drop_after_create=0.01,fail_product=101,fail_product=103,action_product=102,undelivered_product=104,undelivered_product=109'),
    ).toEqual({
      latencyMs: 300,
      catalogLatencyMs: 2000,
      errorRate: 0.05,
      rateLimitRate: 0.02,
      dropAfterCreateRate: 0.01,
      failProducts: [101, 103],
      actionProducts: [102],
      undeliveredProducts: [104, 109],
      panelOrderAfterSeconds: null,
      droppedDebitProducts: [],
      overchargedProducts: [],
      refundDelaySeconds: 0,
    });
  });

  it('means no fault at all when empty', () => {
    expect(parseSandboxFaults('')).toEqual(NO_SANDBOX_FAULTS);
    expect(parseSandboxFaults(undefined)).toEqual(NO_SANDBOX_FAULTS);
  });

  it('names a key it does not know and lists the ones it does', () => {
    expect(problemOf('latncy=300')).toBe(
      '"latncy" is not a fault; use latency, catalog_latency, error_rate, rate_limit_rate, drop_after_create, fail_product, action_product, undelivered_product, panel_order_after, drop_debit_product, overcharge_product, refund_delay',
    );
  });

  it('lists every bad value at once', () => {
    expect(problemOf('error_rate=5%,latency=fast,drop_after_create')).toBe(
      'error_rate must be a share from 0 to 1, such as 0.05; latency must be a whole number of milliseconds from 0 to 120000; drop_after_create needs a value, as in drop_after_create=…',
    );
  });

  it('refuses a share above 1 and a fault given twice', () => {
    expect(problemOf('rate_limit_rate=1.5,latency=1,latency=2')).toBe(
      'rate_limit_rate must be a share from 0 to 1, such as 0.05; latency is given more than once',
    );
  });

  it('refuses a product that should both fail and need action', () => {
    expect(problemOf('fail_product=101,action_product=101')).toBe('product 101 cannot both fail and need action');
  });
});

describe('a sandbox started with faults', () => {
  it('answers 429 with Retry-After at the 429 rate', async () => {
    const sandbox = await startSandbox({ faults: parseSandboxFaults('rate_limit_rate=0.5'), random: () => 0.25 });
    const answer = await call(sandbox, '/wallet/balance');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('1');
  });

  it('lets a request through when the draw is above the 429 rate', async () => {
    const sandbox = await startSandbox({ faults: parseSandboxFaults('rate_limit_rate=0.5'), random: () => 0.75 });
    expect((await call(sandbox, '/wallet/balance')).status).toBe(200);
  });

  it('creates the order and drops the answer at the drop-after-create rate', async () => {
    const sandbox = await startSandbox({ faults: parseSandboxFaults('drop_after_create=1') });
    const region = await regionOf(sandbox, P.noFields);
    await expect(call(sandbox, '/orders', { body: orderBody(P.noFields, region) })).rejects.toThrow();
    expect(sandbox.controls.orders()).toHaveLength(1);
  });

  it('holds the catalog lists for the catalog latency, and nothing else', async () => {
    const sandbox = await startSandbox({ faults: parseSandboxFaults('catalog_latency=400') });
    const started = Date.now();
    expect((await call(sandbox, '/products?page=1&pageSize=5')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const quick = Date.now();
    expect((await call(sandbox, '/wallet/balance')).status).toBe(200);
    expect(Date.now() - quick).toBeLessThan(390);
  });

  it('ends the orders of a failing product FAILED', async () => {
    const sandbox = await startSandbox({ faults: parseSandboxFaults(`fail_product=${P.noFields}`), timing: { preparingMs: 0, processingMs: 0 } });
    const region = await regionOf(sandbox, P.noFields);
    const placed = await call(sandbox, '/orders', { body: orderBody(P.noFields, region) });
    const detail = await call(sandbox, `/orders/${placed.body.data.orderId}`);
    expect(detail.body.data.status).toBe('FAILED');
  });

  it('completes an order with no codes for an undelivered product and codes for the others', async () => {
    const sandbox = await startSandbox({
      faults: parseSandboxFaults(`undelivered_product=${P.oneField}`),
      timing: { preparingMs: 0, processingMs: 0 },
    });
    const body = {
      products: [
        { productId: P.noFields, regionPropertyId: await regionOf(sandbox, P.noFields), quantity: 2 },
        { productId: P.oneField, regionPropertyId: await regionOf(sandbox, P.oneField), quantity: 1 },
      ],
      requiredFields: { [P.oneField]: [{ fieldId: 7, value: 'buyer@example.com' }] },
    };
    const placed = await call(sandbox, '/orders', { body });
    const detail = (await call(sandbox, `/orders/${placed.body.data.orderId}`)).body.data;
    expect(detail.status).toBe('COMPLETED');
    expect(detail.items[0]).toMatchObject({ productId: P.noFields, delivery: { cards: [expect.any(Object), expect.any(Object)] } });
    expect(detail.items[1]).toMatchObject({ productId: P.oneField, delivery: null });
    expect(sandbox.controls.balance()).toBe(50_000_000 - placed.body.data.amount);
  });

  it('leaves orders completed before the undelivered fault was switched on with their codes', async () => {
    const sandbox = await startSandbox({ timing: { preparingMs: 0, processingMs: 0 } });
    const placed = await call(sandbox, '/orders', { body: orderBody(P.noFields, await regionOf(sandbox, P.noFields)) });
    const first = (await call(sandbox, `/orders/${placed.body.data.orderId}`)).body.data.items[0].delivery;
    expect(first).not.toBeNull();
    sandbox.controls.setProductUndelivered(P.noFields, true);
    expect((await call(sandbox, `/orders/${placed.body.data.orderId}`)).body.data.items[0].delivery).toEqual(first);
    const next = await call(sandbox, '/orders', { body: orderBody(P.noFields, await regionOf(sandbox, P.noFields)) });
    expect((await call(sandbox, `/orders/${next.body.data.orderId}`)).body.data).toMatchObject({ status: 'COMPLETED', items: [{ delivery: null }] });
    sandbox.controls.setProductUndelivered(P.noFields, false);
    const third = await call(sandbox, '/orders', { body: orderBody(P.noFields, await regionOf(sandbox, P.noFields)) });
    expect((await call(sandbox, `/orders/${third.body.data.orderId}`)).body.data.items[0].delivery).not.toBeNull();
  });

  it('refuses to start when a fault names a product it does not sell, before listening', async () => {
    await expect(createSandbox({ faults: parseSandboxFaults('action_product=999999') })).rejects.toThrow(
      new SandboxFaultsError('the sandbox sells no product 999999'),
    );
    await expect(createSandbox({ faults: parseSandboxFaults('undelivered_product=999998') })).rejects.toThrow(
      new SandboxFaultsError('the sandbox sells no product 999998'),
    );
  });
});
