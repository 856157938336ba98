import { toPersianDigits } from './digits.js';
import type { Locale } from './i18n.js';

/** Digits of a string in the locale's script; ASCII for English. */
export function localDigits(text: string, locale: Locale): string {
  return locale === 'fa' ? toPersianDigits(text) : text;
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

/** An amount as the provider gives it (an integer of an unspecified unit) with the configured label. */
export function formatAmount(value: number, locale: Locale, unit: string): string {
  const number = formatNumber(value, locale);
  return unit ? `${number} ${unit}` : number;
}

/** A moment as a short date and time in the locale's calendar and digits, in UTC+0 unless a zone is given. */
export function formatDateTime(epochMs: number, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    // Without an explicit zone Intl would use the server's, which the reader does not know.
    timeZone: timeZone ?? 'UTC',
  }).format(epochMs);
}
