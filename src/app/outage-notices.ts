import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { createTelegramApi } from '../bot/telegram-api.js';
import type { Logger } from '../logger.js';
import { translatorFor, type Locale } from '../text/i18n.js';
import { readerViewOf, showDateTimeWithZone } from '../text/presentation.js';
import { deploymentPresentation } from './deployment-presentation.js';
import type { OutageContacts } from './create-app.js';

/**
 * What is said while the database is away, with no database to read: to
 * staff who write (that nothing was ordered), and to administrators (that
 * it is away, and that it is back). Everyone is known from the staff list
 * as the instance last read it (OutageContacts); a stranger gets nothing,
 * as always.
 */
export interface OutageNotices {
  /** Answers the person behind an update posted meanwhile: a press at once, a chat's first message once per outage. */
  answer(update: Update): void;
  /** Told to administrators once the outage lasts long enough. */
  alert(): Promise<void>;
  /** Told to administrators when it ends, only where the alert was told. */
  back(): Promise<void>;
}

export function createOutageNotices(deps: {
  config: Pick<Config, 'botToken' | 'telegramApiRoot' | 'sandboxMode' | 'amountUnit' | 'timeZone' | 'monthCalendar' | 'defaultLocale'>;
  contacts: OutageContacts;
  lostAt: number;
  clock: Clock;
  logger: Logger;
}): OutageNotices {
  const { config, contacts, clock, logger } = deps;
  const people = new Map(contacts.people.map((person) => [person.telegramId, person]));
  const localeOf = (chatId: number): Locale => people.get(chatId)?.locale ?? config.defaultLocale;
  const api = createTelegramApi(config, { retry: false, localeOf });
  const presentation = deploymentPresentation(config);
  const answered = new Set<number>();
  let alerted = false;
  const failed = (what: string) => (error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, `could not send ${what} while the database is away`);
  const minutes = () => Math.max(1, Math.round((clock.now() - deps.lostAt) / 60_000));
  const toAdministrators = async (key: string, variables: (locale: Locale) => Record<string, string | number>) => {
    for (const person of contacts.people) {
      if (person.role !== 'admin') continue;
      await api.sendMessage(person.telegramId, translatorFor(person.locale)(key, variables(person.locale))).catch(failed('an alert'));
    }
  };

  return {
    answer(update) {
      const press = update.callback_query;
      const from = press?.from ?? update.message?.from;
      const chat = press?.message?.chat ?? update.message?.chat;
      if (!from || !people.has(from.id) || (chat && chat.type !== 'private')) return;
      const text = translatorFor(localeOf(from.id))('outage-unavailable');
      if (press) {
        void api.answerCallbackQuery(press.id, { text, show_alert: true }).catch(failed('an answer'));
        return;
      }
      if (answered.has(from.id)) return;
      answered.add(from.id);
      void api.sendMessage(from.id, text).catch(failed('an answer'));
    },
    async alert() {
      alerted = true;
      logger.warn({ minutes: minutes() }, 'telling administrators that the database is away');
      await toAdministrators('outage-alert', (locale) => ({
        since: showDateTimeWithZone(readerViewOf(presentation, locale, translatorFor(locale)), deps.lostAt),
        minutes: minutes(),
      }));
    },
    async back() {
      if (!alerted) return;
      await toAdministrators('outage-back', () => ({ minutes: minutes() }));
    },
  };
}
