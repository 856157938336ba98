import { createRequire } from 'node:module';
import type { TelegramPace } from './telegram-pace.js';

/** What grammY fetches with in Node when given no fetch of its own: its own dependency, node-fetch. */
const grammyFetch = createRequire(createRequire(import.meta.url).resolve('grammy'))('node-fetch') as typeof fetch;

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
export function pacedFetch(pace: TelegramPace, fetchFn: typeof fetch = grammyFetch): typeof fetch {
  return async (input, init) => {
    // grammY asks for `${apiRoot}/bot${token}/${method}`.
    const method = String(input instanceof Request ? input.url : input).split('/').pop() ?? '';
    const admitted = await pace.admitAnswer(method, payloadOf(init?.body), init?.signal ?? undefined);
    if (admitted === 'left out') return Response.json({ ok: true, result: true });
    try {
      return await fetchFn(input, init);
    } finally {
      admitted?.();
    }
  };
}
