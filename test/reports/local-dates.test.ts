import { describe, expect, it } from 'vitest';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { readDayRange, readMonth } from '../../src/reports/export-range.js';
import { formatLocalDateTime, parseLocalDay } from '../../src/reports/local-dates.js';

const TEHRAN = 'Asia/Tehran';
const periods = createLocalPeriods(TEHRAN, 'persian');
// 2026-11-21 23:00 in Tehran (UTC+3:30).
const NOW = Date.UTC(2026, 10, 21, 19, 30);

describe('dates in exports', () => {
  it('are written as the wall clock in Asia/Tehran', () => {
    expect(formatLocalDateTime(Date.UTC(2026, 10, 20, 21, 0, 5), TEHRAN)).toBe('2026-11-21 00:30:05');
  });

  it('follow a zone across its change of clocks', () => {
    // Berlin moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
    expect(formatLocalDateTime(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/Berlin')).toBe('2026-03-29 01:59:59');
    expect(formatLocalDateTime(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/Berlin')).toBe('2026-03-29 03:00:00');
  });

  it('are read as the local midnight in Asia/Tehran, Persian digits included', () => {
    expect(parseLocalDay('2026-11-21', TEHRAN, periods)).toBe(Date.UTC(2026, 10, 20, 20, 30));
    expect(parseLocalDay('۲۰۲۶/۱۱/۲۱', TEHRAN, periods)).toBe(Date.UTC(2026, 10, 20, 20, 30));
  });

  it('read a year below 1700 in the Persian calendar', () => {
    // 1 Azar 1405 is 22 November 2026.
    expect(parseLocalDay('۱۴۰۵-۰۹-۰۱', TEHRAN, periods)).toBe(Date.UTC(2026, 10, 21, 20, 30));
  });

  it('refuse days that do not exist', () => {
    expect(parseLocalDay('2026-02-30', TEHRAN, periods)).toBeNull();
    expect(parseLocalDay('1405-12-30', TEHRAN, periods)).toBeNull();
    expect(parseLocalDay('tomorrow', TEHRAN, periods)).toBeNull();
  });

  it('default to the current month of the configured calendar', () => {
    const reading = readDayRange([], { timeZone: TEHRAN, periods, now: NOW });
    // 21 November 2026 is 30 Aban 1405, and Aban runs from 23 October to 21 November.
    expect(reading).toEqual({ ok: true, range: { from: Date.UTC(2026, 9, 22, 20, 30), to: Date.UTC(2026, 10, 21, 20, 30) } });
  });

  it('count both named days whole', () => {
    const reading = readDayRange(['2026-11-01', '2026-11-30'], { timeZone: TEHRAN, periods, now: NOW });
    expect(reading).toEqual({ ok: true, range: { from: Date.UTC(2026, 9, 31, 20, 30), to: Date.UTC(2026, 10, 30, 20, 30) } });
  });

  it('say which word is not a date and refuse a reversed span', () => {
    expect(readDayRange(['2026-11-01', 'soon'], { timeZone: TEHRAN, periods, now: NOW })).toEqual({ ok: false, problem: 'not-a-date', text: 'soon' });
    expect(readDayRange(['2026-11-02', '2026-11-01'], { timeZone: TEHRAN, periods, now: NOW })).toEqual({ ok: false, problem: 'reversed' });
  });

  it('read a month in the calendar its year belongs to', () => {
    expect(readMonth('2026-11', { timeZone: TEHRAN, periods, now: NOW })).toEqual({ from: Date.UTC(2026, 9, 31, 20, 30), to: Date.UTC(2026, 10, 30, 20, 30) });
    expect(readMonth('1405-12', { timeZone: TEHRAN, periods, now: NOW })).toEqual({ from: Date.UTC(2027, 1, 19, 20, 30), to: Date.UTC(2027, 2, 20, 20, 30) });
    expect(readMonth('2026-13', { timeZone: TEHRAN, periods, now: NOW })).toBeNull();
  });
});
