import type { Transformer } from 'grammy';
import type { Clock } from '../../../clock.js';

interface ConversationRetryOptions {
  /**
   * A timestamp that every replay of the conversation gets back unchanged
   * (`conversation.now()`): taken when a 429 arrives, it tells a replay
   * that the wait already happened.
   */
  stampedNow: () => Promise<number>;
  clock: Clock;
  maxRetries: number;
  /** A retry_after above this is not waited for: the step is shown again on the next update instead. */
  maxDelaySeconds: number;
}

/**
 * Waits out Telegram's 429 inside a conversation. Installed through the
 * conversation's plugins, it sits outside the conversation's own recording
 * of API calls, so on a replay it sees every recorded 429 again; auto-retry
 * would then wait again on every later update. Here the wait ends at the
 * recorded time plus retry_after, which a replay has long passed.
 */
export function conversationRetry(options: ConversationRetryOptions): Transformer {
  return async (prev, method, payload, signal) => {
    let result = await prev(method, payload, signal);
    for (let attempt = 0; attempt < options.maxRetries; attempt++) {
      const retryAfter = result.ok ? undefined : result.parameters?.retry_after;
      if (retryAfter === undefined || retryAfter > options.maxDelaySeconds) return result;
      const answeredAt = await options.stampedNow();
      const wait = answeredAt + retryAfter * 1_000 - options.clock.now();
      // grammY types the signal with an older AbortSignal declaration; it is the platform one at run time.
      if (wait > 0) await options.clock.sleep(wait, signal as AbortSignal | undefined);
      result = await prev(method, payload, signal);
    }
    return result;
  };
}
