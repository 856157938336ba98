import type { ConversationData, VersionedState } from '@grammyjs/conversations';
import type { Clock } from '../../../clock.js';
import type { SessionStore } from '../../../db/session-store.js';
import type { Logger } from '../../../logger.js';
import type { Locale } from '../../../text/i18n.js';
import { orderMenuIn } from './stored-menu.js';

/** Conversation state is stored under this prefix followed by the chat id. */
export const CONVERSATION_KEY_PREFIX = 'conversation:';

/** How often a notice that could not be sent is tried again, on later sweeps, before giving up. */
export const EXPIRY_NOTICE_ATTEMPTS = 5;

/**
 * An order left half-way for the idle time is dropped and the staff member
 * told so, at the deadline rather than whenever they next write. The
 * conversation's own wait timeout covers the gap between two sweeps. The
 * session is gone once taken, so a notice Telegram did not take (busy, the
 * network) is kept here and tried again on the next sweeps: nobody is left
 * wondering where their order went.
 */
export function createIdleOrderSweeper(deps: {
  sessions: Pick<SessionStore<unknown>, 'takeIdle'>;
  idleMs: number;
  clock: Clock;
  notify: (chatId: number, locale: Locale) => Promise<void>;
  /** The order conversation's id, whose stored arguments name the menu on screen. */
  conversationId: string;
  /** Takes the buttons off the expired order's menu; best effort, never throws. */
  clearMenu: (chatId: number, menuId: number) => Promise<void>;
  localeOf: (chatId: number) => Locale;
  logger: Logger;
}) {
  /** Chats whose notice is still owed, with the attempts made so far. */
  const owed = new Map<number, number>();

  async function tell(chatId: number): Promise<void> {
    const attempts = (owed.get(chatId) ?? 0) + 1;
    try {
      await deps.notify(chatId, deps.localeOf(chatId));
      owed.delete(chatId);
    } catch (error) {
      if (attempts >= EXPIRY_NOTICE_ATTEMPTS) {
        owed.delete(chatId);
        deps.logger.warn({ chatId, attempts, err: String(error) }, 'gave up telling about an expired order conversation');
        return;
      }
      owed.set(chatId, attempts);
      deps.logger.warn({ chatId, attempts, err: String(error) }, 'could not tell about an expired order conversation; trying again on the next sweep');
    }
  }

  return async (): Promise<void> => {
    // Notices owed from earlier sweeps first: they are the oldest news.
    for (const chatId of [...owed.keys()]) await tell(chatId);
    // A session is saved after each update, so one whose Confirm is being placed right now
    // still carries the time the summary was shown: never expire a chat with an order in hand.
    const taken = await deps.sessions.takeIdle(CONVERSATION_KEY_PREFIX, deps.clock.now() - deps.idleMs, { chatIdOf });
    for (const session of taken) {
      if (!hasActiveConversation(session.value)) continue;
      const chatId = chatIdOf(session.key);
      if (!Number.isSafeInteger(chatId)) continue;
      deps.logger.info({ chatId }, 'an idle order conversation expired');
      const menu = orderMenuIn(parsed(session.value), deps.conversationId);
      if (menu !== null) await deps.clearMenu(chatId, menu);
      owed.delete(chatId);
      await tell(chatId);
    }
  };
}

export function chatIdOf(key: string): number {
  return Number(key.slice(CONVERSATION_KEY_PREFIX.length));
}

function parsed(json: string): VersionedState<ConversationData> | undefined {
  try {
    return JSON.parse(json) as VersionedState<ConversationData>;
  } catch {
    return undefined;
  }
}

export function hasActiveConversation(json: string): boolean {
  try {
    const stored = JSON.parse(json) as { state?: Record<string, unknown[]> };
    return Object.values(stored.state ?? {}).some((list) => Array.isArray(list) && list.length > 0);
  } catch {
    return false;
  }
}
