import type { LocalPeriods } from '../text/local-periods.js';
import { normaliseDigits } from '../text/digits.js';

/**
 * Dates as exports show and read them: ISO-like local wall-clock time in the
 * configured zone (spreadsheets sort and parse it), and YYYY-MM-DD typed by a
 * person, in Gregorian or, for a year below 1700, the Persian (Solar Hijri)
 * calendar a Tehran office writes its dates in.
 */

const DAY_MS = 86_400_000;

type Ymd = { year: number; month: number; day: number };

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string, calendar: 'gregory' | 'persian'): Intl.DateTimeFormat {
  const key = `${timeZone}|${calendar}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar,
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(key, format);
  }
  return format;
}

function wallClock(epochMs: number, timeZone: string, calendar: 'gregory' | 'persian' = 'gregory') {
  const out: Record<string, number> = {};
  for (const part of formatFor(timeZone, calendar).formatToParts(epochMs)) {
    // ICU writes Persian-calendar years as "1405 AP": keep the number.
    if (part.type !== 'literal' && part.type !== 'era') out[part.type] = Number(part.value.replace(/\D/g, ''));
  }
  return out as Ymd & { hour: number; minute: number; second: number };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * How far the zone's wall clock is ahead of UTC, per quarter hour: zones
 * change their offset only on such boundaries, and an export of many rows
 * then asks Intl once per quarter hour instead of once per row.
 */
const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();
function offsetAt(epochMs: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(epochMs / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p = wallClock(epochMs, timeZone);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(epochMs / 1000) * 1000;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** "2026-11-21 13:30:05", the wall clock in `timeZone`. */
export function formatLocalDateTime(epochMs: number, timeZone: string): string {
  const wall = new Date(Math.floor(epochMs / 1000) * 1000 + offsetAt(epochMs, timeZone));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

/** "2026-11-21", the local date in `timeZone`. */
export function formatLocalDate(epochMs: number, timeZone: string): string {
  return formatLocalDateTime(epochMs, timeZone).slice(0, 10);
}

const compare = (a: Ymd, b: Ymd) => a.year - b.year || a.month - b.month || a.day - b.day;

/** The UTC day (as epoch ms at noon) that the Persian calendar calls y/m/d; null when that date does not exist. */
function persianToGregorianNoon(date: Ymd): number | null {
  // Persian year Y runs from March of Gregorian Y+621 to March of Y+622.
  let low = Date.UTC(date.year + 621, 0, 1) / DAY_MS;
  let high = Date.UTC(date.year + 622, 11, 31) / DAY_MS;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const noon = mid * DAY_MS + DAY_MS / 2;
    const order = compare(wallClock(noon, 'UTC', 'persian'), date);
    if (order === 0) return noon;
    if (order < 0) low = mid + 1;
    else high = mid - 1;
  }
  return null;
}

function gregorianNoon(date: Ymd): number | null {
  const noon = Date.UTC(date.year, date.month - 1, date.day, 12);
  const check = new Date(noon);
  // Date.UTC rolls 2026-02-30 over into March: such a date does not exist.
  if (check.getUTCFullYear() !== date.year || check.getUTCMonth() + 1 !== date.month || check.getUTCDate() !== date.day) return null;
  return noon;
}

/**
 * Epoch ms of the local midnight that starts the named day in `timeZone`;
 * null when the text is not a date. Persian and Arabic digits count, and
 * "/" may stand for "-".
 */
export function parseLocalDay(text: string, timeZone: string, periods: LocalPeriods): number | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(normaliseDigits(text.trim()));
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const noon = date.year < 1700 ? persianToGregorianNoon(date) : gregorianNoon(date);
  if (noon === null) return null;
  const target = wallClock(noon, 'UTC');
  // Step to the moment the zone's wall clock shows that date, then back to its midnight.
  let at = noon;
  for (let i = 0; i < 3; i += 1) {
    const local = wallClock(at, timeZone);
    const diffDays = Math.round((Date.UTC(target.year, target.month - 1, target.day) - Date.UTC(local.year, local.month - 1, local.day)) / DAY_MS);
    if (diffDays === 0) return periods.startOfDay(at);
    at += diffDays * DAY_MS;
  }
  return null;
}
