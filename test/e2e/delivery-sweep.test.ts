import { describe, expect, it } from 'vitest';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';
import { recordPlaced } from './record-placed.js';
import { US } from './sweep-people.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };

describe('the sweep: orders through unknown states, and orders the provider does not know', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('delivers an order that went through a state nobody knows within seconds of its completion', async () => {
    world.sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({
      finalAtMs: createdAtMs + 8_000,
      detour: { status: 'UNDER_MANUAL_REVIEW', fromMs: createdAtMs + 400 },
    }));
    const reference = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }));

    await world.telegram.waitForMessage(STAFF.id, new RegExp(`UNDER_MANUAL_REVIEW.*${reference}`), { timeoutMs: 10_000 });
    await waitForDelivery(world, STAFF.id, reference);
    const lag = Date.now() - sandboxOrder(world, reference).finalAtMs;
    world.sandbox.controls.setOrderPlanner(null);

    expect(lag).toBeLessThan(10_000);
  }, 40_000);

  it('tells the administrators about an order the provider answers 404 for, again and again', async () => {
    const [real] = world.sandbox.controls.placeOrders(1, US);
    recordPlaced(world, [real!], { userIdOf: () => STAFF.id, keyPrefix: 'sweep', providerOrderId: () => 424_242 });

    const alert = await world.telegram.waitForMessage(ADMIN.id, /Unknown to the provider/, { timeoutMs: 40_000 });

    expect(alert.text).toContain(real!.orderReference);
    expect(alert.text).toMatch(/3 times in a row/);
  }, 60_000);
});
