import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, orderBody, placePlain, regionOf, startSandbox } from './http.js';

const P = SANDBOX_PRODUCTS;
const EMAIL = 7;
const PHONE = 8;

describe('sandbox order creation', () => {
  it('answers the created order in PREPARING with an A-reference and its items', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.noFields);
    const { status, body } = await call(sandbox, '/orders', { body: orderBody(P.noFields, region, 2) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', code: 200 });
    expect(body.data).toMatchObject({ status: 'PREPARING', amount: 2_500_000 });
    expect(body.data.orderReference).toMatch(/^A[0-9]+$/);
    expect(body.data.items).toEqual([{ id: expect.any(Number), productId: P.noFields, quantity: 2, totalAmount: 2_500_000 }]);
  });

  it('debits the wallet and records a DEBIT transaction for the order', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    const order = await placePlain(sandbox, P.noFields, 2);
    expect((await call(sandbox, '/wallet/balance')).body.data).toEqual({ balance: 7_500_000 });
    const [latest] = (await call(sandbox, '/wallet/transactions')).body.data;
    expect(latest).toMatchObject({ type: 'DEBIT', amount: 2_500_000, balanceAfter: 7_500_000, orderId: order.orderId });
    expect((await call(sandbox, `/wallet/transactions/${latest.id}`)).body.data).toEqual(latest);
  });

  it('lowers the stock of the ordered region', async () => {
    const sandbox = await startSandbox();
    await placePlain(sandbox, P.noFields, 3);
    const { body } = await call(sandbox, `/products/${P.noFields}`);
    expect(body.data.regionProperties[0].stock).toBe(47);
  });

  it('finds the order by numeric id and by reference', async () => {
    const sandbox = await startSandbox();
    const order = await placePlain(sandbox, P.noFields);
    const byId = await call(sandbox, `/orders/${order.orderId}`);
    const byReference = await call(sandbox, `/orders/${order.orderReference}`);
    expect(byId.body.data.orderId).toBe(order.orderId);
    expect(byReference.body.data).toEqual(byId.body.data);
    expect(byId.body.data.items[0].delivery).toBeNull();
  });

  it('lists orders newest first with their state', async () => {
    const sandbox = await startSandbox();
    const first = await placePlain(sandbox, P.noFields);
    const second = await placePlain(sandbox, P.noFields);
    const { body } = await call(sandbox, '/orders?page=1&pageSize=10');
    expect(body.data.map((o: { orderId: number }) => o.orderId)).toEqual([second.orderId, first.orderId]);
    expect(Object.keys(body.data[0]).sort()).toEqual(['amount', 'createdAt', 'orderId', 'orderReference', 'status']);
  });

  it('accepts a product with both required fields filled in correctly', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.twoFields);
    const fields = { [P.twoFields]: [{ fieldId: EMAIL, value: 'buyer@example.com' }, { fieldId: PHONE, value: '+989121234567' }] };
    const answer = await call(sandbox, '/orders', { body: orderBody(P.twoFields, region, 1, fields) });
    expect(answer.status).toBe(200);
    expect(sandbox.controls.orders()[0]?.requiredFields).toEqual(fields);
  });
});

describe('sandbox order validation', () => {
  async function rejected(sandbox: Sandbox, body: unknown) {
    const answer = await call(sandbox, '/orders', { body });
    expect(sandbox.controls.orders()).toHaveLength(0);
    expect(answer.body).toMatchObject({ status: 'error', code: answer.status, data: null });
    expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
    return answer;
  }

  it('answers 400 for a body that is not JSON', async () => {
    expect((await rejected(await startSandbox(), '{"products": [')).status).toBe(400);
  });

  it('answers 400 when products is not an array', async () => {
    expect((await rejected(await startSandbox(), { products: 'many' })).status).toBe(400);
  });

  it('answers 400 when productId is not an integer', async () => {
    expect((await rejected(await startSandbox(), { products: [{ productId: '101', regionPropertyId: 5001, quantity: 1 }] })).status).toBe(400);
  });

  it('answers 422 for an empty products array', async () => {
    expect((await rejected(await startSandbox(), { products: [] })).status).toBe(422);
  });

  it('answers 422 for more lines than an order may have', async () => {
    const line = { productId: P.noFields, regionPropertyId: 5001, quantity: 1 };
    expect((await rejected(await startSandbox(), { products: Array.from({ length: 6 }, () => line) })).status).toBe(422);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await rejected(await startSandbox(), orderBody(424242, 5001))).status).toBe(404);
  });

  it('answers 422 for a region of another product', async () => {
    const sandbox = await startSandbox();
    const foreign = await regionOf(sandbox, P.oneField);
    expect((await rejected(sandbox, orderBody(P.noFields, foreign))).status).toBe(422);
  });

  it('answers 422 for a quantity above the limit', async () => {
    const sandbox = await startSandbox();
    expect((await rejected(sandbox, orderBody(P.noFields, await regionOf(sandbox, P.noFields), 11))).status).toBe(422);
  });

  it('answers 422 for a fractional quantity', async () => {
    const sandbox = await startSandbox();
    expect((await rejected(sandbox, orderBody(P.noFields, await regionOf(sandbox, P.noFields), 1.5))).status).toBe(422);
  });

  it('answers 409 when the region has too little stock', async () => {
    const sandbox = await startSandbox();
    const emptyRegion = await regionOf(sandbox, P.multiRegion, 'EU');
    expect((await rejected(sandbox, orderBody(P.multiRegion, emptyRegion))).status).toBe(409);
  });

  it('answers 422 when a required field is missing', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.twoFields);
    const fields = { [P.twoFields]: [{ fieldId: EMAIL, value: 'buyer@example.com' }] };
    expect((await rejected(sandbox, orderBody(P.twoFields, region, 1, fields))).status).toBe(422);
  });

  it('answers 422 when requiredFields is left out for a product that has required fields', async () => {
    const sandbox = await startSandbox();
    expect((await rejected(sandbox, orderBody(P.oneField, await regionOf(sandbox, P.oneField)))).status).toBe(422);
  });

  it('answers 422 when a value does not match the field pattern', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.twoFields);
    const fields = { [P.twoFields]: [{ fieldId: EMAIL, value: 'buyer@example.com' }, { fieldId: PHONE, value: '0912-abc' }] };
    expect((await rejected(sandbox, orderBody(P.twoFields, region, 1, fields))).status).toBe(422);
  });

  it('answers 422 for an e-mail field holding no e-mail address', async () => {
    const sandbox = await startSandbox();
    const region = await regionOf(sandbox, P.oneField);
    const fields = { [P.oneField]: [{ fieldId: EMAIL, value: 'not-an-email' }] };
    expect((await rejected(sandbox, orderBody(P.oneField, region, 1, fields))).status).toBe(422);
  });

  it('answers 422 and leaves the wallet alone when the balance is insufficient', async () => {
    const sandbox = await startSandbox({ initialBalance: 1_000_000 });
    const answer = await call(sandbox, '/orders', { body: orderBody(P.noFields, await regionOf(sandbox, P.noFields)) });
    expect(answer.status).toBe(422);
    expect(sandbox.controls.balance()).toBe(1_000_000);
    expect(sandbox.controls.orders()).toHaveLength(0);
  });
});

describe('sandbox orders of several products', () => {
  const PLAYER_ID = 9;
  const cartFields = {
    [P.oneField]: [{ fieldId: EMAIL, value: 'buyer@example.com' }],
    [P.unusualFields]: [{ fieldId: PLAYER_ID, value: '5123456789' }],
  };

  async function cart(sandbox: Sandbox) {
    return {
      products: [
        { productId: P.noFields, regionPropertyId: await regionOf(sandbox, P.noFields), quantity: 2 },
        { productId: P.oneField, regionPropertyId: await regionOf(sandbox, P.oneField), quantity: 1 },
        { productId: P.unusualFields, regionPropertyId: await regionOf(sandbox, P.unusualFields), quantity: 3 },
      ],
      requiredFields: cartFields,
    };
  }

  async function stockOf(sandbox: Sandbox, productId: number): Promise<number> {
    return (await call(sandbox, `/products/${productId}`)).body.data.regionProperties[0].stock;
  }

  it('charges the sum of the items, one item per product, and lowers each stock', async () => {
    const sandbox = await startSandbox({ initialBalance: 20_000_000 });
    const before = [await stockOf(sandbox, P.noFields), await stockOf(sandbox, P.oneField), await stockOf(sandbox, P.unusualFields)];
    const answer = await call(sandbox, '/orders', { body: await cart(sandbox) });
    expect(answer.status).toBe(200);
    const amount = 2 * 1_250_000 + 3_100_000 + 3 * 480_000;
    expect(answer.body.data.amount).toBe(amount);
    expect(answer.body.data.items).toEqual([
      { id: expect.any(Number), productId: P.noFields, quantity: 2, totalAmount: 2_500_000 },
      { id: expect.any(Number), productId: P.oneField, quantity: 1, totalAmount: 3_100_000 },
      { id: expect.any(Number), productId: P.unusualFields, quantity: 3, totalAmount: 1_440_000 },
    ]);
    expect(sandbox.controls.balance()).toBe(20_000_000 - amount);
    expect([await stockOf(sandbox, P.noFields), await stockOf(sandbox, P.oneField), await stockOf(sandbox, P.unusualFields)]).toEqual([
      before[0]! - 2,
      before[1]! - 1,
      before[2]! - 3,
    ]);
    expect(sandbox.controls.orders()[0]?.requiredFields).toEqual(cartFields);
  });

  it('delivers every item on its own once the order is COMPLETED', async () => {
    const sandbox = await startSandbox({ initialBalance: 20_000_000, timing: { preparingMs: 0, processingMs: 0 } });
    const placed = await call(sandbox, '/orders', { body: await cart(sandbox) });
    const detail = (await call(sandbox, `/orders/${placed.body.data.orderId}`)).body.data;
    expect(detail.status).toBe('COMPLETED');
    expect(detail.items.map((i: { productId: number; delivery: { cards: unknown[] } }) => [i.productId, i.delivery.cards.length])).toEqual([
      [P.noFields, 2],
      [P.oneField, 1],
      [P.unusualFields, 3],
    ]);
  });

  it('lists the items the other way round while asked to, as the spec allows, and as posted again when asked', async () => {
    const sandbox = await startSandbox({ initialBalance: 20_000_000, timing: { preparingMs: 0, processingMs: 0 } });
    const placed = await call(sandbox, '/orders', { body: await cart(sandbox) });
    const items = async () => (await call(sandbox, `/orders/${placed.body.data.orderId}`)).body.data.items.map((i: { id: number; productId: number }) => [i.id, i.productId]);
    const posted = await items();
    expect(posted.map(([, productId]: number[]) => productId)).toEqual([P.noFields, P.oneField, P.unusualFields]);
    sandbox.controls.setItemOrder('reversed');
    expect(await items()).toEqual([...posted].reverse());
    sandbox.controls.setItemOrder('posted');
    expect(await items()).toEqual(posted);
  });

  it('answers 422 for a product listed twice, even in two regions', async () => {
    const sandbox = await startSandbox();
    const twice = {
      products: [
        { productId: P.multiRegion, regionPropertyId: await regionOf(sandbox, P.multiRegion, 'US'), quantity: 1 },
        { productId: P.multiRegion, regionPropertyId: await regionOf(sandbox, P.multiRegion, 'TR'), quantity: 1 },
      ],
    };
    const answer = await rejectedCart(sandbox, twice);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain(String(P.multiRegion));
    expect(answer.body.message).toContain('بیش از یک بار');
  });

  it('answers 422 for answers given for a product that is not in the order', async () => {
    const sandbox = await startSandbox();
    const body = orderBody(P.noFields, await regionOf(sandbox, P.noFields), 1, { [P.oneField]: [{ fieldId: EMAIL, value: 'buyer@example.com' }] });
    const answer = await rejectedCart(sandbox, body);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain(String(P.oneField));
    expect(answer.body.message).toContain('در این سفارش نیست');
  });

  it('answers 422 when any one product of the order misses a required field', async () => {
    const sandbox = await startSandbox();
    const body = { ...(await cart(sandbox)), requiredFields: { [P.oneField]: cartFields[P.oneField] } };
    expect((await rejectedCart(sandbox, body)).status).toBe(422);
  });

  it('answers 422 for a quantity out of range on a later item', async () => {
    const sandbox = await startSandbox();
    const body = await cart(sandbox);
    body.products[2]!.quantity = 0;
    expect((await rejectedCart(sandbox, body)).status).toBe(422);
  });

  it('accepts five distinct products and refuses six', async () => {
    const sandbox = await startSandbox({ initialBalance: 50_000_000 });
    const ids = [P.noFields, 110, 111, 113, 114, 115];
    const lines = await Promise.all(ids.map(async (productId) => ({ productId, regionPropertyId: await regionOf(sandbox, productId), quantity: 1 })));
    expect((await rejectedCart(sandbox, { products: lines })).status).toBe(422);
    expect((await call(sandbox, '/orders', { body: { products: lines.slice(0, 5) } })).status).toBe(200);
  });
});

async function rejectedCart(sandbox: Sandbox, body: unknown) {
  const answer = await call(sandbox, '/orders', { body });
  expect(sandbox.controls.orders()).toHaveLength(0);
  expect(answer.body).toMatchObject({ status: 'error', code: answer.status, data: null });
  expect(answer.body.message).toMatch(/[\u0600-\u06FF]/);
  return answer;
}
