import { autoRetry } from '@grammyjs/auto-retry';
import { Api } from 'grammy';
import type { Locale } from '../text/i18n.js';
import { botApiFetch } from './bot-api-fetch.js';
import { rightToLeftLayout } from './right-to-left.js';
import type { ButtonLooks } from './keyboard-style.js';
import { sandboxBadge } from './sandbox-badge.js';
import type { TelegramPace } from './telegram-pace.js';

/**
 * Telegram answers 429 with retry_after; wait for it, but never forever.
 * Network errors are rethrown at once: auto-retry would retry them
 * without any limit (maxRetryAttempts does not count them), hanging a chat's
 * queue or the start-up while Telegram is unreachable. The runner retries
 * getUpdates on its own.
 */
export const telegramRetry = () => autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30, rethrowHttpErrors: true });

/**
 * A connection to the Bot API for messages sent outside a chat's own update.
 * With `retry`, a 429 is waited out (alerts, reports); without it, the caller
 * reschedules itself (the notification sender). With `pace`, messages wait
 * their turn under Telegram's limits as a fan-out, before any retry sees
 * them (a retried call waits its turn again); `first` puts them ahead of
 * the other fan-outs. In sandbox mode every text
 * carries the SANDBOX badge; Persian texts are laid out right to left.
 * With `buttons`, keyboards lose their styles and disabled buttons where the
 * Bot API server refuses them (keyboard-style.ts).
 */
export function createTelegramApi(
  settings: { botToken: string; telegramApiRoot: string | undefined; sandboxMode: boolean },
  options: { retry: boolean; localeOf: (chatId: number) => Locale; pace?: TelegramPace; first?: boolean; buttons?: ButtonLooks },
): Api {
  const api = new Api(settings.botToken, { ...(settings.telegramApiRoot ? { apiRoot: settings.telegramApiRoot } : {}), fetch: botApiFetch });
  // Installed first, so innermost: auto-retry's second try is paced as well.
  if (options.pace) api.config.use(options.pace.fanOut({ first: options.first ?? false }));
  if (options.retry) api.config.use(telegramRetry());
  if (settings.sandboxMode) api.config.use(sandboxBadge(options.localeOf));
  api.config.use(rightToLeftLayout(options.localeOf));
  if (options.buttons) api.config.use(options.buttons.transformer());
  return api;
}
