import { describe, expect, it } from 'vitest';
import { budgetShape, createRateLimiter, type RequestPriority } from '../../src/provider/rate-limit.js';
import { WINDOW_MARGIN_MS, WINDOW_SPAN_MS, windowLimits } from '../../src/domain/request-budget.js';
import { createManualClock } from '../support/manual-clock.js';

const START = 1_700_000_000_000;

/** Lets every settled promise chain run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function track(acquire: Promise<unknown>, label: string, into: string[]): void {
  void acquire.then(() => into.push(label));
}

/** The most of `times` inside any window [t, t + ms). */
function busiestWindow(times: readonly number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= ms) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

describe('createRateLimiter', () => {
  it('lets a burst through at once, then no more than the rate into any second', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 2, burst: 2, clock });
    const granted: string[] = [];
    for (const label of ['a', 'b', 'c', 'd', 'e']) track(limiter.acquire('interactive'), label, granted);
    await flush();
    expect(granted).toEqual(['a', 'b']);
    // The bucket has a token again at 500 ms, but a and b still fill the window.
    clock.advance(500);
    await flush();
    expect(granted).toEqual(['a', 'b']);
    clock.advance(WINDOW_SPAN_MS - 500 - 1);
    await flush();
    expect(granted).toEqual(['a', 'b']);
    // Both leave the window at once, and the bucket has refilled by then: a pair again.
    clock.advance(1);
    await flush();
    expect(granted).toEqual(['a', 'b', 'c', 'd']);
    clock.advance(WINDOW_SPAN_MS);
    await flush();
    expect(granted).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('spaces requests at the rate, never more than the rate in any second over a long run', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 8, clock });
    const granted: number[] = [];
    for (let i = 0; i < 40; i += 1) void limiter.acquire('background').then(() => granted.push(clock.now()));
    // 5 ms steps divide the 125 ms spacing and the window's margin, so every token and place is seen the moment it exists.
    for (let elapsed = 0; elapsed <= 6_500; elapsed += 5) {
      await flush();
      expect(granted.length).toBeLessThanOrEqual(1 + Math.floor((elapsed * 8) / 1000));
      // The steady rate is kept but for the window's margin.
      expect(granted.length).toBeGreaterThanOrEqual(Math.min(40, Math.floor((elapsed * 8) / WINDOW_SPAN_MS)));
      clock.advance(5);
    }
    expect(granted).toHaveLength(40);
    expect(busiestWindow(granted, 1_000)).toBe(8);
    expect(busiestWindow(granted, WINDOW_SPAN_MS)).toBe(8);
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
      clock.advance(WINDOW_SPAN_MS);
    }
    await flush();
    expect(granted).toEqual(['bg-0', 'int-1', 'int-2', 'bg-1', 'bg-2']);
  });

  it('serves background waiters that go ahead before the other background ones, after people, first come first served among them', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 1, clock });
    const granted: string[] = [];
    // A history page goes out; the next page waits, then two completed orders' details and a person's read arrive.
    track(limiter.acquire('background'), 'page-1', granted);
    track(limiter.acquire('background'), 'page-2', granted);
    track(limiter.acquire('background', undefined, { ahead: true }), 'detail-a', granted);
    track(limiter.acquire('background', undefined, { ahead: true }), 'detail-b', granted);
    track(limiter.acquire('interactive'), 'person', granted);
    for (let second = 0; second < 5; second += 1) {
      await flush();
      clock.advance(WINDOW_SPAN_MS);
    }
    await flush();
    expect(granted).toEqual(['page-1', 'person', 'detail-a', 'detail-b', 'page-2']);
  });

  it('lets at most four background requests go ahead of one that waits before them, then gives it its turn', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 1, clock });
    const granted: string[] = [];
    // Page 1 goes out; page 2 waits, and six completed orders' details come after it.
    track(limiter.acquire('background'), 'page-1', granted);
    track(limiter.acquire('background'), 'page-2', granted);
    for (let i = 1; i <= 6; i += 1) track(limiter.acquire('background', undefined, { ahead: true }), `detail-${i}`, granted);
    for (let second = 0; second < 8; second += 1) {
      await flush();
      clock.advance(WINDOW_SPAN_MS);
    }
    await flush();
    expect(granted).toEqual(['page-1', 'detail-1', 'detail-2', 'detail-3', 'detail-4', 'page-2', 'detail-5', 'detail-6']);
  });

  it('keeps people\'s tokens from background work that goes ahead, as from any background work', async () => {
    const clock = createManualClock(START);
    const limiter = createRateLimiter({ requestsPerSecond: 8, ...budgetShape(8, 10), clock });
    const granted: [string, number][] = [];
    const take = (label: string, place?: { ahead: boolean }) => void limiter.acquire('background', undefined, place).then(() => granted.push([label, clock.now() - START]));
    take('page');
    take('detail', { ahead: true });
    for (let elapsed = 0; elapsed < 1_000; elapsed += 5) {
      await flush();
      clock.advance(5);
    }
    // The bucket starts with both tokens: the page takes one, and the detail waits for the one kept for people to be back.
    expect(granted).toEqual([['page', 0], ['detail', 125]]);
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

  it.each([
    { rate: 8, every: 1_400 },
    { rate: 7, every: 1_400 },
    { rate: 8, every: 900 },
    { rate: 7, every: 900 },
  ])('holds $rate requests/s in every second, people\'s pairs of reads every $every ms and saturating background work sharing it', async ({ rate, every }) => {
    const clock = createManualClock(START);
    const shape = budgetShape(rate, 10);
    const limiter = createRateLimiter({ requestsPerSecond: rate, ...shape, clock });
    const grants: { at: number; priority: RequestPriority }[] = [];
    const take = (priority: RequestPriority) => void limiter.acquire(priority).then(() => grants.push({ at: clock.now() - START, priority }));
    for (let i = 0; i < 100; i += 1) take('background');
    const arrivals: number[] = [];
    for (let elapsed = 0; elapsed <= 6_000; elapsed += 1) {
      if (elapsed % every === 300) {
        arrivals.push(elapsed);
        take('interactive');
        take('interactive');
      }
      await flush();
      clock.advance(1);
    }
    await flush();
    const ended = clock.now() - START;
    // Every one-second window the provider might count in, and the limiter's own: at most the rate, burst or not.
    const times = grants.map((g) => g.at);
    expect(busiestWindow(times, 1_000)).toBe(rate);
    expect(busiestWindow(times, WINDOW_SPAN_MS)).toBe(rate);
    // Background work alone fills its share of every window (the rate less the places kept for people);
    // with people busy, the two together keep the whole rate but for the window's margin.
    const share = windowLimits({ requestsPerSecond: rate, ...shape }).background;
    expect(grants.length).toBeGreaterThanOrEqual(Math.floor((ended * (every > 1_000 ? share : rate)) / WINDOW_SPAN_MS));
    const people = grants.filter((g) => g.priority === 'interactive').map((g) => g.at);
    const pairs = arrivals.map((arrival) => people.filter((at) => at >= arrival && at < arrival + every));
    const spacing = 1000 / rate;
    // The second read of a pair waits for a place in the window when background work has filled its share:
    // the oldest grant leaves at most the window less the spacing of the others after the first read.
    const secondBound = WINDOW_SPAN_MS - (rate - 2) * spacing;
    for (const [i, arrival] of arrivals.entries()) {
      const [first, second] = pairs[i]!;
      // A person after a quiet second finds the place background work left and goes at once; people back to back go before background work,
      // after at most a spacing and the window's margin.
      if (every > WINDOW_SPAN_MS + secondBound) expect(first).toBe(arrival);
      else expect(first).toBeLessThanOrEqual(arrival + spacing + WINDOW_MARGIN_MS);
      if (first! + secondBound < ended) expect(second).toBeLessThanOrEqual(first! + secondBound);
    }
    // Background work is not starved: it gets what people leave of the steady rate.
    expect(grants.length - people.length).toBeGreaterThanOrEqual(Math.floor((ended * share) / WINDOW_SPAN_MS) - people.length - 1);
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
    clock.advance(WINDOW_SPAN_MS);
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
