import { toPersianDigits } from './digits.js';
import type { Locale } from './i18n.js';

/** Digits of a string in the locale's script; ASCII for English. */
export function localDigits(text: string, locale: Locale): string {
  return locale === 'fa' ? toPersianDigits(text) : text;
}

/**
 * A number that names something (an order, an approval request, a
 * transaction, a Telegram account) in the locale's digits and without
 * thousands separators: people type it back into commands, which read
 * Persian digits too.
 */
export function formatId(value: number | string, locale: Locale): string {
  return localDigits(String(value), locale);
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A whole number with thousands separators, in the locale's digits. */
export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'fa' ? 'fa-IR' : 'en-US', { maximumFractionDigits: 0 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * The label shown after amounts: one for every language, or one per
 * language, since a Persian reader expects «ریال» where an English one
 * expects "IRR". Either form is accepted so a single label stays simple.
 */
export type AmountUnit = string | Readonly<Record<Locale, string>>;

/** The label a reader of `locale` sees; empty where the deployment names none. */
export function amountUnitFor(unit: AmountUnit, locale: Locale): string {
  return typeof unit === 'string' ? unit : unit[locale];
}

/** An amount as the provider gives it (an integer of an unspecified unit) with the configured label in the reader's language. */
export function formatAmount(value: number, locale: Locale, unit: AmountUnit): string {
  const number = formatNumber(value, locale);
  const label = amountUnitFor(unit, locale);
  return label ? `${number} ${label}` : number;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = make();
    dateTimeFormats.set(key, format);
  }
  return format;
}

const intlLocale = (locale: Locale) => (locale === 'fa' ? 'fa-IR' : 'en-GB');

/**
 * A moment as a short date and time in the configured zone, in the
 * locale's calendar and digits: 'fa-IR' is the Jalali calendar with Persian
 * digits. The zone is required: without it Intl would use the server's,
 * which the reader does not know.
 */
export function formatDateTime(epochMs: number, locale: Locale, timeZone: string): string {
  const format = cachedFormat(`dt:${locale}:${timeZone}`, () =>
    new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  );
  return format.format(epochMs);
}

/**
 * The day holding a moment, as the zone's calendar day, in the reader's
 * calendar and digits ("21 Nov 2026", «۳۰ آبان ۱۴۰۵»): digest headings and
 * export spans, which name days rather than moments.
 */
export function formatDay(epochMs: number, locale: Locale, timeZone: string): string {
  const format = cachedFormat(`day:${locale}:${timeZone}`, () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone }));
  return format.format(epochMs);
}

/**
 * The day of the month holding a moment ("21", «۳۰»), in the zone and in
 * the same calendar and digits as formatDay: a chart's days under a
 * heading whose days formatDay wrote.
 */
export function formatDayOfMonth(epochMs: number, locale: Locale, timeZone: string): string {
  const format = cachedFormat(`dom:${locale}:${timeZone}`, () => new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', timeZone }));
  return format.format(epochMs);
}

/** The zone's name for a heading ("Iran Standard Time", «وقت عادی ایران»), so nobody wonders whose clock it is. */
export function formatZoneName(timeZone: string, locale: Locale): string {
  const format = cachedFormat(`zone:${locale}:${timeZone}`, () =>
    new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: 'long' }),
  );
  const name = format.formatToParts(0).find((part) => part.type === 'timeZoneName')?.value;
  // A zone without a name of its own comes out as an offset ("GMT+04:00", with direction marks in Persian): the IANA name says more.
  return name === undefined || /GMT|گرینویچ|\u200e/.test(name) ? timeZone : name;
}

/**
 * A moment for a sentence that stands alone ("expires on …", "paused
 * since …"), with the zone's name after it as the order view writes it:
 * without a list heading saying whose clock it is, the time must say so itself.
 */
export function formatDateTimeWithZone(epochMs: number, locale: Locale, timeZone: string): string {
  return `${formatDateTime(epochMs, locale, timeZone)} (${formatZoneName(timeZone, locale)})`;
}

/**
 * A moment to the millisecond, in the reader's calendar, digits and the
 * configured zone, with the zone's name: proofs compare instants a fraction
 * of a second apart.
 */
export function formatPreciseTime(epochMs: number, locale: Locale, timeZone: string): string {
  const format = cachedFormat(`ms:${locale}:${timeZone}`, () =>
    new Intl.DateTimeFormat(intlLocale(locale), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
      timeZone,
    }),
  );
  return `${format.format(epochMs)} (${formatZoneName(timeZone, locale)})`;
}

/**
 * The hour and minute of a moment in the configured zone ("14:05", «۱۴:۰۵»),
 * in the locale's digits: a wait of minutes needs no date. The sentence
 * that shows it names the zone.
 */
export function formatClockTime(epochMs: number, locale: Locale, timeZone: string): string {
  const format = cachedFormat(`hm:${timeZone}`, () => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }));
  return localDigits(format.format(epochMs), locale);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_AND_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A date the provider wrote: a calendar day (month 1–12), or a moment with its offset. */
type DateText = { kind: 'day'; year: number; month: number; day: number } | { kind: 'moment'; ms: number };

/** The date in a text ('2027-11-22', or a full ISO moment with its offset), or null when the text is not one. */
export function readDateText(text: string): DateText | null {
  const day = CALENDAR_DATE.exec(text.trim());
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const check = new Date(Date.UTC(year, month - 1, date));
    if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
    return { kind: 'day', year, month, day: date };
  }
  if (DATE_AND_TIME.test(text.trim())) {
    const ms = Date.parse(text.trim());
    return Number.isNaN(ms) ? null : { kind: 'moment', ms };
  }
  return null;
}

/**
 * A date the provider wrote as text ('2027-11-22', or a full ISO moment
 * with its offset) in the reader's calendar and digits, or null when the
 * text is not one. A bare date is a calendar day, not a moment: it is not
 * moved into the zone (it would become the day before in the Americas).
 */
export function formatDateText(text: string, locale: Locale, timeZone: string): string | null {
  const date = readDateText(text);
  if (date === null) return null;
  if (date.kind === 'moment') return formatDateTime(date.ms, locale, timeZone);
  const format = cachedFormat(`d:${locale}`, () => new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }));
  return format.format(Date.UTC(date.year, date.month - 1, date.day));
}

/**
 * Goods in one line of text: "Title × 2", or for several products
 * "Title × 2, Other × 1" (with the Persian comma in Persian), the
 * quantities in the reader's digits.
 */
export function formatGoods(goods: readonly { product: string; quantity: number }[], locale: Locale): string {
  return goods.map((item) => `${item.product} × ${formatNumber(item.quantity, locale)}`).join(locale === 'fa' ? '، ' : ', ');
}
