import { describe, expect, it } from 'vitest';
import { createManualClock } from './manual-clock.js';

describe('manual clock', () => {
  it('starts at the given time and moves only when advanced', () => {
    const clock = createManualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
  });

  it('resolves a sleep only once advance passes its deadline', async () => {
    const clock = createManualClock(0);
    let woke = false;
    const sleeping = clock.sleep(100).then(() => {
      woke = true;
    });
    clock.advance(99);
    await Promise.resolve();
    expect(woke).toBe(false);
    clock.advance(1);
    await sleeping;
    expect(woke).toBe(true);
    expect(clock.pendingSleeps()).toBe(0);
  });

  it('wakes sleepers in deadline order', async () => {
    const clock = createManualClock(0);
    const order: number[] = [];
    const all = Promise.all([clock.sleep(30).then(() => order.push(30)), clock.sleep(10).then(() => order.push(10))]);
    clock.advance(50);
    await all;
    expect(order).toEqual([10, 30]);
  });

  it('rejects a sleep with the reason when its signal aborts', async () => {
    const clock = createManualClock(0);
    const controller = new AbortController();
    const sleeping = clock.sleep(100, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pendingSleeps()).toBe(0);
  });

  it('refuses to move backwards', () => {
    expect(() => createManualClock(0).advance(-1)).toThrow(RangeError);
  });
});
