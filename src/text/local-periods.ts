/**
 * Days and months as the people using the bot live them: in the configured
 * time zone, and months in the configured calendar (a company in Tehran
 * closes its books by the Persian month). Limits, digests and exports count
 * from these boundaries.
 */
export type MonthCalendar = 'gregorian' | 'persian';

export interface LocalPeriods {
  /** Epoch ms of the local midnight that starts the day holding `epochMs`. */
  startOfDay(epochMs: number): number;
  /** Epoch ms of the local midnight that starts the next day. */
  startOfNextDay(epochMs: number): number;
  /** Epoch ms of the local midnight that starts the month holding `epochMs`. */
  startOfMonth(epochMs: number): number;
  /** Epoch ms of the local midnight that starts the next month. */
  startOfNextMonth(epochMs: number): number;
  /** Epoch ms of the local midnight that starts the day `days` days after the one holding `epochMs` (before it, when negative). */
  startOfDayAfter(epochMs: number, days: number): number;
  /** Epoch ms of the local midnight that starts a Gregorian calendar date (month 1–12), such as a date a provider wrote. */
  startOfDate(year: number, month: number, day: number): number;
}

const DAY_MS = 86_400_000;

/**
 * Throws a RangeError for a name Intl does not know. UTC is always known:
 * it is not checked, since the first formatter with a time zone loads ICU's
 * zone data (tens of milliseconds), which a start on the default zone need
 * not spend before it takes updates.
 */
export function assertTimeZone(timeZone: string): void {
  if (timeZone === 'UTC') return;
  new Intl.DateTimeFormat('en-US', { timeZone });
}

/** A value made on first use: the formatters below load ICU's zone data, which a start does not need yet. */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

export function createLocalPeriods(timeZone: string, calendar: MonthCalendar = 'gregorian'): LocalPeriods {
  assertTimeZone(timeZone);
  const wallClock = onFirstUse(
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
  // ICU calls the Gregorian calendar "gregory".
  const dayOfMonth = onFirstUse(
    () => new Intl.DateTimeFormat('en-US', { timeZone, calendar: calendar === 'gregorian' ? 'gregory' : 'persian', day: 'numeric' }),
  );

  const parts = (epochMs: number) => {
    const out: Record<string, number> = {};
    for (const part of wallClock().formatToParts(epochMs)) if (part.type !== 'literal') out[part.type] = Number(part.value);
    return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
  };
  /** How far the zone's wall clock is ahead of UTC at that moment. */
  const offsetAt = (epochMs: number): number => {
    const p = parts(epochMs);
    const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    return wall - Math.floor(epochMs / 1000) * 1000;
  };
  /** The moment the local wall clock shows midnight of the given Gregorian date. */
  const localMidnight = (year: number, month: number, day: number): number => {
    const wall = Date.UTC(year, month - 1, day);
    let guess = wall - offsetAt(wall);
    // A second pass settles days on which the offset changes (daylight saving).
    guess = wall - offsetAt(guess);
    return guess;
  };

  const startOfDay = (epochMs: number): number => {
    const p = parts(epochMs);
    return localMidnight(p.year, p.month, p.day);
  };
  const shiftDays = (dayStart: number, days: number): number => startOfDay(dayStart + days * DAY_MS + DAY_MS / 2);

  const startOfMonth = (epochMs: number): number => {
    const today = startOfDay(epochMs);
    const day = Number(dayOfMonth().format(today + DAY_MS / 2).replace(/\D/g, ''));
    return day <= 1 ? today : shiftDays(today, -(day - 1));
  };

  return {
    startOfDay,
    startOfNextDay: (epochMs) => shiftDays(startOfDay(epochMs), 1),
    startOfMonth,
    startOfNextMonth(epochMs) {
      // Months are at most 31 days long in both calendars: 32 days on from the start is always inside the next month.
      return startOfMonth(startOfMonth(epochMs) + 32 * DAY_MS);
    },
    startOfDayAfter: (epochMs, days) => shiftDays(startOfDay(epochMs), days),
    startOfDate: localMidnight,
  };
}
