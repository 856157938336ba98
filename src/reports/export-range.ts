import type { DayRange } from '../db/report-queries.js';
import type { LocalPeriods } from '../text/local-periods.js';
import { normaliseDigits } from '../text/digits.js';
import { parseLocalDay } from './local-dates.js';

export type { DayRange } from '../db/report-queries.js';

type RangeReading =
  | { ok: true; range: DayRange }
  | { ok: false; problem: 'not-a-date'; text: string }
  | { ok: false; problem: 'reversed' }
  | { ok: false; problem: 'too-many' };

/**
 * Reads the `[from] [to]` of /export. Both days count whole: `2026-11-01
 * 2026-11-30` is all of November. `from` alone runs to the end of today.
 * Nothing means the current month in the configured calendar.
 */
export function readDayRange(words: readonly string[], deps: { timeZone: string; periods: LocalPeriods; now: number }): RangeReading {
  const { timeZone, periods, now } = deps;
  if (words.length > 2) return { ok: false, problem: 'too-many' };
  if (words.length === 0) return { ok: true, range: { from: periods.startOfMonth(now), to: periods.startOfNextMonth(now) } };
  const days: number[] = [];
  for (const word of words) {
    const day = parseLocalDay(word, timeZone, periods);
    if (day === null) return { ok: false, problem: 'not-a-date', text: word };
    days.push(day);
  }
  const from = days[0]!;
  const to = days.length === 2 ? periods.startOfNextDay(days[1]!) : periods.startOfNextDay(now);
  if (to <= from) return { ok: false, problem: 'reversed' };
  return { ok: true, range: { from, to } };
}

/**
 * Reads the `[month]` of /export summary: YYYY-MM, in the Persian calendar
 * when the year is below 1700 and in the Gregorian one otherwise, so a month
 * runs as the person who typed it counts it. Nothing means the current month
 * in the configured calendar. Null when the text names no month.
 */
export function readMonth(word: string | undefined, deps: { timeZone: string; periods: LocalPeriods; now: number }): DayRange | null {
  const { timeZone, periods, now } = deps;
  if (word === undefined) return { from: periods.startOfMonth(now), to: periods.startOfNextMonth(now) };
  const match = /^(\d{4})[-/](\d{1,2})$/.exec(normaliseDigits(word.trim()));
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  const next = month === 12 ? `${year + 1}-1-1` : `${year}-${month + 1}-1`;
  const from = parseLocalDay(`${year}-${month}-1`, timeZone, periods);
  const to = parseLocalDay(next, timeZone, periods);
  return from === null || to === null ? null : { from, to };
}
