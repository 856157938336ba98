import { describe, expect, it } from 'vitest';
import { parseSandboxFaults } from '../../src/sandbox/fault-settings.js';
import { createCatalog, SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { createManualClock } from '../support/manual-clock.js';
import { call, startSandbox } from './http.js';
import { allTransactions, balanceOf } from './wallet.js';

const P = SANDBOX_PRODUCTS;
const START = Date.parse('2026-11-21T10:00:00Z');
const TIMING = { preparingMs: 1_000, processingMs: 1_000 };

/** The region SANDBOX_FAULTS' panel order buys: the cheapest one in stock. */
function cheapestRegion() {
  const regions = createCatalog(0).products.flatMap((p) => p.regions.filter((r) => r.stock > 0).map((r) => ({ productId: p.id, ...r })));
  return regions.reduce((best, r) => (r.price < best.price ? r : best));
}

describe('an order placed from the provider’s panel', () => {
  it('is debited with its orderId, listed as the account’s order and progresses, with no request of the API key', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000 });
    // A product with a required field: the panel collects it itself.
    const placed = sandbox.controls.placePanelOrder({ productId: P.oneField, quantity: 2 });
    expect(placed).toEqual({ orderId: expect.any(Number), orderReference: expect.stringMatching(/^A[0-9]+$/), amount: 6_200_000 });

    const [debit] = await allTransactions(sandbox);
    expect(debit).toMatchObject({ type: 'DEBIT', orderId: placed.orderId, amount: 6_200_000, balanceAfter: 3_800_000 });
    expect(debit!.description).toContain(placed.orderReference);
    expect((await call(sandbox, '/orders')).body.data).toEqual([expect.objectContaining({ orderId: placed.orderId, status: 'PREPARING' })]);
    clock.advance(2_000);
    const detail = (await call(sandbox, `/orders/${placed.orderReference}`)).body.data;
    expect(detail).toMatchObject({ orderId: placed.orderId, amount: 6_200_000, status: 'COMPLETED' });
    expect(detail.items[0]).toMatchObject({ productId: P.oneField, quantity: 2, totalAmount: 6_200_000 });
    expect(detail.items[0].delivery.cards).toHaveLength(2);
    expect(sandbox.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('buys the region asked for and takes its stock', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    const tr = (await call(sandbox, `/products/${P.multiRegion}`)).body.data.regionProperties.find((r: { title: string }) => r.title === 'TR');
    const placed = sandbox.controls.placePanelOrder({ productId: P.multiRegion, quantity: 3, regionPropertyId: tr.regionPropertyId });
    expect(placed.amount).toBe(3 * tr.price);
    const after = (await call(sandbox, `/products/${P.multiRegion}`)).body.data.regionProperties.find((r: { title: string }) => r.title === 'TR');
    expect(after.stock).toBe(tr.stock - 3);
    expect((await call(sandbox, `/orders/${placed.orderId}`)).body.data.items[0].regionPropertyId).toBe(tr.regionPropertyId);
  });

  it('is refused, with the reason and nothing debited, when the panel would refuse it', async () => {
    const sandbox = await startSandbox({ initialBalance: 2_000_000 });
    expect(() => sandbox.controls.placePanelOrder({ productId: 999_999, quantity: 1 })).toThrow('the sandbox sells no product 999999');
    expect(() => sandbox.controls.placePanelOrder({ productId: P.outOfStock, quantity: 1 })).toThrow(`product ${P.outOfStock} has no region with 1 in stock`);
    expect(() => sandbox.controls.placePanelOrder({ productId: P.noFields, quantity: 0 })).toThrow('the quantity must be a whole number of 1 or more, got 0');
    expect(() => sandbox.controls.placePanelOrder({ productId: P.noFields, quantity: 2 })).toThrow('the wallet holds 2000000, not the 2500000 the order costs');
    expect(() => sandbox.controls.placePanelOrder({ productId: P.noFields, quantity: 1, regionPropertyId: 1 })).toThrow(`product ${P.noFields} has no region 1`);
    expect(await balanceOf(sandbox)).toBe(2_000_000);
    expect(sandbox.controls.orders()).toEqual([]);
  });

  it('is placed by panel_order_after that many seconds after the start: the cheapest region in stock, quantity 1', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000, faults: parseSandboxFaults('panel_order_after=60') });
    const cheapest = cheapestRegion();
    clock.advance(59_999);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await call(sandbox, '/orders')).body.data).toEqual([]);

    clock.advance(1);
    await expect.poll(() => sandbox.controls.orders().length).toBe(1);
    const [entry] = (await call(sandbox, '/orders')).body.data;
    expect(entry).toMatchObject({ amount: cheapest.price, createdAt: new Date(START + 60_000).toISOString() });
    const detail = (await call(sandbox, `/orders/${entry.orderId}`)).body.data;
    expect(detail.items).toEqual([expect.objectContaining({ productId: cheapest.productId, regionPropertyId: cheapest.regionPropertyId, quantity: 1 })]);
    expect((await allTransactions(sandbox))[0]).toMatchObject({ type: 'DEBIT', orderId: entry.orderId, amount: cheapest.price });
    clock.advance(600_000);
    expect(sandbox.controls.orders()).toHaveLength(1);
  });

  it('places nothing when the sandbox closes before the time comes', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, faults: parseSandboxFaults('panel_order_after=60') });
    await sandbox.close();
    clock.advance(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sandbox.controls.orders()).toEqual([]);
  });
});
