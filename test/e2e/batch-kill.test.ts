import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, STAFF, type World } from './harness.js';
import { posts } from './order-steps.js';
import { BATCH_WAIT_MS, confirmBatch, createdSince, fileRows } from './batch-steps.js';

// A file of its own: the built program's process runs beside the other batch tests instead of after them.
describe('a batch and kill -9', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ process: true, staff: [STAFF] });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('finishes after a restart with every order placed exactly once', async () => {
    world.sandbox.controls.setBalance(1_000_000_000);
    // Slow answers, so that the process dies with the batch half-way and perhaps a POST in flight.
    world.sandbox.controls.setLatency(700);
    const ordersBefore = world.sandbox.controls.orders().length;
    const before = posts(world);
    const since = await confirmBatch(world, 50);
    await world.telegram.waitFor(() => (posts(world) >= before + 2 ? true : undefined), { timeoutMs: BATCH_WAIT_MS });
    await world.bot.kill9();
    world.sandbox.controls.setLatency(0);
    await world.restart();

    const rows = await fileRows(world, STAFF.id, since);
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row[5])).size).toBe(50);
    const created = createdSince(world, ordersBefore);
    expect(created.map((order) => order.items[0]!.quantity)).toEqual([10, 10, 10, 10, 10]);
    // A POST cut off by the kill is adopted, never sent again: no more POSTs than orders.
    expect(posts(world) - before).toBe(5);
  });
});
