import type { LocalPeriods } from '../text/local-periods.js';

/**
 * Reminders go out from this local hour of their day: a message about
 * codes is read in the morning, not at the midnight that starts the day.
 */
const REMINDER_HOUR = 9;

/** The digest's window while reminders are off: a week ahead, so that what lapses is seen in time to act. */
export const DIGEST_EXPIRY_DAYS = 7;

const HOUR_MS = 3_600_000;

/**
 * Days are counted by the last local day on which a card still works (the
 * day holding the moment just before it expires; a bare date is that very
 * day). With `days` set, a card is reminded on the local day `days` days
 * before that last day, from REMINDER_HOUR; one that comes due while
 * reminders are off, or is delivered after its day, is reminded at the
 * next pass while it still works.
 *
 * The answer is a bound on the expiry moment: a card is due when it still
 * works at `now` and stops at or before it. Last day L is due when
 * L - days <= the latest reminder day reached, i.e. expiresAt - 1 falls
 * before the midnight that ends that latest day + days.
 */
export function reminderHorizon(now: number, days: number, periods: LocalPeriods): number {
  const today = periods.startOfDay(now);
  // Counted from midnight, as the digest's hour is: on a day the clocks change it comes an hour early or late.
  const reached = now >= today + REMINDER_HOUR * HOUR_MS ? 0 : -1;
  return periods.startOfDayAfter(today, reached + days + 1);
}

/** The digest's bound: cards whose last day is at most `days` days from today, the ones reminded today or before. */
export function expiringHorizon(now: number, days: number, periods: LocalPeriods): number {
  return periods.startOfDayAfter(now, days + 1);
}

/** A moment of the last day on which a card that stops at `expiresAt` still works: the day a reader is told. */
export const lastWorkingMoment = (expiresAt: number): number => expiresAt - 1;
