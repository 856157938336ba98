import { renderSpendChart } from '../chart/spend-chart.js';
import { readStatement } from '../ledger/statement-reader.js';
import { withReadPace } from '../safeguards/velocity/read-pace.js';
import type { Bot } from 'grammy';
import type { BotContext } from '../bot/context.js';
import { createBot } from '../bot/create-bot.js';
import type { CatalogSync } from '../catalog/catalog-sync.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Services } from './services.js';
import { batchCatalogOf, batchViewFor, createBatchNoticesOf, createBatchServiceOf } from './batch-wiring.js';

/**
 * The bot on the services, as production runs it and as the in-process
 * tests build it: one place decides what each feature is given.
 */
export function createAppBot(deps: { config: Config; services: Services; catalogSync: CatalogSync; clock: Clock; logger: Logger }): Bot<BotContext> {
  const { config, services, catalogSync, clock, logger } = deps;
  const { staff, provider, metrics, orderingPause } = services;
  return createBot({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    pace: services.pace,
    staff,
    freshViews: (counts) => services.viewFreshness.check(counts),
    people: services.people,
    strangers: services.stores.strangerReplies,
    strangerSettings: services.settings,
    sessions: services.stores.sessions,
    reports: services.stores.reports,
    auditPages: services.stores.auditPages,
    catalog: services.catalog,
    catalogSync,
    // A person's reads are paced; the services' own (deliveries, approvals' checks) are not.
    provider: withReadPace(provider, services.velocity, clock),
    orders: services.orders,
    orderQueries: services.stores.orderQueries,
    alerts: services.alerts,
    orderingPause,
    review: services.stores.review,
    auditTrail: services.stores.auditTrail,
    spending: { checkLimits: services.checkLimits, rules: services.spendingRules, counter: services.spendingCounter },
    lowBalance: services.lowBalance,
    settingsRegistry: services.settingsRegistry,
    retention: { settings: services.settings, codeMessages: services.stores.codeMessages },
    defaultLocale: config.defaultLocale,
    presentation: services.presentation,
    periods: services.periods,
    localeOf: services.localeOf,
    describePerson: services.describePerson,
    sendTyping: services.sendTyping,
    reportSettings: { settings: services.settings, digest: services.dailyDigest },
    expiry: { settings: services.settings, codeExpiries: services.stores.codeExpiries, pressedKeyboards: services.pressedKeyboards },
    walletExceptions: () => services.ledger.openExceptions(),
    statement: {
      read: (span) => readStatement({ store: services.stores.ledger, sync: services.ledger.sync, clock, logger }, span),
      chart: renderSpendChart,
      settings: services.settings,
    },
    catalogAdmin: { catalog: services.catalog, settings: services.settings },
    orderIdleMs: config.orderIdleMinutes * 60_000,
    approvals: { service: services.approvals, announcer: services.approvalAnnouncer, rules: services.spendingRules },
    dualControl: { service: services.dualControl, announcer: services.dualControlAnnouncer },
    velocity: services.velocity,
    stepUp: services.stepUp,
    orderStepUp: services.orderStepUp,
    batches: {
      batches: createBatchServiceOf({ config, services, clock, logger }),
      notices: createBatchNoticesOf({ config, services, clock, logger }),
      catalog: batchCatalogOf(services),
      approvers: (requesterId) => services.approvals.approversFor({ requesterId }),
      viewFor: batchViewFor({ services }),
      describePerson: services.describePerson,
      maxRows: config.batchMaxRows,
    },
    perItemLimit: config.providerMaxQuantityPerItem,
    maxProductsPerOrder: config.providerMaxProductsPerOrder,
    clock,
    onWalletShort: (short) => services.walletShort({ ...short, orderId: null }),
    onUpdateHandled: () => metrics.updateHandled(),
    onHandlerError: () => metrics.handlerFailed(),
    logger: logger.child({ component: 'bot' }),
  });
}
