import { describe, expect, it } from 'vitest';
import type { OrderPostFault } from '../../src/sandbox/server.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import {
  acceptedSendsContaining,
  cardsOf,
  DELIVERY_WAIT_MS,
  localOrder,
  orderThroughChat,
  posts,
  sandboxOrder,
  spoilers,
  waitForDelivery,
  type OrderRequest,
} from './order-steps.js';

const UNCONFIRMED = /The provider did not confirm your order\. .* Do not order again/;

describe('orders whose placement goes wrong on the wire', () => {
  const world = sharedWorld({ staff: [STAFF] });

  /**
   * Places an order through the chat while the sandbox applies `fault` to the
   * POST, then follows it to its delivery: exactly one POST, the staff member
   * told not to order again, the one order the provider created adopted (and
   * administrators told why), its codes delivered once.
   */
  async function placeThrough(fault: OrderPostFault, request: OrderRequest): Promise<void> {
    const before = posts(world);
    const ordersBefore = world.sandbox.controls.orders().length;
    world.sandbox.controls.setOrderPostFault(fault);
    try {
      await orderThroughChat(world, STAFF, request, UNCONFIRMED);
    } finally {
      world.sandbox.controls.setOrderPostFault({ kind: 'none' });
    }
    expect(posts(world)).toBe(before + 1);
    const created = world.sandbox.controls.orders().slice(ordersBefore);
    expect(created).toHaveLength(1);
    const reference = created[0]!.orderReference;

    const adopted = await world.telegram.waitForMessage(STAFF.id, new RegExp(`was placed after all: reference ${reference}\\.`), { timeoutMs: DELIVERY_WAIT_MS });
    const proof = await world.telegram.waitForMessage(ADMIN.id, new RegExp(`Adopted automatically: order ${reference} \\(#\\d+,.*\\) is provider order ${created[0]!.orderId}\\. Proof:`));
    const parts = await waitForDelivery(world, STAFF.id, reference);

    expect(adopted.text).toContain(`× ${request.quantity}`);
    expect(proof.text).toContain('inside the time our order request was in flight');
    const cards = cardsOf(sandboxOrder(world, reference));
    expect(cards).toHaveLength(request.quantity);
    const hidden = parts.flatMap(spoilers);
    for (const card of cards) {
      expect(hidden).toContain(card.code);
      expect(acceptedSendsContaining(world, card.code)).toHaveLength(1);
    }
    expect(await localOrder(world, reference)).toMatchObject({ state: 'completed', provider_order_id: created[0]!.orderId });
    expect(posts(world)).toBe(before + 1);
  }

  it('adopts and delivers an order whose POST created it and then lost the connection', async () => {
    await placeThrough({ kind: 'drop-after-create' }, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 2 });
  });

  it('adopts and delivers an order whose POST created it and was then answered 502', async () => {
    await placeThrough({ kind: 'server-error-after-create' }, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 });
  });

  it('adopts and delivers an order whose POST was answered only after the order timeout', async () => {
    // PROVIDER_ORDER_TIMEOUT_MS is 1500 in the harness.
    await placeThrough({ kind: 'answer-after', delayMs: 3_000 }, { search: 'Steam Wallet 50', product: /^Steam Wallet 50 USD/, quantity: 1 });
  });
});
