import { Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { createBotApiFetch } from './bot-api-fetch.js';
import { connectToTelegram } from './connect-telegram.js';
import { telegramRetry } from './telegram-api.js';
import { removeWebhook, type WebhookRemoval } from './update-source.js';

/**
 * What a start asks Telegram before anything else of it (the database, the
 * services, the bot): who the bot is (connectToTelegram) and, for a single
 * instance that polls, the removal of a webhook. Each is a whole round trip
 * to Telegram's servers, which now travels while the database and the
 * services open. Asked on a client of its own, as the bot's would ask:
 * grammY's retries on 429, giftdesk's HTTP client. A start that fails before
 * it awaits them leaves them unobserved, which never surfaces as an
 * unhandled rejection (the removal never rejects).
 */
export function askTelegramEarly(deps: {
  token: string;
  apiRoot: string | undefined;
  /** Remove a webhook too: only a single instance that polls may (create-app.ts says why). */
  removeWebhook: boolean;
  clock: Clock;
  logger: Logger;
}): { identity: Promise<UserFromGetMe>; webhookRemoval: WebhookRemoval | undefined } {
  const api = new Api(deps.token, { ...(deps.apiRoot ? { apiRoot: deps.apiRoot } : {}), fetch: createBotApiFetch() });
  api.config.use(telegramRetry());
  const webhookRemoval = deps.removeWebhook ? removeWebhook(api) : undefined;
  const identity = connectToTelegram({ api, apiRoot: deps.apiRoot, clock: deps.clock, logger: deps.logger });
  identity.catch(() => undefined);
  return { identity, webhookRemoval };
}
