import type { ApiClientOptions } from 'grammy';
import type { TelegramPace } from './telegram-pace.js';

/** The fetch grammY calls the Bot API with (bot-api-fetch.ts): what it is handed, what it answers. */
type BotFetch = NonNullable<ApiClientOptions['fetch']>;

const payloadOf = (body: unknown): Record<string, unknown> | undefined => {
  if (typeof body !== 'string') return undefined; // a file upload, sent as form data: paced, without its chat
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The bot's own connection, paced as answers where requests really leave.
 * Paced as a transformer, a call inside an order conversation was paced
 * again each time the conversation replayed it on a later update, though
 * replayed calls never leave (their answers come from the conversation's
 * log): each took a turn of Telegram's limit, and in a busy moment waited
 * for one, holding that chat's next update (a press's acknowledgement
 * included) up to a second. Every Api grammY builds for the bot and its
 * conversations carries this fetch, so every request that leaves is paced
 * once, retries included, and nothing else is.
 */
export function pacedFetch(pace: TelegramPace, fetchFn: BotFetch): BotFetch {
  const paced = async (input: Parameters<BotFetch>[0], init?: Parameters<BotFetch>[1]) => {
    // grammY asks for `${apiRoot}/bot${token}/${method}`.
    const method = String(input instanceof Request ? input.url : input).split('/').pop() ?? '';
    const admitted = await pace.admitAnswer(method, payloadOf(init?.body), init?.signal ?? undefined);
    if (admitted === 'left out') return Response.json({ ok: true, result: true }) as unknown as Awaited<ReturnType<BotFetch>>;
    try {
      return await fetchFn(input, init);
    } finally {
      admitted?.();
    }
  };
  return paced as unknown as BotFetch;
}
