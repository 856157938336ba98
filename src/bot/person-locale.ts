import type { Person } from '../db/people-store.js';
import type { StaffMember } from '../db/staff-store.js';
import { localeFromLanguageCode, type Locale } from '../text/i18n.js';

export type LocaleOf = (telegramId: number) => Locale;

/**
 * The language to write to a person in when no update of theirs is at hand
 * (deliveries, alerts, notices): the one they chose with /language, else
 * their Telegram app's language as last seen, else the default. Without the
 * middle step a Persian speaker who never used /language would get their
 * codes in English.
 */
export function createLocaleOf(deps: {
  staff: { find(telegramId: number): Pick<StaffMember, 'locale'> | null | undefined };
  people: { find(telegramId: number): Pick<Person, 'languageCode'> | null | undefined };
  defaultLocale: Locale;
}): LocaleOf {
  return (telegramId) =>
    deps.staff.find(telegramId)?.locale ??
    localeFromLanguageCode(deps.people.find(telegramId)?.languageCode ?? undefined) ??
    deps.defaultLocale;
}
