import { GrammyError, HttpError, type Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/**
 * Asks Telegram who the bot is. A refused token is final and thrown; an
 * unreachable or failing Bot API is waited for (the network may come up
 * after the service), with a warning on every attempt so that the operator
 * sees why nothing happens. grammY's own `bot.init()` would wait silently.
 */
export async function connectToTelegram(deps: {
  api: Pick<Api, 'getMe'>;
  apiRoot: string | undefined;
  clock: Clock;
  logger: Logger;
}): Promise<UserFromGetMe> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.api.getMe();
    } catch (error) {
      if (!isTransient(error)) throw error;
      const retryInMs = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));
      deps.logger.warn({ reason: describeTelegramFailure(error, deps.apiRoot), attempt, retryInMs }, 'cannot reach Telegram yet; retrying');
      await deps.clock.sleep(retryInMs);
    }
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof HttpError || (error instanceof GrammyError && error.error_code >= 500);
}

/**
 * Why Telegram could not be used (at start-up, or when polling gave up), in
 * words an operator can act on. Nothing
 * of the token is repeated, and a network failure's own message is left out:
 * it quotes the request URL, and the token is part of that URL.
 */
export function describeTelegramFailure(error: unknown, apiRoot: string | undefined): string {
  if (error instanceof GrammyError) {
    if (error.error_code === 401) {
      return 'Telegram refused the bot token (401 Unauthorized). Check BOT_TOKEN: copy it again from @BotFather.';
    }
    if (error.error_code === 409 && /webhook/i.test(error.description)) {
      return 'A webhook is set for this bot, so Telegram refuses long polling (409 Conflict). Another giftdesk in webhook mode (BOT_MODE=webhook) or another program set it; giftdesk in polling mode removes it at start, so stop the other one and start again.';
    }
    if (error.error_code === 409) {
      return 'Another program is receiving this bot’s updates with the same token (409 Conflict). Run only one giftdesk per bot token.';
    }
    if (error.error_code === 404 && error.method === 'getMe') {
      return `Telegram did not recognise the bot token (404 Not Found). Check BOT_TOKEN${apiRoot ? ' and TELEGRAM_API_ROOT' : ''}.`;
    }
    return `Telegram answered ${error.error_code} to ${error.method}: ${error.description}`;
  }
  if (error instanceof HttpError) {
    const code = systemCode(error.error);
    const where = apiRoot ?? 'https://api.telegram.org';
    return `Could not reach the Telegram Bot API at ${where}${code ? ` (${code})` : ''}. Check the network${apiRoot ? ' and TELEGRAM_API_ROOT' : ''}.`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** A system error code such as ECONNREFUSED along the cause chain; codes never hold secrets. */
function systemCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
