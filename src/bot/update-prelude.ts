import type { ConversationData, VersionedState } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import type { Bot, Context } from 'grammy';
import type { SessionReadAhead, SessionStore } from '../db/session-store.js';
import type { Translate, Locale } from '../text/i18n.js';
import type { BotEssentials } from './bot-essentials.js';
import type { BotContext } from './context.js';
import { CONVERSATION_KEY_PREFIX } from './conversations/order/idle-sweeper.js';
import { accessControl } from './middleware/access-control.js';
import { groupGate } from './middleware/group-gate.js';
import { rememberPeople } from './middleware/remember-people.js';
import { takeReadAhead } from './read-ahead.js';
import { createSessionPrefetch } from './session-prefetch.js';
import { STRANGERS_REPLY } from './strangers-setting.js';
import { APPROVE_DATA, REJECT_DATA } from '../orders/approval-texts.js';
import { CONFIRM_CHANGE_DATA, REFUSE_CHANGE_DATA } from '../safeguards/dual-control/dual-control-announcer.js';
import { BATCH_APPROVE_DATA, BATCH_REFUSE_DATA } from '../batches/batch-views.js';

/** The key the chat's conversation state is kept under. */
export const conversationStateKey = (chatId: number | string): string => `${CONVERSATION_KEY_PREFIX}${chatId}`;

/** The presses that act in the administrators' group: the buttons of the cards that go there, and nothing else. */
const GROUP_PRESSES = [APPROVE_DATA, REJECT_DATA, CONFIRM_CHANGE_DATA, REFUSE_CHANGE_DATA, BATCH_APPROVE_DATA, BATCH_REFUSE_DATA] as const;

/**
 * What every update goes through before any feature: counted once handled,
 * one chat at a time (chats in parallel), the chat's conversation state
 * read ahead while the staff, people and settings views are brought up to
 * date, private chats (and the administrators' group) only, the sender remembered, and staff only past
 * this point. Returns the session storage the conversations keep their
 * state in, the one read ahead here.
 */
export function useUpdatePrelude(bot: Bot<BotContext>, deps: Pick<BotEssentials, 'onUpdateHandled' | 'adminGroup' | 'localeOf' | 'freshViews' | 'sessions' | 'people' | 'staff' | 'strangers' | 'strangerSettings' | 'defaultLocale' | 'clock' | 'logger'>, translate: (locale: Locale) => Translate) {
  const counted = deps.onUpdateHandled;
  if (counted) bot.use((_ctx, next) => next().finally(counted));
  // Updates of one chat in order, chats in parallel (with the runner, and with the webhook intake).
  bot.use(sequentialize((ctx: Context) => ctx.chat?.id.toString()));
  const freshViews = deps.freshViews;
  // Values are whatever this bot wrote under its keys: the conversations plugin's versioned state.
  const sessions = createSessionPrefetch(deps.sessions as SessionStore<VersionedState<ConversationData>>, { withCounts: freshViews !== undefined });
  const storage = sessions.store;
  // After the chat's turn has come and before anything reads who is staff, a rule, a setting or a language;
  // the chat's conversation state is read meanwhile rather than after (with the change counters, where the store can).
  bot.use(async (ctx, next) => {
    const key = ctx.chat ? conversationStateKey(ctx.chat.id) : undefined;
    // Read by the statement that claimed the update, where it could (the update queue's ArrivalRead is sessionReadAhead).
    const readAhead = key === undefined ? undefined : (takeReadAhead(ctx.update, key)?.value as SessionReadAhead<VersionedState<ConversationData>> | undefined);
    const started = key === undefined ? undefined : sessions.start(key, readAhead);
    try {
      if (freshViews) await freshViews(started?.counts ? await started.counts : undefined);
      await next();
    } finally {
      started?.forget();
    }
  });
  const binding = deps.adminGroup;
  bot.use(
    groupGate(
      binding && { binding, groupPresses: GROUP_PRESSES, staff: deps.staff.current, localeOf: deps.localeOf, defaultLocale: deps.defaultLocale, translate, logger: deps.logger },
      deps.logger,
    ),
  );
  bot.use(rememberPeople({ people: deps.people, logger: deps.logger }));
  const strangerSettings = deps.strangerSettings;
  bot.use(
    accessControl({
      staff: deps.staff.current,
      strangers: deps.strangers,
      ...(strangerSettings ? { replyToStrangers: () => strangerSettings.read(STRANGERS_REPLY) } : {}),
      defaultLocale: deps.defaultLocale,
      translate,
      clock: deps.clock,
      logger: deps.logger,
    }),
  );
  return storage;
}
