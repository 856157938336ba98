import {
  amountUnitFor,
  formatAmount,
  formatClockTime,
  formatDateText,
  formatDateTime,
  formatDateTimeWithZone,
  formatDay,
  formatDayOfMonth,
  formatPreciseTime,
  formatZoneName,
  type AmountUnit,
} from './format.js';
import type { Locale, Translate } from './i18n.js';
import type { MonthCalendar } from './local-periods.js';

/**
 * How this deployment shows things to every reader, beside their language:
 * the amount unit, the time zone and the calendar of months, and whether
 * the SANDBOX badge belongs on what they see. Chosen once at start-up; the
 * bot hands it to every update (ctx.presentation), and what writes to
 * people without an update (notifications, alerts, digests, reminders) is
 * given it once in its deps.
 */
export interface Presentation {
  amountUnit: AmountUnit;
  timeZone: string;
  monthCalendar: MonthCalendar;
  sandbox: boolean;
}

/** Everything a view needs to speak to one reader: their words and language, and the deployment's presentation. */
export type ReaderView = Presentation & { t: Translate; locale: Locale };

/** The view of a reader who has no update of their own (a recipient of a notification): the deployment's presentation in their language. */
export function readerViewOf(presentation: Presentation, locale: Locale, t: Translate): ReaderView {
  return { ...presentation, t, locale };
}

/** What amounts are shown with: the reader's language and the deployment's unit. */
type AmountReader = Pick<ReaderView, 'locale' | 'amountUnit'>;
/** What moments are shown with: the reader's language and the deployment's zone. */
export type TimeReader = Pick<ReaderView, 'locale' | 'timeZone'>;

/** An amount with the deployment's unit in the reader's language (formatAmount). */
export const showAmount = (v: AmountReader, value: number): string => formatAmount(value, v.locale, v.amountUnit);

/** The deployment's amount unit as the reader's language names it, empty where none is set: for a heading over bare amounts. */
export const showAmountUnit = (v: AmountReader): string => amountUnitFor(v.amountUnit, v.locale);

/** A moment in the deployment's zone, in the reader's calendar and digits (formatDateTime). */
export const showDateTime = (v: TimeReader, epochMs: number): string => formatDateTime(epochMs, v.locale, v.timeZone);

/** A moment for a sentence that stands alone, with the zone's name after it (formatDateTimeWithZone). */
export const showDateTimeWithZone = (v: TimeReader, epochMs: number): string => formatDateTimeWithZone(epochMs, v.locale, v.timeZone);

/** The zone's calendar day holding a moment (formatDay). */
export const showDay = (v: TimeReader, epochMs: number): string => formatDay(epochMs, v.locale, v.timeZone);

/** The day of the month holding a moment, in the calendar and digits showDay writes days in (formatDayOfMonth). */
export const showDayOfMonth = (v: TimeReader, epochMs: number): string => formatDayOfMonth(epochMs, v.locale, v.timeZone);

/** The deployment's zone by its name in the reader's language (formatZoneName). */
export const showZone = (v: TimeReader): string => formatZoneName(v.timeZone, v.locale);

/** A moment to the millisecond, with the zone's name (formatPreciseTime). */
export const showPreciseTime = (v: TimeReader, epochMs: number): string => formatPreciseTime(epochMs, v.locale, v.timeZone);

/** The hour and minute of a moment in the deployment's zone (formatClockTime). */
export const showClockTime = (v: TimeReader, epochMs: number): string => formatClockTime(epochMs, v.locale, v.timeZone);

/** A date the provider wrote as text, in the reader's calendar and digits, or null when it is not one (formatDateText). */
export const showDateText = (v: TimeReader, text: string): string | null => formatDateText(text, v.locale, v.timeZone);
