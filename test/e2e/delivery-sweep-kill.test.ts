import { describe, expect, it } from 'vitest';
import { sharedWorld } from './harness.js';
import { allDelivered, deliveredToEveryone, PEOPLE, recordPlacedByEveryone, US } from './sweep-people.js';

describe('the sweep killed with -9 in the middle', () => {
  const world = sharedWorld({ process: true, sandbox: { initialBalance: 1e12 }, staff: PEOPLE });

  it('loses no delivery and sends at most the one message in flight again', async () => {
    world.sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({ finalAtMs: createdAtMs + 2_000 + Math.random() * 10_000 }));
    world.sandbox.controls.setLatency(30);
    const placed = world.sandbox.controls.placeOrders(60, US);
    recordPlacedByEveryone(world, placed);

    await world.bot.waitForLog((line) => line.msg === 'order state changed' && line['to'] === 'completed', 30_000);
    await world.bot.kill9();
    await world.restart();
    await allDelivered(world, placed.map((o) => o.orderReference), 60_000);

    const delivered = deliveredToEveryone(world);
    expect(new Set(delivered).size).toBe(60);
    expect(delivered.length - 60).toBeLessThanOrEqual(1);
  }, 120_000);
});
