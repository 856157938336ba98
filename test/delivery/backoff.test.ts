import { describe, expect, it } from 'vitest';
import { nextCheckDelayMs, nominalDelayMs } from '../../src/delivery/backoff.js';
import type { FollowPace } from '../../src/orders/order-states.js';

const middle = () => 0.5;
const seconds = (ms: number) => ms / 1000;

function schedule(pace: FollowPace, checks: number, random = middle, stale = false): number[] {
  return Array.from({ length: checks }, (_, count) => seconds(nextCheckDelayMs({ checkCount: count, pace, random, stale })));
}

describe('next check delay', () => {
  it('checks an order in progress after 5, 10, 20 s and so on, never more than 3 min apart', () => {
    expect(schedule('fast', 9)).toEqual([5, 10, 20, 40, 80, 160, 180, 180, 180]);
  });

  it('reconciles an unknown outcome at about +30 s, 1, 2, 4, 8 and 12 min', () => {
    const delays = schedule('reconcile', 6);
    expect(delays).toEqual([30, 30, 60, 120, 240, 240]);
    // The order service scheduled the first check (+30 s); each check then schedules the next.
    let at = delays[0] ?? 0;
    const minutes = [at / 60];
    for (const delay of delays.slice(1)) {
      at += delay;
      minutes.push(at / 60);
    }
    expect(minutes).toEqual([0.5, 1, 2, 4, 8, 12]);
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
    const low = nextCheckDelayMs({ checkCount: 2, pace: 'fast', random: () => 0 });
    const high = nextCheckDelayMs({ checkCount: 2, pace: 'fast', random: () => 0.999999 });
    expect(low).toBe(16_000);
    expect(high).toBeGreaterThan(23_999);
    expect(high).toBeLessThanOrEqual(24_000);
  });

  it('keeps a broken random source inside the spread', () => {
    expect(nextCheckDelayMs({ checkCount: 0, pace: 'fast', random: () => Number.NaN })).toBe(4_000);
    expect(nextCheckDelayMs({ checkCount: 0, pace: 'fast', random: () => 7 })).toBeLessThanOrEqual(6_000);
    expect(nextCheckDelayMs({ checkCount: 0, pace: 'fast', random: () => -3 })).toBe(4_000);
  });

  it('stays at the cap however many checks were made', () => {
    expect(nominalDelayMs({ checkCount: 5_000, pace: 'fast' })).toBe(180_000);
    expect(nominalDelayMs({ checkCount: 5_000, pace: 'reconcile' })).toBe(240_000);
  });
});
