import { describe, expect, it } from 'vitest';
import { dailySpend, flatPerDay, forecastRunway, weightedPerDay, windowDays, type SpendEntry } from '../../src/runway/forecast.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';

const DAY = 86_400_000;
/** Noon in Tehran, 2 Dec 2026. */
const NOW = Date.parse('2026-12-02T08:30:00Z');
const tehran = createLocalPeriods('Asia/Tehran');
/** Midday (local) of the day `back` days before today. */
const dayBack = (back: number) => tehran.startOfDayAfter(NOW, -back) + 12 * 3_600_000;
const debit = (at: number, amount: number, order = 1): SpendEntry => ({ type: 'DEBIT', amount, at, providerOrderId: order });
const refund = (at: number, amount: number, order = 1): SpendEntry => ({ type: 'CREDIT', amount, at, providerOrderId: order });
const topUp = (at: number, amount: number): SpendEntry => ({ type: 'CREDIT', amount, at, providerOrderId: null });
/** One debit of `amount(back)` on each of the 30 days before today. */
const everyDay = (amount: (back: number) => number) => Array.from({ length: 30 }, (_, i) => debit(dayBack(i + 1), amount(i + 1), i + 1));

describe('the runway forecast', () => {
  it('divides the balance by the day’s spend when every day spends the same', () => {
    const runway = forecastRunway({ entries: everyDay(() => 1_000_000), balance: 4_500_000, now: NOW, periods: tehran });
    expect(runway).toEqual({ kind: 'lasts', perDay: 1_000_000, days: 4.5, runsOutAt: NOW + 4.5 * DAY });
  });

  it('leaves out today, top-ups and entries older than 30 days', () => {
    const entries = [...everyDay(() => 1_000_000), debit(NOW - 60_000, 50_000_000), topUp(dayBack(3), 90_000_000), debit(dayBack(31), 70_000_000)];
    expect(forecastRunway({ entries, balance: 2_000_000, now: NOW, periods: tehran })).toMatchObject({ kind: 'lasts', days: 2 });
  });

  it('weighs recent days more when spend rises, so the wallet lasts less than a flat average says', () => {
    // From 1,000,000 thirty days ago to 3,900,000 yesterday.
    const entries = everyDay((back) => 1_000_000 + (30 - back) * 100_000);
    const spend = dailySpend(entries, windowDays(tehran, NOW));
    expect(flatPerDay(spend)).toBe(2_450_000);
    const runway = forecastRunway({ entries, balance: 30_000_000, now: NOW, periods: tehran });
    expect(runway.kind).toBe('lasts');
    if (runway.kind !== 'lasts') return;
    expect(runway.perDay).toBeGreaterThan(3_000_000);
    expect(runway.perDay).toBeLessThan(3_900_000);
    expect(runway.days).toBeLessThan(30_000_000 / 2_450_000);
  });

  it('says there is no spend when nothing was debited, or refunds took all of it back', () => {
    expect(forecastRunway({ entries: [], balance: 5_000_000, now: NOW, periods: tehran })).toEqual({ kind: 'no-spend' });
    const refunded = [debit(dayBack(4), 2_000_000, 7), refund(dayBack(4) + 3_600_000, 2_000_000, 7), topUp(dayBack(2), 9_000_000)];
    expect(forecastRunway({ entries: refunded, balance: 5_000_000, now: NOW, periods: tehran })).toEqual({ kind: 'no-spend' });
  });

  it('nets refunds against the day’s debits', () => {
    const entries = [...everyDay(() => 1_000_000), refund(dayBack(1) + 60_000, 500_000)];
    const spend = dailySpend(entries, windowDays(tehran, NOW));
    expect(spend.at(-1)).toBe(500_000);
    expect(spend.at(-2)).toBe(1_000_000);
  });

  it('counts local days of the time zone, not UTC days', () => {
    // 22:00 UTC yesterday is 01:30 today in Tehran: today's, so left out.
    const lateUtc = Date.parse('2026-12-01T22:00:00Z');
    expect(dailySpend([debit(lateUtc, 1_000)], windowDays(tehran, NOW)).every((value) => value === 0)).toBe(true);
  });

  it('counts an empty wallet as no days left, and leaves out days before the known history', () => {
    expect(forecastRunway({ entries: everyDay(() => 1_000_000), balance: 0, now: NOW, periods: tehran })).toMatchObject({ kind: 'lasts', days: 0 });
    // Only the last 10 days are known: their spend is the pace, not a third of it.
    const entries = everyDay((back) => (back <= 10 ? 3_000_000 : 0));
    const known = forecastRunway({ entries, balance: 9_000_000, now: NOW, periods: tehran, knownFrom: tehran.startOfDayAfter(NOW, -10) });
    expect(known).toMatchObject({ kind: 'lasts', days: 3 });
  });

  it('gives the last day the most weight', () => {
    expect(weightedPerDay([0, 0, 0, 700])).toBeGreaterThan(700 / 4);
    expect(weightedPerDay([700, 0, 0, 0])).toBeLessThan(700 / 4);
  });
});
