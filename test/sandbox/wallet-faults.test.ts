import { describe, expect, it } from 'vitest';
import { parseSandboxFaults } from '../../src/sandbox/fault-settings.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { createManualClock } from '../support/manual-clock.js';
import { call, placePlain, startSandbox } from './http.js';
import { allTransactions, balanceOf, chainBreaks } from './wallet.js';

const P = SANDBOX_PRODUCTS;
const START = Date.parse('2026-11-21T10:00:00Z');
const TIMING = { preparingMs: 1_000, processingMs: 1_000 };

describe('a dropped debit', () => {
  it('takes the money with no DEBIT in the list, so the next transaction breaks the balanceAfter chain', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    sandbox.controls.setProductDebitDropped(P.noFields, true);
    const dropped = await placePlain(sandbox, P.noFields);
    expect(await balanceOf(sandbox)).toBe(8_750_000);
    expect((await allTransactions(sandbox)).map((t) => t.type)).toEqual(['CREDIT']);

    const next = await placePlain(sandbox, P.multiRegion);
    const [debit, credit, ...rest] = await allTransactions(sandbox);
    expect(rest).toEqual([]);
    expect(debit).toMatchObject({ type: 'DEBIT', orderId: next.orderId, amount: 2_450_000, balanceAfter: 6_300_000, id: credit!.id + 1 });
    expect(credit).toMatchObject({ type: 'CREDIT', balanceAfter: 10_000_000 });
    expect(chainBreaks([debit!, credit!])).toEqual([debit]);
    // The order itself is there as any other, with its price.
    expect((await call(sandbox, `/orders/${dropped.orderId}`)).body.data).toMatchObject({ orderId: dropped.orderId, amount: 1_250_000 });
    expect(await balanceOf(sandbox)).toBe(6_300_000);
  });

  it('is switched on by drop_debit_product for that product only', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000, faults: parseSandboxFaults(`drop_debit_product=${P.noFields}`) });
    const dropped = await placePlain(sandbox, P.noFields);
    const listed = await placePlain(sandbox, P.trickyName);
    const orderIds = (await allTransactions(sandbox)).map((t) => t.orderId);
    expect(orderIds).toEqual([listed.orderId, null]);
    expect(orderIds).not.toContain(dropped.orderId);
    expect(await balanceOf(sandbox)).toBe(10_000_000 - 1_250_000 - 1_600_000);
  });

  it('leaves orders placed after it is switched off with their DEBIT', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    sandbox.controls.setProductDebitDropped(P.noFields, true);
    await placePlain(sandbox, P.noFields);
    sandbox.controls.setProductDebitDropped(P.noFields, false);
    const listed = await placePlain(sandbox, P.noFields);
    expect((await allTransactions(sandbox))[0]).toMatchObject({ type: 'DEBIT', orderId: listed.orderId, balanceAfter: 7_500_000 });
  });
});

describe('an overcharge', () => {
  it('debits the order total plus the extra while the order keeps its total', async () => {
    const sandbox = await startSandbox({ initialBalance: 10_000_000 });
    sandbox.controls.setProductOvercharge(P.noFields, 5_000);
    const placed = await placePlain(sandbox, P.noFields, 2);
    expect(placed.amount).toBe(2_500_000);

    const [debit, credit] = await allTransactions(sandbox);
    expect(debit).toMatchObject({ type: 'DEBIT', orderId: placed.orderId, amount: 2_505_000, balanceAfter: 7_495_000 });
    expect(chainBreaks([debit!, credit!])).toEqual([]);
    const detail = (await call(sandbox, `/orders/${placed.orderId}`)).body.data;
    expect(detail.amount).toBe(2_500_000);
    expect(detail.items[0].totalAmount).toBe(2_500_000);
    expect(debit!.amount - detail.amount).toBe(5_000);
    expect(await balanceOf(sandbox)).toBe(7_495_000);
  });

  it('charges 1% of the product’s price, rounded up, for overcharge_product without an extra, and the extra given otherwise', async () => {
    const sandbox = await startSandbox({
      initialBalance: 10_000_000,
      faults: parseSandboxFaults(`overcharge_product=${P.noFields},overcharge_product=${P.trickyName}:777`),
    });
    const first = await placePlain(sandbox, P.noFields);
    const second = await placePlain(sandbox, P.trickyName);
    const debits = (await allTransactions(sandbox)).filter((t) => t.type === 'DEBIT');
    expect(debits.map((t) => [t.orderId, t.amount])).toEqual([
      [second.orderId, 1_600_000 + 777],
      [first.orderId, 1_250_000 + 12_500],
    ]);
  });

  it('refunds the order’s amount when it fails, so the extra stays taken', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000 });
    sandbox.controls.setProductOvercharge(P.alwaysFails, 1_000);
    const placed = await placePlain(sandbox, P.alwaysFails);
    clock.advance(2_000);
    const [refund] = await allTransactions(sandbox);
    expect(refund).toMatchObject({ type: 'CREDIT', orderId: placed.orderId, amount: 1_900_000, balanceAfter: 9_999_000 });
  });
});

describe('a late refund', () => {
  it('credits a FAILED order the delay after its final state, not before, and once', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000 });
    sandbox.controls.setRefundDelay(60_000);
    const placed = await placePlain(sandbox, P.alwaysFails);
    const refunds = async () => (await allTransactions(sandbox)).filter((t) => t.type === 'CREDIT' && t.orderId === placed.orderId);

    clock.advance(2_000);
    expect((await call(sandbox, `/orders/${placed.orderId}`)).body.data.status).toBe('FAILED');
    expect(await refunds()).toEqual([]);
    expect(await balanceOf(sandbox)).toBe(8_100_000);
    clock.advance(59_999);
    expect(await refunds()).toEqual([]);
    clock.advance(1);
    expect(await refunds()).toEqual([expect.objectContaining({ amount: 1_900_000, balanceAfter: 10_000_000, createdAt: new Date(START + 62_000).toISOString() })]);
    clock.advance(600_000);
    expect(await refunds()).toHaveLength(1);
    expect(await balanceOf(sandbox)).toBe(10_000_000);
  });

  it('is switched on by refund_delay in seconds, for CANCELLED orders too', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000, faults: parseSandboxFaults('refund_delay=30') });
    sandbox.controls.setProductOutcome(P.noFields, 'CANCELLED');
    const placed = await placePlain(sandbox, P.noFields);
    clock.advance(2_000 + 29_999);
    expect((await call(sandbox, `/orders/${placed.orderId}`)).body.data.status).toBe('CANCELLED');
    expect(await balanceOf(sandbox)).toBe(8_750_000);
    clock.advance(1);
    expect(await balanceOf(sandbox)).toBe(10_000_000);
  });

  it('lands refunds that fall due in one jump of the clock in time order among the other transactions', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000 });
    sandbox.controls.setRefundDelay(60_000);
    const late = await placePlain(sandbox, P.alwaysFails);
    // REFUNDED is credited with its final state, 80 s from now: after the late refund is due.
    sandbox.controls.setProductOutcome(P.noFields, 'REFUNDED');
    sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({ finalAtMs: createdAtMs + 80_000 }));
    const refunded = await placePlain(sandbox, P.noFields);

    clock.advance(120_000);
    const credits = (await allTransactions(sandbox)).filter((t) => t.orderId !== null && t.type === 'CREDIT');
    expect(credits.map((t) => [t.orderId, t.createdAt])).toEqual([
      [refunded.orderId, new Date(START + 80_000).toISOString()],
      [late.orderId, new Date(START + 62_000).toISOString()],
    ]);
    expect(chainBreaks(await allTransactions(sandbox))).toEqual([]);
  });

  it('keeps an order that failed before it was switched on refunded at once', async () => {
    const clock = createManualClock(START);
    const sandbox = await startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000 });
    await placePlain(sandbox, P.alwaysFails);
    clock.advance(2_000);
    sandbox.controls.setRefundDelay(60_000);
    expect(await balanceOf(sandbox)).toBe(10_000_000);
  });
});
