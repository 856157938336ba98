import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { createManualClock } from '../support/manual-clock.js';
import { call, startSandbox } from './http.js';
import { allTransactions, balanceOf } from './wallet.js';

const START = Date.parse('2026-11-21T10:00:00Z');

describe("the provider's support refunding a completed order", () => {
  it('credits the amount back naming the order, once per call, and the order stays completed with its codes', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: { preparingMs: 1_000, processingMs: 1_000 }, initialBalance: 10_000_000 });
    const placed = sandbox.controls.placePanelOrder({ productId: SANDBOX_PRODUCTS.oneField, quantity: 1 });
    clock.advance(5_000);
    const refund = sandbox.controls.refundAfterSupport(placed.orderId);
    expect(refund).toMatchObject({ type: 'CREDIT', orderId: placed.orderId, amount: placed.amount, balanceAfter: 10_000_000 });
    expect(refund.description).toContain(placed.orderReference);
    // Newest first: the credit is the last thing that happened to the wallet.
    expect((await allTransactions(sandbox))[0]).toEqual(refund);
    expect(await balanceOf(sandbox)).toBe(10_000_000);
    const detail = (await call(sandbox, `/orders/${placed.orderId}`)).body.data;
    expect(detail.status).toBe('COMPLETED');
    expect(detail.items[0].delivery.cards).toHaveLength(1);
    expect(() => sandbox.controls.refundAfterSupport(999_999)).toThrow('the sandbox has no order 999999');
  });
});
