import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { createManualClock } from '../support/manual-clock.js';
import { call, placePlain, startSandbox } from './http.js';

const P = SANDBOX_PRODUCTS;
const START = Date.parse('2026-11-21T10:00:00Z');
const timing = { preparingMs: 2000, processingMs: 3000 };

async function setup(initialBalance = 50_000_000) {
  const clock = createManualClock(START);
  const sandbox = await startSandbox({ clock, timing, initialBalance });
  const status = async (id: number) => (await call(sandbox, `/orders/${id}`)).body.data;
  return { clock, sandbox, status };
}

describe('sandbox order progression', () => {
  it('moves an order from PREPARING to PROCESSING to COMPLETED as the clock advances', async () => {
    const { clock, sandbox, status } = await setup();
    const order = await placePlain(sandbox, P.noFields, 2);
    expect((await status(order.orderId)).status).toBe('PREPARING');
    clock.advance(2000);
    expect((await status(order.orderId)).status).toBe('PROCESSING');
    clock.advance(2999);
    expect((await status(order.orderId)).status).toBe('PROCESSING');
    clock.advance(1);
    expect((await status(order.orderId)).status).toBe('COMPLETED');
  });

  it('writes the cards of orders completing after setCardValidity to expire that many days on, and leaves earlier ones as they were', async () => {
    const { clock, sandbox, status } = await setup();
    const before = await placePlain(sandbox, P.noFields, 1);
    clock.advance(5000);
    sandbox.controls.setCardValidity(3);
    const after = await placePlain(sandbox, P.noFields, 1);
    clock.advance(5000);
    expect((await status(before.orderId)).items[0].delivery.cards[0].expiresAt).toBe('2027-11-21');
    expect((await status(after.orderId)).items[0].delivery.cards[0].expiresAt).toBe('2026-11-24');
  });

  it('keeps delivery null until COMPLETED, then gives one distinct card per unit', async () => {
    const { clock, sandbox, status } = await setup();
    const order = await placePlain(sandbox, P.noFields, 3);
    clock.advance(2500);
    expect((await status(order.orderId)).items[0].delivery).toBeNull();
    clock.advance(2500);
    const { delivery } = (await status(order.orderId)).items[0];
    expect(delivery.cards).toHaveLength(3);
    for (const card of delivery.cards) {
      expect(card).toEqual({ code: expect.any(String), pin: expect.any(String), serial: expect.any(String), expiresAt: '2027-11-21' });
    }
    expect(new Set(delivery.cards.map((c: { code: string }) => c.code)).size).toBe(3);
    expect(delivery.instructions).toEqual(expect.any(String));
  });

  it('answers the same delivery on every later read', async () => {
    const { clock, sandbox, status } = await setup();
    const order = await placePlain(sandbox, P.noFields);
    clock.advance(5000);
    const first = (await status(order.orderId)).items[0].delivery;
    expect((await status(order.orderReference)).items[0].delivery).toEqual(first);
  });

  it('shows the current state in the order list too', async () => {
    const { clock, sandbox } = await setup();
    await placePlain(sandbox, P.noFields);
    clock.advance(2000);
    expect((await call(sandbox, '/orders')).body.data[0].status).toBe('PROCESSING');
  });

  it('credits the amount back exactly once when the order fails', async () => {
    const { clock, sandbox, status } = await setup(10_000_000);
    const order = await placePlain(sandbox, P.alwaysFails);
    expect(sandbox.controls.balance()).toBe(10_000_000 - order.amount);
    clock.advance(5000);
    expect((await status(order.orderId)).status).toBe('FAILED');
    await status(order.orderId);
    clock.advance(60_000);
    await status(order.orderId);
    const transactions = (await call(sandbox, '/wallet/transactions')).body.data;
    const credits = transactions.filter((t: { type: string; orderId: number | null }) => t.type === 'CREDIT' && t.orderId === order.orderId);
    expect(credits).toEqual([expect.objectContaining({ amount: order.amount, balanceAfter: 10_000_000 })]);
    expect((await call(sandbox, '/wallet/balance')).body.data.balance).toBe(10_000_000);
    expect((await status(order.orderId)).items[0].delivery).toBeNull();
  });

  it('ends the action-required product in ACTION_REQUIRED without a refund', async () => {
    const { clock, sandbox, status } = await setup(10_000_000);
    const order = await placePlain(sandbox, P.actionRequired);
    clock.advance(5000);
    const detail = await status(order.orderId);
    expect(detail.status).toBe('ACTION_REQUIRED');
    expect(detail.items[0].delivery).toBeNull();
    expect(sandbox.controls.balance()).toBe(10_000_000 - order.amount);
  });

  it('applies a changed outcome to an order that is still open', async () => {
    const { clock, sandbox, status } = await setup();
    const order = await placePlain(sandbox, P.noFields);
    clock.advance(1000);
    sandbox.controls.setProductOutcome(P.noFields, 'MYSTERY_STATE');
    clock.advance(4000);
    expect((await status(order.orderId)).status).toBe('MYSTERY_STATE');
  });

  it('leaves an order that is already final alone when the outcome changes', async () => {
    const { clock, sandbox, status } = await setup();
    const order = await placePlain(sandbox, P.noFields);
    clock.advance(5000);
    sandbox.controls.setProductOutcome(P.noFields, 'CANCELLED');
    expect((await status(order.orderId)).status).toBe('COMPLETED');
  });

  it('refunds an order whose outcome was changed to CANCELLED', async () => {
    const { clock, sandbox, status } = await setup(10_000_000);
    sandbox.controls.setProductOutcome(P.noFields, 'CANCELLED');
    const order = await placePlain(sandbox, P.noFields);
    clock.advance(5000);
    expect((await status(order.orderId)).status).toBe('CANCELLED');
    expect(sandbox.controls.balance()).toBe(10_000_000);
  });

  it('stamps createdAt and the recorded request time from the injected clock', async () => {
    const { sandbox, status } = await setup();
    const order = await placePlain(sandbox, P.noFields);
    expect((await status(order.orderId)).createdAt).toBe('2026-11-21T10:00:00.000Z');
    expect(sandbox.requests.every((r) => r.at === START)).toBe(true);
  });
});
