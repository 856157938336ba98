import { describe, expect, it } from 'vitest';
import { sharedWorld } from './harness.js';
import { allDelivered, deliveredToEveryone, detailReads, PEOPLE, recordPlacedByEveryone, US } from './sweep-people.js';

describe('the sweep with 200 open orders and history pages of 25', () => {
  const world = sharedWorld({ sandbox: { maxPageSize: 25, initialBalance: 1e12 }, staff: PEOPLE });

  it('delivers every one of them once, with one detail read per order', async () => {
    world.sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({ finalAtMs: createdAtMs + 3_000 + Math.random() * 12_000 }));
    const placed = world.sandbox.controls.placeOrders(200, US);
    const reads = detailReads(world);
    recordPlacedByEveryone(world, placed);

    // Two hundred detail reads at the default 8 requests a second, then each person's twenty codes a second apart: a loaded machine needs room.
    await allDelivered(world, placed.map((o) => o.orderReference), 150_000);

    const delivered = deliveredToEveryone(world);
    expect(delivered).toHaveLength(200);
    expect(new Set(delivered).size).toBe(200);
    expect(detailReads(world) - reads).toBe(200);
    const pages = world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/orders').map((r) => Number(r.query['page']));
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(8);
  }, 180_000);
});
