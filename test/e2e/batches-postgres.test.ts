import { describe, expect, it } from 'vitest';
import { sharedWorld, STAFF } from './harness.js';
import { fileRows, lastId, PUBG_325, waitNew } from './batch-steps.js';
import { posts } from './order-steps.js';

// A file of its own: its world runs beside the SQLite batches of batches.test.ts instead of after them.
describe('a batch on PostgreSQL', () => {
  const world = sharedWorld({ staff: [STAFF], database: 'postgresql' });

  it('places a quantity batch once and sends its file of codes', async () => {
    world.sandbox.controls.setBalance(1_000_000_000);
    const before = posts(world);
    const since = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, `/batch ${PUBG_325} 15`);
    const summary = await waitNew(world, STAFF.id, since, /2 orders, 15 units/);
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    expect(await fileRows(world, STAFF.id, since)).toHaveLength(15);
    expect(posts(world)).toBe(before + 2);
  });
});
