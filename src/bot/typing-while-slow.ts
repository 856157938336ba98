import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

/** Runs `wait` and shows the chat that the bot is at work if it takes longer than a moment. */
export type TypingWhileSlow = <T>(chatId: number, wait: () => Promise<T>) => Promise<T>;

/** Long enough that a quick answer shows no flicker, short enough that a tap is never met by silence. */
const SLOW_AFTER_MS = 400;
/** Telegram shows "typing" for 5 s or until the next message: renewed before it fades. */
const TYPING_RENEW_MS = 4_000;

/**
 * "typing…" in a chat while a step waits on the provider, from SLOW_AFTER_MS
 * on and renewed until the wait ends. It is sent through an Api of its own,
 * never the conversation's `ctx.api`: the conversation records every call
 * made through that one and expects the same calls on each replay, and a
 * timer cannot promise that. Nothing waits for the indicator and a failed
 * one is only logged: it is a courtesy, not a step.
 */
export function createTypingWhileSlow(deps: {
  sendTyping: (chatId: number) => Promise<unknown>;
  clock: Clock;
  logger: Logger;
  afterMs?: number;
  renewMs?: number;
}): TypingWhileSlow {
  const afterMs = deps.afterMs ?? SLOW_AFTER_MS;
  const renewMs = deps.renewMs ?? TYPING_RENEW_MS;

  async function showWhile(chatId: number, ended: AbortSignal): Promise<void> {
    try {
      for (let delay = afterMs; ; delay = renewMs) {
        await deps.clock.sleep(delay, ended);
        deps.sendTyping(chatId).catch((error: unknown) => {
          deps.logger.debug({ chatId, err: error instanceof Error ? error.name : String(error) }, 'typing indicator not shown');
        });
      }
    } catch {
      // The wait ended: the sleep was aborted.
    }
  }

  return async (chatId, wait) => {
    const ended = new AbortController();
    void showWhile(chatId, ended.signal);
    try {
      return await wait();
    } finally {
      // A plain reason: abort() with none builds a DOMException and its stack after every read.
      ended.abort('ended');
    }
  };
}
