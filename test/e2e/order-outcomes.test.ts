import { describe, expect, it } from 'vitest';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { DELIVERY_WAIT_MS, laterRuns, localOrder, loopRunDone, orderThroughChat, posts, referenceIn, sandboxOrder } from './order-steps.js';

const SPOTIFY = 126;
const XBOX_FAILS = { search: 'ایکس باکس', product: /ایکس باکس ۱۵/ };
const PUBG_ACTION = { search: 'PUBG Mobile 660', product: /^PUBG Mobile 660 UC/ };
const SPOTIFY_MYSTERY = { search: 'Spotify', product: /^Spotify Premium/ };

/** The slow pace of orders waiting for a person: 10 to 15 minutes (12.5 min +-20%). */
const SLOW_PACE_MS = { min: 10 * 60_000, max: 15 * 60_000 };

/** Messages in the chat that mention the order's reference. */
const mentioning = (world: World, chatId: number, reference: string) =>
  world.telegram.messages(chatId).filter((m) => m.text.includes(reference));

describe('orders that end without codes or wait for someone', () => {
  // Trace: the loops' runs are logged, to wait for rather than sleep.
  const world = sharedWorld({ staff: [STAFF], env: { LOG_LEVEL: 'trace' } });

  /** Still followed: its next check is scheduled at the slow pace, not dropped. */
  async function expectFollowedSlowly(reference: string, state: string): Promise<void> {
    const record = await localOrder(world, reference);
    expect(record?.state).toBe(state);
    const wait = (record?.next_check_at ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(SLOW_PACE_MS.min - 10_000);
    expect(wait).toBeLessThan(SLOW_PACE_MS.max);
  }

  it('tells the staff member that a failed order’s money came back', async () => {
    const placed = await orderThroughChat(world, STAFF, { ...XBOX_FAILS, quantity: 2 });
    const reference = referenceIn(placed);

    const told = await world.telegram.waitForMessage(STAFF.id, new RegExp(`Order ${reference} .* failed at the provider`), { timeoutMs: DELIVERY_WAIT_MS });

    expect(told.text).toContain('No codes were delivered');
    expect(told.text).toContain('The money came back: 3,800,000 IRR was credited to the wallet.');
    expect(sandboxOrder(world, reference)).toMatchObject({ status: 'FAILED', refunded: true });
    expect(await localOrder(world, reference)).toMatchObject({ state: 'failed', next_check_at: null });
  });

  it('tells the staff member and the administrators about an order that needs a person, keeps following it and never sends it again', async () => {
    const before = posts(world);
    const placed = await orderThroughChat(world, STAFF, { ...PUBG_ACTION, quantity: 1 });
    const reference = referenceIn(placed);

    const staffTold = await world.telegram.waitForMessage(STAFF.id, new RegExp(`Order ${reference} .* waiting for a person at the provider`), { timeoutMs: DELIVERY_WAIT_MS });
    const adminTold = await world.telegram.waitForMessage(ADMIN.id, new RegExp(`Action needed: order ${reference} `), { timeoutMs: DELIVERY_WAIT_MS });

    expect(staffTold.text).toContain('Nothing will be ordered again');
    expect(adminTold.text).toContain('nothing will be resubmitted');
    // Two more runs of the sender (the poller now checks the order only every few minutes): nothing is sent or told again.
    await laterRuns(world, 3, loopRunDone('notification sender'));
    expect(posts(world)).toBe(before + 1);
    expect(mentioning(world, STAFF.id, reference)).toHaveLength(2); // placed, then waiting for a person
    expect(mentioning(world, ADMIN.id, reference)).toHaveLength(1);
    await expectFollowedSlowly(reference, 'action_required');
  });

  it('treats a state nobody knows the same way: told, followed, never sent again', async () => {
    world.sandbox.controls.setProductOutcome(SPOTIFY, 'MYSTERY_STATE');
    const before = posts(world);
    const placed = await orderThroughChat(world, STAFF, { ...SPOTIFY_MYSTERY, quantity: 1 });
    const reference = referenceIn(placed);

    const staffTold = await world.telegram.waitForMessage(STAFF.id, new RegExp(`state I do not know \\("MYSTERY_STATE"\\) for order ${reference}`), { timeoutMs: DELIVERY_WAIT_MS });
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`Unknown state: the provider reports "MYSTERY_STATE" for order ${reference}`), { timeoutMs: DELIVERY_WAIT_MS });

    expect(staffTold.text).toContain('Nothing will be ordered again');
    // Two more runs of the sender (the poller now checks the order only every few minutes): nothing is sent or told again.
    await laterRuns(world, 3, loopRunDone('notification sender'));
    expect(posts(world)).toBe(before + 1);
    expect(mentioning(world, STAFF.id, reference)).toHaveLength(2);
    expect(mentioning(world, ADMIN.id, reference)).toHaveLength(1);
    await expectFollowedSlowly(reference, 'unrecognised');
  });
});
