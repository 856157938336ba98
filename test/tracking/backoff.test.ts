import { describe, expect, it } from 'vitest';
import { nextCheckDelayMs, nominalDelayMs } from '../../src/tracking/backoff.js';
import type { FollowPace } from '../../src/domain/order-lifecycle.js';

const middle = () => 0.5;
const seconds = (ms: number) => ms / 1000;

function schedule(pace: FollowPace, checks: number, random = middle, stale = false): number[] {
  return Array.from({ length: checks }, (_, count) => seconds(nextCheckDelayMs({ checkCount: count, pace, random, stale })));
}

describe('next check delay', () => {
  it('checks an order in progress after 2, 4, 8 s and so on, never more than 3 min apart', () => {
    expect(schedule('fast', 10)).toEqual([2, 4, 8, 16, 32, 64, 128, 180, 180, 180]);
  });

  it('reconciles an unknown outcome within seconds, then at longer gaps up to about 11 min', () => {
    const delays = schedule('reconcile', 9);
    expect(delays).toEqual([5, 5, 10, 20, 40, 80, 160, 180, 180]);
    // The order service scheduled the first check (+5 s); each check then schedules the next.
    let at = 0;
    const checksAt = delays.map((delay) => (at += delay));
    expect(checksAt).toEqual([5, 10, 20, 40, 80, 160, 320, 500, 680]);
    // Five looks and ten minutes make the grace period of "not placed": the ninth look, at 11 min 20 s.
    expect(checksAt.findIndex((s, i) => i + 1 >= 5 && s >= 600)).toBe(8);
  });

  it('follows orders waiting for a person every 10 to 15 min', () => {
    expect(seconds(nextCheckDelayMs({ checkCount: 0, pace: 'slow', random: () => 0 }))).toBe(600);
    expect(seconds(nextCheckDelayMs({ checkCount: 40, pace: 'slow', random: () => 0.999999 }))).toBeCloseTo(900, 0);
  });

  it('slows a stale order in progress down to the slow pace', () => {
    expect(schedule('fast', 3, middle, true)).toEqual([750, 750, 750]);
    expect(schedule('reconcile', 2, middle, true)).toEqual([750, 750]);
  });

  it('spreads every delay by at most a fifth either way', () => {
    const low = nextCheckDelayMs({ checkCount: 3, pace: 'fast', random: () => 0 });
    const high = nextCheckDelayMs({ checkCount: 3, pace: 'fast', random: () => 0.999999 });
    expect(low).toBe(12_800);
    expect(high).toBeGreaterThan(19_199);
    expect(high).toBeLessThanOrEqual(19_200);
  });

  it('keeps a broken random source inside the spread', () => {
    expect(nextCheckDelayMs({ checkCount: 0, pace: 'fast', random: () => Number.NaN })).toBe(1_600);
    expect(nextCheckDelayMs({ checkCount: 0, pace: 'fast', random: () => 7 })).toBeLessThanOrEqual(2_400);
    expect(nextCheckDelayMs({ checkCount: 0, pace: 'fast', random: () => -3 })).toBe(1_600);
  });

  it('stays at the cap however many checks were made', () => {
    expect(nominalDelayMs({ checkCount: 5_000, pace: 'fast' })).toBe(180_000);
    expect(nominalDelayMs({ checkCount: 5_000, pace: 'reconcile' })).toBe(180_000);
  });
});
