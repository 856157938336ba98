import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RequestPriority } from '../../src/provider/rate-limit.js';
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

  it('refuses a rate that is not a positive number', () => {
    expect(() => createRateLimiter({ requestsPerSecond: 0, clock: createManualClock(START) })).toThrow(RangeError);
  });
});
