import { describe, expect, it } from 'vitest';
import { sharedWorld, STAFF } from './harness.js';
import { DELIVERY_WAIT_MS, localOrder, orderThroughChat, referenceIn, waitForDelivery } from './order-steps.js';

describe('the provider’s rate limit', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('honours every Retry-After of a storm of 429s while an order is followed, and still delivers it', async () => {
    const { requests, controls } = world.sandbox;
    // Background traffic first (the price refresh after the catalog sync): then only the order's follow-up talks to the provider.
    await world.bot.waitForLog('product prices refreshed');
    const placed = await orderThroughChat(world, STAFF, { search: 'Apple iTunes 10', product: /^Apple iTunes 10 USD/, quantity: 1 });
    const reference = referenceIn(placed);
    const stormStart = requests.length;
    const refusals = () => requests.slice(stormStart).filter((r) => r.status === 429).length;

    // Two answers with Retry-After: 2, then three with Retry-After: 1.
    controls.force429(2, 2);
    await world.telegram.waitFor(() => refusals() >= 2, { timeoutMs: DELIVERY_WAIT_MS });
    const secondBurst = requests.length;
    controls.force429(3, 1);
    await waitForDelivery(world, STAFF.id, reference);

    expect(refusals()).toBe(5);
    const waits = requests.slice(stormStart).flatMap((request, offset) =>
      request.status === 429 ? [{ from: request.at, until: request.at + (stormStart + offset < secondBurst ? 2_000 : 1_000) }] : [],
    );
    for (const wait of waits) {
      const inside = requests.filter((r) => r.at > wait.from && r.at < wait.until);
      expect(inside).toEqual([]);
    }
    expect((await localOrder(world, reference))?.state).toBe('completed');
  });
});
