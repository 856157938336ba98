import type { Api } from 'grammy';
import { createClearButtons, createReplaceText, createSendPort } from '../bot/send-port.js';
import { createTelegramApi } from '../bot/telegram-api.js';
import type { ButtonLooks } from '../bot/keyboard-style.js';
import { createTelegramPace, type TelegramPace } from '../bot/telegram-pace.js';
import { systemClock } from '../clock.js';
import type { Config } from '../config.js';
import type { Locale } from '../text/i18n.js';

/**
 * Every message outside a chat's own update goes through one of two
 * connections, both held to one pace of the process (Telegram counts the
 * bot, in real seconds, whatever clock the application runs on):
 * - the text connection (alerts, feed, digest, menus), which waits out a 429;
 * - the outbox connection (deliveries, approval and confirmation cards),
 *   without auto-retry: the sender reschedules a 429 itself instead of
 *   holding a whole run for up to retry_after seconds. What it carries is
 *   news someone is waiting for, so it goes ahead of the other fan-outs;
 *   like them it keeps to a chat's second, and the sender works on several
 *   chats at once, so one person's many deliveries hold nobody else's.
 */
export function createTelegramConnections(
  config: Config,
  localeOf: (chatId: number) => Locale,
  pace: TelegramPace = createTelegramPace({ clock: systemClock }),
  buttons?: ButtonLooks,
) {
  const textApi: Api = createTelegramApi(config, { retry: true, localeOf, pace, ...(buttons ? { buttons } : {}) });
  const outboxApi: Api = createTelegramApi(config, { retry: false, localeOf, pace, first: true, ...(buttons ? { buttons } : {}) });
  return {
    pace,
    textApi,
    sendText: async (chatId: number, text: string, options?: { threadId?: number }): Promise<void> =>
      void (await textApi.sendMessage(chatId, text, options?.threadId === undefined ? {} : { message_thread_id: options.threadId })),
    send: createSendPort(outboxApi),
    clearButtons: createClearButtons(outboxApi),
    replaceText: createReplaceText(outboxApi),
    /** "typing…" without auto-retry: held up behind a 429 it would show nothing useful. */
    sendTyping: (chatId: number) => outboxApi.sendChatAction(chatId, 'typing'),
  };
}
