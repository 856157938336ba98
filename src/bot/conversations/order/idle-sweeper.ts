import type { Clock } from '../../../clock.js';
import { takeIdleSessions } from '../../../db/idle-sessions.js';
import type { Db } from '../../../db/open.js';
import type { Logger } from '../../../logger.js';
import type { Locale } from '../../i18n.js';

/** Conversation state is stored under this prefix followed by the chat id. */
export const CONVERSATION_KEY_PREFIX = 'conversation:';

/**
 * An order left half-way for the idle time is dropped and the staff member
 * told so, at the deadline rather than whenever they next write. The
 * conversation's own wait timeout covers the gap between two sweeps.
 */
export function createIdleOrderSweeper(deps: {
  db: Db;
  idleMs: number;
  clock: Clock;
  notify: (chatId: number, locale: Locale) => Promise<void>;
  localeOf: (chatId: number) => Locale;
  logger: Logger;
}) {
  return async (): Promise<void> => {
    const taken = takeIdleSessions(deps.db, CONVERSATION_KEY_PREFIX, deps.clock.now() - deps.idleMs);
    for (const session of taken) {
      if (!hasActiveConversation(session.value)) continue;
      const chatId = Number(session.key.slice(CONVERSATION_KEY_PREFIX.length));
      if (!Number.isSafeInteger(chatId)) continue;
      deps.logger.info({ chatId }, 'an idle order conversation expired');
      try {
        await deps.notify(chatId, deps.localeOf(chatId));
      } catch (error) {
        deps.logger.warn({ chatId, err: String(error) }, 'could not tell about an expired order conversation');
      }
    }
  };
}

function hasActiveConversation(json: string): boolean {
  try {
    const stored = JSON.parse(json) as { state?: Record<string, unknown[]> };
    return Object.values(stored.state ?? {}).some((list) => Array.isArray(list) && list.length > 0);
  } catch {
    return false;
  }
}
