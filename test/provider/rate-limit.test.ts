import { describe, expect, it } from 'vitest';
import { budgetShape, createRateLimiter, type RequestPriority } from '../../src/provider/rate-limit.js';
import { createManualClock } from '../support/manual-clock.js';

const START = 1_700_000_000_000;

/** Lets every settled promise chain run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function track(acquire: Promise<void>, label: string, into: string[]): void {
  void acquire.then(() => into.push(label));
}

describe('createRateLimiter', () => {
  it('lets a burst through at once and then spaces requests at the configured rate', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 2, burst: 2, clock });
    const granted: string[] = [];
    for (const label of ['a', 'b', 'c', 'd']) track(limiter.acquire('interactive'), label, granted);
    await flush();
    expect(granted).toEqual(['a', 'b']);
    clock.advance(499);
    await flush();
    expect(granted).toEqual(['a', 'b']);
    clock.advance(1);
    await flush();
    expect(granted).toEqual(['a', 'b', 'c']);
    clock.advance(500);
    await flush();
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never grants more than burst plus rate times elapsed time over a long run', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 8, clock });
    const granted: number[] = [];
    for (let i = 0; i < 40; i += 1) void limiter.acquire('background').then(() => granted.push(clock.now()));
    // 5 ms steps divide the 125 ms spacing, so every token is seen the moment it exists.
    for (let elapsed = 0; elapsed <= 5_000; elapsed += 5) {
      await flush();
      const allowed = 1 + Math.floor((elapsed * 8) / 1000);
      expect(granted.length).toBeLessThanOrEqual(allowed);
      expect(granted.length).toBeGreaterThanOrEqual(Math.min(40, allowed));
      clock.advance(5);
    }
    const gaps = granted.slice(1).map((at, i) => at - (granted[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(125);
  });

  it('serves interactive waiters before background waiters that queued earlier', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 1, clock });
    const granted: string[] = [];
    const queue: [string, RequestPriority][] = [
      ['bg-0', 'background'],
      ['bg-1', 'background'],
      ['bg-2', 'background'],
      ['int-1', 'interactive'],
      ['int-2', 'interactive'],
    ];
    for (const [label, priority] of queue) track(limiter.acquire(priority), label, granted);
    for (let second = 0; second < 5; second += 1) {
      await flush();
      clock.advance(1000);
    }
    await flush();
    expect(granted).toEqual(['bg-0', 'int-1', 'int-2', 'bg-1', 'bg-2']);
  });

  it('lets a person\'s two reads go at once beside background work at half the budget', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 8, ...budgetShape(8, 10), clock });
    const granted: [string, number][] = [];
    const take = (label: string, priority: RequestPriority) => void limiter.acquire(priority).then(() => granted.push([label, clock.now()]));
    for (let elapsed = 0; elapsed < 1_000; elapsed += 5) {
      if (elapsed % 250 === 0) take(`bg@${elapsed}`, 'background');
      if (elapsed === 700) {
        take('summary product', 'interactive');
        take('summary balance', 'interactive');
      }
      await flush();
      clock.advance(5);
    }
    await flush();
    expect(granted.filter(([label]) => label.startsWith('summary'))).toEqual([
      ['summary product', START + 700],
      ['summary balance', START + 700],
    ]);
    // The background request due at 750 waits for the tokens the pair took, then keeps its pace.
    expect(granted.filter(([label]) => label.startsWith('bg')).map(([, at]) => at - START)).toEqual([0, 250, 500, 950]);
  });

  it.each([8, 7])('holds %i requests/s, and one fewer than the provider\'s 10 in any second, while people\'s pairs of reads and saturating background work share it', async (rate) => {
    const clock = createManualClock(START);
    const shape = budgetShape(rate, 10);
    const limiter = createRateLimiter({ requestsPerSecond: rate, ...shape, clock });
    const grants: { at: number; priority: RequestPriority }[] = [];
    const take = (priority: RequestPriority) => void limiter.acquire(priority).then(() => grants.push({ at: clock.now() - START, priority }));
    for (let i = 0; i < 100; i += 1) take('background');
    for (let elapsed = 0; elapsed <= 6_000; elapsed += 1) {
      if (elapsed % 700 === 300) {
        take('interactive');
        take('interactive');
      }
      await flush();
      clock.advance(1);
    }
    await flush();
    // Every one-second window the provider might count in: at most the burst plus the steady rate, less one.
    for (const { at: from } of grants) {
      const inWindow = grants.filter(({ at }) => at >= from && at < from + 1_000).length;
      expect(inWindow).toBeLessThanOrEqual(Math.min(shape.burst + rate - 1, 10 - 1));
    }
    expect(grants.length).toBeLessThanOrEqual(shape.burst + Math.floor((6_000 * rate) / 1000));
    // Background work is not starved: it gets whatever the people leave of the steady rate.
    const people = grants.filter((g) => g.priority === 'interactive').length;
    expect(people).toBe(18);
    // The first of each pair finds the token background work left and goes at once; the second within one spacing.
    for (let arrival = 300; arrival <= 6_000; arrival += 700) {
      const pair = grants.filter((g) => g.priority === 'interactive' && g.at >= arrival && g.at < arrival + 700).map((g) => g.at);
      expect(pair[0]).toBe(arrival);
      expect(pair[1]).toBeLessThanOrEqual(arrival + 1000 / rate);
    }
    expect(grants.length - people).toBeGreaterThanOrEqual(Math.floor((6_000 * rate) / 1000) - people - 1);
  });

  it('gives people a burst only as large as keeps the burst and the steady rate below the provider\'s limit', () => {
    expect(budgetShape(8, 10)).toEqual({ burst: 2, keptForInteractive: 1 });
    expect(budgetShape(7, 10)).toEqual({ burst: 3, keptForInteractive: 2 });
    expect(budgetShape(1, 10)).toEqual({ burst: 3, keptForInteractive: 2 });
    expect(budgetShape(9, 10)).toEqual({ burst: 1, keptForInteractive: 0 });
    expect(budgetShape(40, 10)).toEqual({ burst: 1, keptForInteractive: 0 });
  });

  it('holds every caller during a pause even when tokens are available', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 10, burst: 5, clock });
    limiter.pauseUntil(START + 3_000);
    const granted: string[] = [];
    track(limiter.acquire('interactive'), 'int', granted);
    track(limiter.acquire('background'), 'bg', granted);
    clock.advance(2_999);
    await flush();
    expect(granted).toEqual([]);
    clock.advance(1);
    await flush();
    expect(granted).toEqual(['int', 'bg']);
  });

  it('extends the wait of callers already queued when a pause starts', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 1, clock });
    const granted: string[] = [];
    track(limiter.acquire('interactive'), 'first', granted);
    track(limiter.acquire('interactive'), 'second', granted);
    await flush();
    limiter.pauseUntil(START + 5_000);
    clock.advance(1_000);
    await flush();
    expect(granted).toEqual(['first']);
    clock.advance(3_999);
    await flush();
    expect(granted).toEqual(['first']);
    clock.advance(1);
    await flush();
    expect(granted).toEqual(['first', 'second']);
  });

  it('keeps the later end when a shorter pause follows a longer one', () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 1, clock });
    limiter.pauseUntil(START + 5_000);
    limiter.pauseUntil(START + 1_000);
    expect(limiter.pausedUntil()).toBe(START + 5_000);
  });

  it('rejects an aborted waiter with the signal reason and serves the next one in its place', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 1, clock });
    await limiter.acquire('interactive');
    const controller = new AbortController();
    const abandoned = limiter.acquire('interactive', controller.signal);
    const granted: string[] = [];
    track(limiter.acquire('background'), 'next', granted);
    controller.abort(new Error('user left'));
    await expect(abandoned).rejects.toThrow('user left');
    clock.advance(1_000);
    await flush();
    expect(granted).toEqual(['next']);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1, clock: createManualClock(START) });
    await expect(limiter.acquire('interactive', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('refuses to keep for people more tokens than the burst has beyond the first', () => {
    expect(() => createRateLimiter({ requestsPerSecond: 1, burst: 2, keptForInteractive: 2, clock: createManualClock(START) })).toThrow(RangeError);
  });

  it('refuses a rate that is not a positive number', () => {
    expect(() => createRateLimiter({ requestsPerSecond: 0, clock: createManualClock(START) })).toThrow(RangeError);
  });
});
