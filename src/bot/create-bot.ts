import { conversations, createConversation } from '@grammyjs/conversations';
import { Bot, type Context } from 'grammy';
import type { BotContext } from './context.js';
import { createKeptOrders } from './conversations/order/kept-orders.js';
import { continueHandedOver } from './conversations/order/step-handover.js';
import { orderMenuIn } from './conversations/order/stored-menu.js';
import { createOrderConversation } from './conversations/order/order-conversation.js';
import { botApiFetch } from './bot-api-fetch.js';
import { rightToLeftLayout } from './right-to-left.js';
import { sandboxBadge } from './sandbox-badge.js';
import { telegramRetry } from './telegram-api.js';
import { conversationRetry } from './conversations/order/telegram-retry.js';
import { cancelFeature } from './features/cancel.js';
import { dropOrdersOfViewers, ORDER_CONVERSATION } from './features/order.js';
import { unhandledFeature } from './features/unhandled.js';
import { translatorFor, type Locale, type Translate } from '../text/i18n.js';
import { readerLanguage } from './middleware/reader-language.js';
import { forwardedNeverAct } from './middleware/forwarded-never-act.js';
import { pacedFetch } from './paced-fetch.js';
import { createStepUpGate } from './step-up-gate.js';
import { createTellPerson } from './tell-person.js';
import type { BotEssentials } from './bot-essentials.js';
import { conversationStateKey, useUpdatePrelude } from './update-prelude.js';
import { CONVERSATION_KEY_PREFIX } from './conversations/order/idle-sweeper.js';
import type { BotTools } from './wired-features.js';

/**
 * Bump when the order conversation changes shape: stored conversations of
 * an older shape are then dropped instead of being replayed wrongly.
 */
const CONVERSATION_VERSION = 5;

/**
 * The bot: what every update goes through (counted, one chat at a time,
 * staff only, the reader's language), the order conversation, then the
 * features in the order they were wired (src/app/bot-features.ts), and
 * whatever none of them took. Each feature's deps are built where it is
 * wired, not here: this file knows no feature's needs.
 */
export function createBot(deps: BotEssentials): Bot<BotContext> {
  // Answers are paced where they leave (paced-fetch.ts), so a retried answer is counted again, a call an order
  // conversation only replays is not, and answers never queue behind a fan-out.
  const client = { ...(deps.apiRoot ? { apiRoot: deps.apiRoot } : {}), fetch: deps.pace ? pacedFetch(deps.pace, botApiFetch) : botApiFetch };
  const bot = new Bot<BotContext>(deps.token, { client });
  bot.api.config.use(telegramRetry());
  if (deps.presentation.sandbox) bot.api.config.use(sandboxBadge(deps.localeOf));
  bot.api.config.use(rightToLeftLayout(deps.localeOf));
  // Last, so that a keyboard sent again without styles is paced and retried like any call.
  if (deps.buttonLooks) bot.api.config.use(deps.buttonLooks.transformer());

  const translate = (locale: Locale): Translate => translatorFor(locale);
  const tellPerson = createTellPerson({ api: bot.api, localeOf: deps.localeOf, translate, logger: deps.logger });
  const stepUpGate = deps.stepUp && createStepUpGate({ stepUp: deps.stepUp, describePerson: deps.describePerson, tellPerson, logger: deps.logger });

  // Counted, one chat at a time, views fresh, private chats only, people remembered, staff only.
  const storage = useUpdatePrelude(bot, deps, translate);
  bot.use(readerLanguage<BotContext>({ defaultLocale: deps.defaultLocale, localeOf: (ctx) => ctx.member?.locale, translate }));
  // Before the conversations and every command: a forwarded message is never taken as the forwarder's own.
  bot.use(forwardedNeverAct());
  const presentation = deps.presentation;
  bot.use((ctx, next) => {
    ctx.presentation = presentation;
    return next();
  });
  // Before the conversations: a code answering a step-up prompt is never taken as an answer to an order's question.
  if (stepUpGate) bot.use(stepUpGate.answers);
  for (const answers of deps.beforeConversations ?? []) bot.use(answers);
  // A right code for an order leaves a pass for its confirm key; the message goes on to the order conversation, which takes it.
  const orderStepUp = deps.orderStepUp;
  if (stepUpGate && orderStepUp) stepUpGate.onCode('order', (ctx, action) => orderStepUp.recordPass(ctx.member.telegramId, action.confirmKey), { passOn: true });

  bot.use(
    conversations<BotContext, Context>({
      storage: {
        type: 'key',
        version: CONVERSATION_VERSION,
        adapter: storage,
        prefix: CONVERSATION_KEY_PREFIX,
        getStorageKey: (ctx) => ctx.chat?.id.toString(),
      },
    }),
  );
  // Before the conversation: these must work while it waits.
  bot.use(dropOrdersOfViewers());
  // What /cancel, /order and Order again take the buttons off when they drop an order half-way.
  const orderMenuOf = async (chatId: number) => orderMenuIn(await storage.read(conversationStateKey(chatId)), ORDER_CONVERSATION);
  bot.use(cancelFeature({ orderMenuOf }));
  bot.use(continueHandedOver(ORDER_CONVERSATION));
  bot.use(
    createConversation(createOrderConversation(deps.orderConversation), {
      id: ORDER_CONVERSATION,
      // Transformers on bot.api do not reach ctx.api inside a conversation (its client's fetch, and so the pace, does). Three waits
      // of up to 10 s hold one chat's queue for at most 30 s; beyond that the step is
      // shown again on the staff member's next update.
      plugins: (conversation) => [
        async (ctx, next) => {
          ctx.api.config.use(
            conversationRetry({ stampedNow: () => conversation.now(), clock: deps.clock, maxRetries: 3, maxDelaySeconds: 10 }),
          );
          if (deps.presentation.sandbox) ctx.api.config.use(sandboxBadge(deps.localeOf));
          ctx.api.config.use(rightToLeftLayout(deps.localeOf));
          if (deps.buttonLooks) ctx.api.config.use(deps.buttonLooks.transformer());
          await next();
        },
      ],
    }),
  );

  const tools: BotTools = {
    api: bot.api,
    tellPerson,
    orderMenuOf,
    keptOrderChats: createKeptOrders({ sessions: deps.sessions, version: CONVERSATION_VERSION, idleMs: deps.orderIdleMs, clock: deps.clock }).chatIds,
    ...(stepUpGate ? { stepUpGate } : {}),
  };
  for (const feature of deps.features(tools)) bot.use(feature.middleware);
  // Last: whatever no feature took gets a short, useful answer.
  bot.use(unhandledFeature());

  bot.catch((error) => {
    deps.onHandlerError?.();
    const cause = error.error;
    deps.logger.error(
      { updateId: error.ctx.update.update_id, err: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause) },
      'a handler failed',
    );
  });
  return bot;
}
