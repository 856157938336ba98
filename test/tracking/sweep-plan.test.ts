import { describe, expect, it } from 'vitest';
import { planSweep, probeIntervalMs, SWEEP, sweepIntervalMs, type Watched } from '../../src/tracking/sweep-plan.js';
import { createManualClock } from '../support/manual-clock.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const MINUTE = 60_000;

function watched(id: number, over: Partial<Watched> = {}): Watched {
  return {
    id,
    state: 'in_progress',
    providerOrderId: 9000 + id,
    providerStatus: 'PREPARING',
    nextCheckAt: new Date(T0 + MINUTE),
    postedAt: new Date(T0),
    createdAt: new Date(T0),
    staleReportedAt: null,
    ...over,
  };
}

const ids = (orders: readonly { id: number }[]) => orders.map((order) => order.id);

describe('quiet reads', () => {
  it('come one page every four seconds, a quarter of a request a second', () => {
    expect(probeIntervalMs()).toBe(4_000);
    expect(1_000 / probeIntervalMs(SWEEP.quietPagesPerSecond)).toBeLessThanOrEqual(0.25);
  });
});

describe('sweep interval', () => {
  it('waits the shortest pause after a sweep of one page', () => {
    expect(sweepIntervalMs({ pagesRead: 1, requestsPerSecond: 8 })).toBe(SWEEP.minIntervalMs);
  });

  it('keeps a quiet sweep of one page at or under 0.25 requests a second', () => {
    expect(1_000 / sweepIntervalMs({ pagesRead: 1, requestsPerSecond: 8 })).toBeLessThanOrEqual(0.25);
  });

  it('spaces sweeps out so that their pages take no more than their share of the budget', () => {
    const interval = sweepIntervalMs({ pagesRead: 40, requestsPerSecond: 8, budgetShare: 0.4 });

    expect(interval).toBe(12_500);
    expect((40 * 1_000) / interval).toBeCloseTo(0.4 * 8);
  });

  it('grows with the pages a sweep needed and shrinks again when it needs fewer', () => {
    const deep = sweepIntervalMs({ pagesRead: 200, requestsPerSecond: 8 });
    const shallow = sweepIntervalMs({ pagesRead: 2, requestsPerSecond: 8 });

    expect(deep).toBeGreaterThan(shallow);
    expect(shallow).toBe(SWEEP.minIntervalMs);
  });
});

describe('sweep planning', () => {
  it('touches nothing when every open order is listed with the status already stored', () => {
    const orders = [watched(1), watched(2, { state: 'action_required', providerStatus: 'ACTION_REQUIRED' })];
    const listed = new Map([
      [9001, 'PREPARING'],
      [9002, 'ACTION_REQUIRED'],
    ]);

    const plan = planSweep({ watched: orders, listed, now: T0 + 2 * MINUTE, staleMs: 30 * MINUTE });

    expect(plan).toEqual({ confirm: [], move: [], stale: [], fallback: [], waiting: 0 });
  });

  it('reads the detail of an order listed with a final status, whatever its own schedule says', () => {
    const order = watched(1, { nextCheckAt: new Date(T0 + 60 * MINUTE) });

    const plan = planSweep({ watched: [order], listed: new Map([[9001, 'COMPLETED']]), now: T0 + 1_000, staleMs: 30 * MINUTE });

    expect(plan.confirm).toEqual([{ order, listed: 'COMPLETED' }]);
    expect(plan.move).toEqual([]);
  });

  it('settles a change to a state that is not final from the list, without a detail read', () => {
    const order = watched(1);

    const plan = planSweep({ watched: [order], listed: new Map([[9001, 'UNDER_MANUAL_REVIEW']]), now: T0, staleMs: 30 * MINUTE });

    expect(plan.move).toEqual([{ order, listed: 'UNDER_MANUAL_REVIEW' }]);
    expect(plan.confirm).toEqual([]);
  });

  it('sees an order leaving an unrecognised state on the very next sweep', () => {
    const order = watched(1, { state: 'unrecognised', providerStatus: 'UNDER_MANUAL_REVIEW', nextCheckAt: new Date(T0 + 15 * MINUTE) });

    const plan = planSweep({ watched: [order], listed: new Map([[9001, 'COMPLETED']]), now: T0 + 5_000, staleMs: 30 * MINUTE });

    expect(ids(plan.confirm.map((item) => item.order))).toEqual([1]);
  });

  it('falls back to detail reads for orders the pages did not show, only once they are due, earliest first', () => {
    const clock = createManualClock(T0);
    const orders = [
      watched(1, { nextCheckAt: new Date(T0 + 10_000) }),
      watched(2, { nextCheckAt: new Date(T0 + 2_000) }),
      watched(3, { nextCheckAt: null }),
      watched(4, { nextCheckAt: new Date(T0 + 60_000) }),
    ];

    const early = planSweep({ watched: orders, listed: new Map(), now: clock.now(), staleMs: 30 * MINUTE });
    clock.advance(10_000);
    const later = planSweep({ watched: orders, listed: new Map(), now: clock.now(), staleMs: 30 * MINUTE });

    expect(ids(early.fallback)).toEqual([3]);
    expect(early.waiting).toBe(3);
    expect(ids(later.fallback)).toEqual([3, 2, 1]);
    expect(later.waiting).toBe(1);
  });

  it('reads at most a batch of unlisted orders per sweep and leaves the rest waiting', () => {
    const orders = Array.from({ length: 30 }, (_, index) => watched(index + 1, { nextCheckAt: new Date(T0 - 1_000 + index) }));

    const plan = planSweep({ watched: orders, listed: new Map(), now: T0, staleMs: 30 * MINUTE, fallbackBatch: 20 });

    expect(ids(plan.fallback)).toEqual(ids(orders.slice(0, 20)));
    expect(plan.waiting).toBe(10);
  });

  it('reports an unchanged listed order stale once it has been open past the limit and not before', () => {
    const order = watched(1);
    const listed = new Map([[9001, 'PREPARING']]);

    const before = planSweep({ watched: [order], listed, now: T0 + 30 * MINUTE - 1, staleMs: 30 * MINUTE });
    const after = planSweep({ watched: [order], listed, now: T0 + 30 * MINUTE, staleMs: 30 * MINUTE });
    const reported = planSweep({ watched: [watched(1, { staleReportedAt: new Date(T0 + 30 * MINUTE) })], listed, now: T0 + 40 * MINUTE, staleMs: 30 * MINUTE });

    expect(before.stale).toEqual([]);
    expect(ids(after.stale)).toEqual([1]);
    expect(reported.stale).toEqual([]);
  });
});
