import { tooManyRequests, type BotApiError } from './api-error.js';

/**
 * Telegram's flood control, as strict as the numbers given: a message to a
 * chat sooner than `chatSpacingMs` after the previous one, or more than
 * `globalMax` in any `globalWindowMs`, is answered 429. Off unless asked for.
 */
export interface FakeRateLimits {
  chatSpacingMs: number;
  globalMax: number;
  globalWindowMs: number;
}

// What puts something in a chat or changes it; reads, callback answers and typing are not counted.
const COUNTED = /^(send(?!chataction)|edit|copy|forward|deletemessage|setmycommands|deletemycommands)/i;

export function createRateLimits(limits: FakeRateLimits) {
  const recent: number[] = [];
  const lastInChat = new Map<string, number>();
  return {
    /** Counts a call that arrived at `now`; a refused one is not counted, as Telegram does not deliver it. */
    check(method: string, payload: Record<string, unknown>, now: number): BotApiError | undefined {
      if (!COUNTED.test(method)) return undefined;
      while (recent.length > 0 && recent[0]! <= now - limits.globalWindowMs) recent.shift();
      const scope = payload['scope'] as { chat_id?: unknown } | undefined;
      const chatId = payload['chat_id'] ?? scope?.chat_id;
      const chat = chatId === undefined ? null : String(chatId);
      const last = chat === null ? undefined : lastInChat.get(chat);
      if (recent.length >= limits.globalMax) return tooManyRequests(Math.ceil((recent[0]! + limits.globalWindowMs - now) / 1000));
      if (last !== undefined && now - last < limits.chatSpacingMs) return tooManyRequests(Math.ceil((last + limits.chatSpacingMs - now) / 1000));
      recent.push(now);
      if (chat !== null) lastInChat.set(chat, now);
      return undefined;
    },
  };
}

/** Telegram's limit in a group: about 20 messages a minute; sending is counted as in `createRateLimits`. */
export interface FakeGroupLimit {
  max: number;
  windowMs: number;
}

export const TELEGRAM_GROUP_LIMIT: FakeGroupLimit = { max: 20, windowMs: 60_000 };

/** Per group, always on (unlike the private-chat limits): the 21st message within a minute is answered 429 with the wait until a slot frees. */
export function createGroupLimit(limit: FakeGroupLimit) {
  const sent = new Map<string, number[]>();
  return {
    check(method: string, chatId: unknown, now: number): BotApiError | undefined {
      if (!COUNTED.test(method) || /^(deletemessage|setmycommands|deletemycommands)$/i.test(method)) return undefined;
      const key = String(chatId);
      const recent = (sent.get(key) ?? []).filter((at) => at > now - limit.windowMs);
      sent.set(key, recent);
      if (recent.length >= limit.max) return tooManyRequests(Math.max(1, Math.ceil((recent[0]! + limit.windowMs - now) / 1000)));
      recent.push(now);
      return undefined;
    },
  };
}
