import type { Update } from 'grammy/types';
import type { Clock } from '../../../src/clock.js';
import { getUpdatesConflict, type BotApiError } from './api-error.js';
import type { RawUpdate } from './types.js';

// Telegram's default when allowed_updates is empty or was never set.
const OPT_IN_TYPES = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

export interface PollRequest {
  offset: number;
  limit: number;
  timeoutSeconds: number;
  allowedUpdates?: string[];
}

export interface UpdateQueue {
  push(update: RawUpdate): Update;
  /**
   * Answers a getUpdates call. Holds it while nothing is pending, until an update arrives,
   * the timeout passes, the client goes away or the queue is closed. A newer call ends a
   * held one with 409, as Telegram does.
   */
  poll(request: PollRequest, clientGone: AbortSignal): Promise<Update[]>;
  pending(): Update[];
  dropPending(): void;
  /** Confirms one update (a webhook delivery the bot answered with 2xx). */
  remove(updateId: number): void;
  /** Sets the update types kept, as setWebhook's allowed_updates does. */
  allow(types: string[]): void;
  /** Told whenever an update is queued. */
  onPush(listener: () => void): void;
  close(): void;
}

interface Held {
  limit: number;
  finish(result: Update[] | BotApiError): void;
}

export function createUpdateQueue(clock: Clock): UpdateQueue {
  let queue: Update[] = [];
  let nextUpdateId = 1;
  let allowed: Set<string> | undefined;
  let held: Held | undefined;
  let closed = false;
  const listeners: (() => void)[] = [];

  const typeOf = (update: Update): string => Object.keys(update).find((key) => key !== 'update_id') ?? '';
  const isAllowed = (update: Update): boolean =>
    allowed === undefined || allowed.size === 0 ? !OPT_IN_TYPES.has(typeOf(update)) : allowed.has(typeOf(update));

  const take = (limit: number): Update[] => {
    // Telegram never stores updates of types the bot did not ask for.
    queue = queue.filter(isAllowed);
    return queue.slice(0, limit);
  };

  const confirm = (offset: number): void => {
    if (offset > 0) queue = queue.filter((update) => update.update_id >= offset);
    else if (offset < 0) queue = queue.slice(offset);
  };

  return {
    push(raw) {
      const update = { ...raw, update_id: raw.update_id ?? nextUpdateId } as Update;
      nextUpdateId = Math.max(nextUpdateId, update.update_id + 1);
      queue.push(update);
      if (held !== undefined && isAllowed(update)) held.finish(take(held.limit));
      for (const listener of listeners) listener();
      return update;
    },

    poll(request, clientGone) {
      held?.finish(getUpdatesConflict());
      confirm(request.offset);
      if (request.allowedUpdates !== undefined) allowed = new Set(request.allowedUpdates);
      const ready = take(request.limit);
      if (ready.length > 0 || request.timeoutSeconds <= 0 || closed || clientGone.aborted) {
        return Promise.resolve(ready);
      }

      return new Promise<Update[]>((resolve, reject) => {
        const timer = new AbortController();
        const entry: Held = {
          limit: request.limit,
          finish(result) {
            if (held === entry) held = undefined;
            timer.abort();
            clientGone.removeEventListener('abort', onGone);
            if (Array.isArray(result)) resolve(result);
            else reject(result);
          },
        };
        const onGone = () => entry.finish([]);
        held = entry;
        clientGone.addEventListener('abort', onGone, { once: true });
        clock.sleep(request.timeoutSeconds * 1000, timer.signal).then(
          () => entry.finish([]),
          () => undefined,
        );
      });
    },

    pending: () => queue.filter(isAllowed),
    dropPending() {
      queue = [];
    },
    remove(updateId) {
      queue = queue.filter((update) => update.update_id !== updateId);
    },
    allow(types) {
      allowed = new Set(types);
    },
    onPush(listener) {
      listeners.push(listener);
    },
    close() {
      closed = true;
      held?.finish([]);
    },
  };
}
