import { describe, expect, it } from 'vitest';
import { sharedWorld, STAFF } from './harness.js';
import { posts } from './order-steps.js';
import { BATCH_WAIT_MS, confirmBatch, createdSince, fileRows } from './batch-steps.js';

describe('a batch whose POST answer is lost', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('waits for reconciliation before the next order, adopts the lost one and goes on: each order placed once', async () => {
    world.sandbox.controls.setBalance(1_000_000_000);
    const before = posts(world);
    const ordersBefore = world.sandbox.controls.orders().length;
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const since = await confirmBatch(world, 20);
    await world.telegram.waitFor(() => (posts(world) > before ? true : undefined), { timeoutMs: BATCH_WAIT_MS });
    world.sandbox.controls.setOrderPostFault({ kind: 'none' });

    const rows = await fileRows(world, STAFF.id, since);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row[5])).size).toBe(20);
    expect(createdSince(world, ordersBefore)).toHaveLength(2);
    expect(posts(world)).toBe(before + 2);
  });
});
