import type { FormattedString } from '@grammyjs/parse-mode';
import type { Api } from 'grammy';
import type { Logger } from '../logger.js';
import type { LocaleOf } from './person-locale.js';
import type { Locale, Translate } from '../text/i18n.js';
import { sendFormatted } from './send.js';

/** Words for one person, in their language. */
export type RenderFor = (t: Translate, locale: Locale) => FormattedString;

/** Sends a message to a person's private chat; false when it could not be delivered. Never throws. */
export type TellPerson = (telegramId: number, render: RenderFor) => Promise<boolean>;

/**
 * The language is the one they chose with /language, else their Telegram
 * app's, else the default. Telegram refuses (403) a chat with someone who
 * never started the bot or blocked it: that is logged, not raised.
 */
export function createTellPerson(deps: {
  api: Api;
  /** The person's language (person-locale.ts). */
  localeOf: LocaleOf;
  translate: (locale: Locale) => Translate;
  logger: Logger;
}): TellPerson {
  return async (telegramId, render) => {
    const locale = deps.localeOf(telegramId);
    try {
      await sendFormatted(deps.api, telegramId, { text: render(deps.translate(locale), locale) });
      return true;
    } catch (error) {
      deps.logger.warn({ telegramId, err: error instanceof Error ? error.message : String(error) }, 'could not tell a person');
      return false;
    }
  };
}
