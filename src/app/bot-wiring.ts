import type { Bot } from 'grammy';
import type { BotContext } from '../bot/context.js';
import { createBot } from '../bot/create-bot.js';
import type { CatalogSync } from '../catalog/catalog-sync.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { wireBotFeatures } from './bot-features.js';
import type { Services } from './services.js';

/**
 * The bot on the services, as production runs it and as the in-process
 * tests build it: what the bot itself is built from here, and each
 * feature's deps beside its name in bot-features.ts.
 */
export function createAppBot(deps: { config: Config; services: Services; catalogSync: CatalogSync; clock: Clock; logger: Logger }): Bot<BotContext> {
  const { config, services, clock } = deps;
  const botLogger = deps.logger.child({ component: 'bot' });
  const { orderConversation, features, beforeConversations } = wireBotFeatures({ ...deps, botLogger });
  const { metrics } = services;
  return createBot({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    pace: services.pace,
    buttonLooks: services.buttonLooks,
    staff: services.staff,
    adminGroup: services.adminGroup,
    freshViews: (counts) => services.viewFreshness.check(counts),
    people: services.people,
    strangers: services.stores.strangerReplies,
    strangerSettings: services.settings,
    sessions: services.stores.sessions,
    defaultLocale: config.defaultLocale,
    presentation: services.presentation,
    localeOf: services.localeOf,
    describePerson: services.describePerson,
    // Always given: the order conversation and the features wired in bot-features.ts count on the gate it makes.
    stepUp: services.stepUp,
    orderStepUp: services.orderStepUp,
    orderIdleMs: config.orderIdleMinutes * 60_000,
    orderConversation,
    features,
    beforeConversations,
    onUpdateHandled: () => metrics.updateHandled(),
    onHandlerError: () => metrics.handlerFailed(),
    clock,
    logger: botLogger,
  });
}
