import { afterEach, describe, expect, it } from 'vitest';
import { assertTimeZone, createLocalPeriods } from '../../src/text/local-periods.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('local days and months', () => {
  it('starts a Tehran day at local midnight, 20:30 UTC the evening before', () => {
    const tehran = createLocalPeriods('Asia/Tehran');
    const at = Date.parse('2026-11-23T21:00:00Z'); // already 24 November 00:30 in Tehran
    expect(iso(tehran.startOfDay(at))).toBe('2026-11-23T20:30:00.000Z');
    expect(iso(tehran.startOfNextDay(at))).toBe('2026-11-24T20:30:00.000Z');
  });

  it('starts a Gregorian month on the first, local time', () => {
    const tehran = createLocalPeriods('Asia/Tehran', 'gregorian');
    const at = Date.parse('2026-11-30T21:00:00Z'); // 1 December 00:30 in Tehran
    expect(iso(tehran.startOfMonth(at))).toBe('2026-11-30T20:30:00.000Z');
    expect(iso(tehran.startOfNextMonth(at))).toBe('2026-12-31T20:30:00.000Z');
  });

  it('starts a Persian month on its first day: 1 Azar 1405 is 22 November 2026', () => {
    const tehran = createLocalPeriods('Asia/Tehran', 'persian');
    const at = Date.parse('2026-11-25T08:00:00Z');
    expect(iso(tehran.startOfMonth(at))).toBe('2026-11-21T20:30:00.000Z');
    // 1 Dey 1405 is 22 December 2026.
    expect(iso(tehran.startOfNextMonth(at))).toBe('2026-12-21T20:30:00.000Z');
  });

  it('keeps the local midnight across a daylight saving change', () => {
    const berlin = createLocalPeriods('Europe/Berlin');
    // 29 March 2026: clocks go from 02:00 to 03:00; the day starts at 00:00 CET = 23:00 UTC.
    expect(iso(berlin.startOfDay(Date.parse('2026-03-29T12:00:00Z')))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(berlin.startOfNextDay(Date.parse('2026-03-29T12:00:00Z')))).toBe('2026-03-29T22:00:00.000Z');
  });

  it('counts whole local days forwards and backwards, and finds the midnight of a written date', () => {
    const tehran = createLocalPeriods('Asia/Tehran');
    const at = Date.parse('2026-11-23T21:00:00Z'); // 24 November 00:30 in Tehran
    expect(iso(tehran.startOfDayAfter(at, 0))).toBe('2026-11-23T20:30:00.000Z');
    expect(iso(tehran.startOfDayAfter(at, 7))).toBe('2026-11-30T20:30:00.000Z');
    expect(iso(tehran.startOfDayAfter(at, -30))).toBe('2026-10-24T20:30:00.000Z');
    expect(iso(tehran.startOfDate(2026, 11, 24))).toBe('2026-11-23T20:30:00.000Z');
    // Across a daylight saving change a day is 23 hours long, and still one day.
    const berlin = createLocalPeriods('Europe/Berlin');
    expect(iso(berlin.startOfDayAfter(Date.parse('2026-03-28T12:00:00Z'), 2))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(berlin.startOfDate(2026, 3, 30))).toBe('2026-03-29T22:00:00.000Z');
  });

  it('refuses a zone name Intl does not know', () => {
    expect(() => createLocalPeriods('Mars/Olympus')).toThrow(RangeError);
  });

  describe('what a start spends', () => {
    const original = Intl.DateTimeFormat;
    afterEach(() => {
      Intl.DateTimeFormat = original;
    });
    /** Counts the formatters made from here on. */
    function countFormatters(): { made: number } {
      const counter = { made: 0 };
      Intl.DateTimeFormat = new Proxy(original, {
        construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          counter.made += 1;
          return new target(...args);
        },
      });
      return counter;
    }

    // The first formatter with a time zone loads ICU's zone data (tens of milliseconds, docs/performance.md):
    // a start on the default zone makes none before it takes updates.
    it('makes no formatter for the default zone, UTC, until a day or month is first asked for', () => {
      const counter = countFormatters();
      assertTimeZone('UTC');
      const utc = createLocalPeriods('UTC', 'persian');
      expect(counter.made).toBe(0);
      expect(iso(utc.startOfMonth(Date.parse('2026-11-25T08:00:00Z')))).toBe('2026-11-22T00:00:00.000Z');
      expect(counter.made).toBe(2);
    });
  });
});
