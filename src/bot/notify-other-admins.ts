import type { Api } from 'grammy';
import type { StaffStore } from '../db/staff-store.js';
import type { Logger } from '../logger.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { LocaleOf } from './person-locale.js';

/** A line to every administrator but `exceptId` (one or several), each in their language. Never throws. */
export type NotifyOtherAdmins = (exceptId: number | number[], render: (t: Translate, locale: Locale) => string) => Promise<void>;

/**
 * Reads the administrators from the store at the moment of telling, so that
 * one made or removed a moment ago is counted as such; one who cannot be
 * written to is logged and the others are still told.
 */
export function createNotifyOtherAdmins(deps: {
  api: Api;
  staff: Pick<StaffStore, 'list'>;
  /** Each administrator's language as every other notice finds it: their /language, else their Telegram app's, else the default. */
  localeOf: LocaleOf;
  translate: (locale: Locale) => Translate;
  logger: Logger;
}): NotifyOtherAdmins {
  return async (exceptId, render) => {
    const except = Array.isArray(exceptId) ? exceptId : [exceptId];
    for (const admin of await deps.staff.list()) {
      if (admin.role !== 'admin' || except.includes(admin.telegramId)) continue;
      // Not the stored choice alone: an administrator who never sent /language would read a Persian app's notices in the default language.
      const locale = deps.localeOf(admin.telegramId);
      await deps.api
        .sendMessage(admin.telegramId, render(deps.translate(locale), locale))
        .catch((error: unknown) => deps.logger.warn({ adminId: admin.telegramId, err: error instanceof Error ? error.name : String(error) }, 'could not tell an administrator'));
    }
  };
}
