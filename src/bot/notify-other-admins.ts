import type { Api } from 'grammy';
import type { StaffStore } from '../db/staff-store.js';
import type { Logger } from '../logger.js';
import type { Locale, Translate } from '../text/i18n.js';

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
  defaultLocale: Locale;
  translate: (locale: Locale) => Translate;
  logger: Logger;
}): NotifyOtherAdmins {
  return async (exceptId, render) => {
    const except = Array.isArray(exceptId) ? exceptId : [exceptId];
    for (const admin of await deps.staff.list()) {
      if (admin.role !== 'admin' || except.includes(admin.telegramId)) continue;
      const locale = admin.locale ?? deps.defaultLocale;
      await deps.api
        .sendMessage(admin.telegramId, render(deps.translate(locale), locale))
        .catch((error: unknown) => deps.logger.warn({ adminId: admin.telegramId, err: error instanceof Error ? error.name : String(error) }, 'could not tell an administrator'));
    }
  };
}
