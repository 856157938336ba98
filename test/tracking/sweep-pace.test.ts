import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { SWEEP } from '../../src/tracking/sweep-plan.js';
import { MINUTE, pollerWorld, T0, type PollerWorld } from './poller-world.js';

/** Runs the sweep at the times it asks for until `untilMs`; the start of each run. */
async function followPace(world: PollerWorld, untilMs: number, onRun?: () => Promise<void>): Promise<number[]> {
  const starts: number[] = [];
  let next = world.clock.now() + 1;
  while (next <= untilMs) {
    world.clock.advance(next - world.clock.now());
    starts.push(world.clock.now());
    const result = await world.poller.runOnce();
    await onRun?.();
    if (result.nextAt === null) break;
    next = result.nextAt;
  }
  return starts;
}

const historyReadsAt = (world: PollerWorld) => world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/orders').map((r) => r.at);
const gapsOf = (times: number[]) => times.slice(1).map((at, i) => at - times[i]!);

describe('the pace of the delivery sweep', () => {
  it('sees a young order completed on the sweep right after, sooner than the usual six seconds', async () => {
    // The sandbox's usual course: PREPARING for 2 s, PROCESSING for 3 s, COMPLETED at 5 s.
    const world = await pollerWorld();
    const order = await world.placed(SANDBOX_PRODUCTS.noFields);
    let completedAt: number | null = null;

    await followPace(world, T0 + 2 * SWEEP.minIntervalMs, async () => {
      if (completedAt === null && (await world.get(order.id)).state === 'completed') completedAt = world.clock.now();
    });

    expect(completedAt).not.toBeNull();
    expect(completedAt! - T0).toBeLessThan(SWEEP.minIntervalMs);
    expect(world.kinds(order.id)).toEqual(['delivered']);
  });

  it('slows down again as a young order ages without changing, to the usual pace after its first minute', async () => {
    const world = await pollerWorld({ sandbox: { timing: { preparingMs: 10 * MINUTE, processingMs: 10 * MINUTE } } });
    await world.placed(SANDBOX_PRODUCTS.noFields);

    await followPace(world, T0 + 3 * MINUTE);

    const reads = historyReadsAt(world);
    const gaps = gapsOf(reads);
    // Quick while the order is young, each pause longer than the one before or equal...
    expect(gaps[0]).toBeLessThan(SWEEP.minIntervalMs);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]!);
    // ...and the usual pace once it is a minute old: no more pages than a sweep every six seconds.
    const late = reads.filter((at) => at >= T0 + 2 * MINUTE);
    expect(late.length).toBeLessThanOrEqual(MINUTE / SWEEP.minIntervalMs + 1);
    expect(gapsOf(late).every((gap) => gap === SWEEP.minIntervalMs)).toBe(true);
  });

  it('quickens while completions arrive among older orders, and backs off to the usual pace when they stop', async () => {
    const world = await pollerWorld();
    // Eight orders complete 1.5 s apart from two minutes on; a ninth stays open, so the sweep goes on.
    const completions = Array.from({ length: 8 }, (_, i) => T0 + 2 * MINUTE + (i + 1) * 1_500);
    let placedSoFar = 0;
    world.sandbox.controls.setOrderPlanner(() => ({ finalAtMs: completions[placedSoFar++] ?? T0 + 60 * MINUTE }));
    const orders = [];
    for (let i = 0; i < 9; i++) orders.push(await world.placed(SANDBOX_PRODUCTS.noFields));

    await followPace(world, T0 + 4 * MINUTE);

    const reads = historyReadsAt(world);
    const during = gapsOf(reads.filter((at) => at > completions[0]! && at <= completions.at(-1)! + 1_500));
    // Sweeps closer together than the usual six seconds while the completions come...
    expect(Math.max(...during)).toBeLessThan(SWEEP.minIntervalMs);
    // ...about one history page per completion over that time...
    expect(during.length + 1).toBeLessThanOrEqual(completions.length + 2);
    // ...and, once they have stopped for a while, the usual pace: a page every six seconds at most.
    const after = reads.filter((at) => at >= completions.at(-1)! + MINUTE);
    expect(gapsOf(after).every((gap) => gap >= SWEEP.minIntervalMs)).toBe(true);
    for (const order of orders.slice(0, 8)) expect(world.kinds(order.id)).toEqual(['delivered']);
  });
});
