import type { Clock } from '../../../clock.js';
import type { SessionStore } from '../../../db/session-store.js';
import { chatIdOf, CONVERSATION_KEY_PREFIX, hasActiveConversation } from './idle-sweeper.js';

/**
 * The private chats with an order left half-way that can still be taken
 * up: stored in the shape the running code replays (an older shape is
 * dropped at the next update) and younger than the idle time (an older
 * one is dropped by the sweeper, or by its own wait, at the next update).
 * Telling anyone else to "go on" would send them to an order that is gone.
 */
export function createKeptOrders(deps: {
  sessions: Pick<SessionStore<unknown>, 'readPrefix'>;
  version: number;
  idleMs: number;
  clock: Clock;
}): { chatIds(): Promise<number[]> } {
  return {
    async chatIds() {
      const oldest = deps.clock.now() - deps.idleMs;
      return (await deps.sessions.readPrefix(CONVERSATION_KEY_PREFIX))
        .filter((session) => session.updatedAt >= oldest && storedVersion(session.value) === deps.version && hasActiveConversation(session.value))
        .map((session) => chatIdOf(session.key))
        // A private chat's id is its person's id, and positive; groups never hold an order.
        .filter((chatId) => Number.isSafeInteger(chatId) && chatId > 0);
    },
  };
}

/** The conversations plugin stores `{ version: [pluginVersion, ourVersion], state }`. */
function storedVersion(json: string): number | null {
  try {
    const stored = JSON.parse(json) as { version?: unknown };
    return Array.isArray(stored.version) && typeof stored.version[1] === 'number' ? stored.version[1] : null;
  } catch {
    return null;
  }
}
