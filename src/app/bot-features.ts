import type { Middleware } from 'grammy';
import { readStatement } from '../ledger/statement-reader.js';
import { withReadPace } from '../safeguards/velocity/read-pace.js';
import type { BotContext } from '../bot/context.js';
import type { OrderConversationDeps } from '../bot/conversations/order/order-types.js';
import { createApprovalRequester } from '../bot/conversations/order/request-approval.js';
import { createTypingWhileSlow } from '../bot/typing-while-slow.js';
import { handleProviderTrouble, troubleMessage } from '../bot/provider-trouble.js';
import { createCommandMenus } from '../bot/commands.js';
import { createNotifyOtherAdmins } from '../bot/notify-other-admins.js';
import { createFileDownload } from '../bot/download-file.js';
import { mayOrder } from '../bot/middleware/roles.js';
import type { FeatureWiring, WiredFeature } from '../bot/wired-features.js';
import { approvalsFeature } from '../bot/features/approvals.js';
import { approvalWithdrawFeature } from '../bot/features/approval-withdraw.js';
import { auditFeature } from '../bot/features/audit.js';
import { auditPick, favouritesFeature } from '../bot/features/favourites.js';
import { favouriteRenames } from '../bot/features/favourite-rename.js';
import { casesFeature } from '../bot/features/cases.js';
import { caseReports } from '../bot/cases/case-report.js';
import { caseRefundSettler } from '../bot/cases/case-refunds.js';
import type { CaseTellersOf } from '../bot/cases/case-tellers.js';
import { noticeThroughRoute } from '../admin-group/admin-routing.js';
import { createTellPerson } from '../bot/tell-person.js';
import { balanceFeature } from '../bot/features/balance.js';
import { batchesFeature, type BatchesDeps } from '../bot/features/batches.js';
import { batchUploadFeature, MAX_BATCH_FILE_BYTES, showBatchSummaryAgain } from '../bot/features/batch-upload.js';
import { batchCostCentreFeature } from '../bot/features/batch-cost-centre.js';
import { catalogAdminFeature } from '../bot/features/catalog-admin.js';
import { confirmedPressFeature } from '../bot/features/confirmed-press.js';
import { dualControlFeature } from '../bot/features/dual-control.js';
import { adminGroupFeature } from '../bot/features/admin-group.js';
import { expiryFeature } from '../bot/features/expiry.js';
import { exportFeature } from '../bot/features/export.js';
import { feedAndDigestFeature } from '../bot/features/feed-and-digest.js';
import { helpFeature } from '../bot/features/help.js';
import { languageFeature } from '../bot/features/language.js';
import { limitsFeature } from '../bot/features/limits.js';
import { lowBalanceFeature } from '../bot/features/low-balance.js';
import { runwayFeature } from '../bot/features/runway.js';
import { topUpFeature } from '../bot/features/topup.js';
import { orderFeature } from '../bot/features/order.js';
import { orderAgainFeature } from '../bot/features/order-again.js';
import { orderingPauseFeature } from '../bot/features/ordering-pause.js';
import { ordersFeature } from '../bot/features/orders.js';
import { retentionFeature } from '../bot/features/retention.js';
import { reviewFeature } from '../bot/features/review.js';
import { settingsFeature } from '../bot/features/settings.js';
import { staffFeature } from '../bot/features/staff.js';
import { statementFeature } from '../bot/features/statement.js';
import { annotationsUnderStatement, monthCloseFeature } from '../bot/features/month-close.js';
import { annotationButtons } from '../bot/features/annotation-buttons.js';
import { createClosedMonthDelivery } from '../bot/statement/closed-month-delivery.js';
import { MAX_EXPORT_BYTES } from '../bot/features/export.js';
import { stepUpFeature } from '../bot/features/step-up.js';
import { strangersFeature } from '../bot/features/strangers.js';
import { costCentresFeature } from '../bot/features/cost-centres.js';
import { budgetsFeature } from '../bot/features/budgets.js';
import { totalOf } from '../db/approval-store.js';
import { COST_CENTRE_MODE } from '../bot/cost-centre-setting.js';
import { syncFeature } from '../bot/features/sync.js';
import { trackFeature } from '../bot/features/track.js';
import { transactionsFeature } from '../bot/features/transactions.js';
import { velocityFeature } from '../bot/features/velocity.js';
import { walletWatchFeature } from '../bot/features/wallet-watch.js';
import type { CatalogSync } from '../catalog/catalog-sync.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { translatorFor, type Locale } from '../text/i18n.js';
import { readerViewOf } from '../text/presentation.js';
import type { ApprovalTextContext } from '../orders/approval-texts.js';
import { batchCatalogOf, batchViewFor, createBatchApprovalCardsOf, createBatchNoticesOf, createBatchServiceOf } from './batch-wiring.js';
import { wireDualControl } from './dual-control-wiring.js';
import { lazyModule } from '../lazy-module.js';
import type { Services } from './services.js';

export interface BotFeatureWiringDeps {
  config: Config;
  services: Services;
  catalogSync: Pick<CatalogSync, 'syncNow' | 'loadedWithin'>;
  clock: Clock;
  /** The application's logger: the statement's reads and the batches log under it, as the background work does. */
  logger: Logger;
  /** The bot's (component 'bot'): every feature and the order conversation log under it. */
  botLogger: Logger;
}

/** How long /order waits for a first catalog sync under way before saying it is still loading. */
const FIRST_CATALOG_WAIT_MS = 3_000;

const feature = (name: string, middleware: Middleware<BotContext>): WiredFeature => ({ name, middleware });

// The chart renderer and its fonts are loaded by the first /statement that draws a chart, not at start-up.
const spendChart = lazyModule(() => import('../chart/spend-chart.js'));

/**
 * Every feature of the bot given exactly what it uses, straight from the
 * services, next to its name: from a feature's file, its deps are found
 * here. The features are listed in the order grammY runs them, which
 * matters (the first that takes an update ends its way): a new feature
 * goes where the updates it takes are not taken before it.
 */
export function wireBotFeatures(deps: BotFeatureWiringDeps): { orderConversation: OrderConversationDeps; features: FeatureWiring; beforeConversations: Middleware<BotContext>[] } {
  const { config, services, catalogSync, clock, botLogger: logger } = deps;
  const { stores, settings, staff, people, describePerson, velocity } = services;
  const translate = translatorFor;
  // A person's reads are paced; the services' own (deliveries, approvals' checks) are not.
  const providerFor = withReadPace(services.provider, velocity, clock);
  // A provider failure is classified, logged and told to administrators where needed; the words for the reader beside it.
  const trouble = {
    onProviderTrouble: (error: unknown, context: string) => handleProviderTrouble(error, { logger, alerts: services.alerts, translate }, context),
    troubleText: troubleMessage,
  };
  // What chats show of the pause; whether an order is sent is decided by the order service from the database.
  const orderingPaused = () => services.orderingPause.current();
  // The first sync of a new database usually ends within moments of the start: /order waits for it briefly before saying it is loading.
  const catalogLoading = async () => !(await catalogSync.loadedWithin(FIRST_CATALOG_WAIT_MS));
  // How an approval's or a held change's card reads in one administrator's language.
  const approvalTexts = (locale: Locale): ApprovalTextContext => ({ ...readerViewOf(services.presentation, locale, translate(locale)), describePerson });

  // A favourite's new name is a reply to the bot's question, taken before the order conversation could read it as a search.
  const renames = favouriteRenames({
    favourites: services.favourites,
    appState: stores.appState,
    renamedPick: (actorId, pick, from) => auditPick(stores.auditTrail, actorId, 'renamed', pick, from),
    clock,
  });

  // A case is opened, and its provider's answer noted, by a reply to the bot's question, taken before the order conversation too;
  // who they tell is reached over the update's own connection.
  // The orderer is told only while on the staff, read at the moment of telling: someone removed hears nothing more.
  const caseTellers: CaseTellersOf = (api) => {
    const tell = createTellPerson({ api, localeOf: services.localeOf, translate, logger });
    return {
      // Where the administrators' group is bound, a case is news for its alerts topic (told without the code, as ever).
      notifyOtherAdmins: noticeThroughRoute({ route: services.adminRouting.route('alerts'), translate, privately: createNotifyOtherAdmins({ api, staff, localeOf: services.localeOf, translate, logger }), logger }),
      tellPerson: async (telegramId, render) => ((await staff.find(telegramId)) === null ? false : tell(telegramId, render)),
    };
  };
  const caseCommon = { orders: stores.orderQueries, appState: stores.appState, describePerson, tellers: caseTellers, clock, logger };
  const cases = casesFeature({ ...caseCommon, cases: stores.codeCases, settings });
  const caseReport = caseReports({ ...caseCommon, cases: stores.codeCases, providerFor });
  // An exception's annotation given through the buttons under the statement ends with a reply too.
  const annotations = annotationButtons({ monthClose: services.monthClose.months, appState: stores.appState, periods: services.periods, describePerson, clock, logger });

  const orderConversation: OrderConversationDeps = {
    catalog: services.catalog,
    providerFor,
    orders: services.orders,
    translate,
    ...trouble,
    presentation: services.presentation,
    idleMs: config.orderIdleMinutes * 60_000,
    perItemLimit: config.providerMaxQuantityPerItem,
    maxLines: config.providerMaxProductsPerOrder,
    // The conversation offers no Confirm while ordering is paused; the order service refuses too.
    orderingPaused,
    checkLimits: (userId, total, costCentreId) => services.checkLimits(userId, total, undefined, costCentreId),
    requestApproval: createApprovalRequester({ service: services.approvals, announcer: services.approvalAnnouncer, velocity }),
    approvalNeeded: (id, total, costCentreId) => services.approvals.needsApproval(id, total, costCentreId),
    velocity,
    // Its codes are answered by the step-up gate createBot makes from the step-up given to it (bot-wiring.ts).
    orderStepUp: services.orderStepUp,
    typicalDeliveryMs: () => stores.orderQueries.typicalDeliveryMs(),
    onWalletShort: (short) => services.walletShort({ ...short, orderId: null }),
    favourites: services.favourites,
    costCentres: {
      mode: () => settings.read(COST_CENTRE_MODE),
      active: () => stores.costCentres.active(),
      lastUsedBy: (id) => stores.costCentres.lastUsedBy(id),
      centre: async (id) => {
        const centre = await stores.costCentres.get(id);
        return centre && { id: centre.id, name: centre.name, code: centre.code, retired: centre.retiredAt !== null };
      },
    },
    // Asked at the press, from the in-memory staff view: a role taken away since the menu was drawn pins nothing.
    favouritePins: { canPin: async (id) => staff.current.find(id)?.role === 'admin', pinned: (actorId, pick) => auditPick(stores.auditTrail, actorId, 'pinned', pick) },
    typingWhileSlow: createTypingWhileSlow({ sendTyping: services.sendTyping, clock, logger }),
    logger,
  };

  const features: FeatureWiring = (bot) => {
    const gate = bot.stepUpGate;
    const stepUp = gate ? { stepUp: gate } : {};
    const menus = createCommandMenus({ api: bot.api, translate, logger });
    const notifyOtherAdmins = createNotifyOtherAdmins({ api: bot.api, staff, localeOf: services.localeOf, translate, logger });
    // Shared by every command whose change may wait for a second administrator.
    const wired = wireDualControl({ services, texts: approvalTexts, menus, tellPerson: bot.tellPerson, ...stepUp, logger });
    // A closed month goes to the administrators and the finance chat once it is closed: at the second administrator's Confirm, or at once when there is no second.
    const closedMonths = createClosedMonthDelivery({
      api: bot.api,
      admins: services.adminRecipients,
      financeChat: config.financeChatId === null ? null : { chatId: config.financeChatId, locale: config.defaultLocale },
      viewFor: approvalTexts,
      maxBytes: MAX_EXPORT_BYTES,
      costCentres: (ids) => stores.costCentres.byIds(ids),
      logger,
    });
    const dual: typeof wired = {
      ...wired,
      onApplied: async (request) => {
        await wired.onApplied?.(request);
        if (request.change.kind !== 'month-close') return;
        const view = await services.monthClose.months.closedView(request.change.month);
        if (view) await closedMonths.deliver(view);
      },
    };
    const batches: BatchesDeps = {
      batches: createBatchServiceOf({ config, services, clock, logger: deps.logger }),
      notices: createBatchNoticesOf({ config, services, clock, logger: deps.logger }),
      catalog: batchCatalogOf(services),
      costCentres: { mode: () => settings.read(COST_CENTRE_MODE), active: () => stores.costCentres.active() },
      approvalCards: createBatchApprovalCardsOf({ config, services, logger: deps.logger }),
      viewFor: batchViewFor({ services }),
      describePerson,
      maxRows: config.batchMaxRows,
      providerFor,
      perOrderMax: config.providerMaxQuantityPerItem,
      ...(gate ? { orderStepUp: services.orderStepUp, approverStepUp: gate } : {}),
      velocity,
      logger,
    };
    const downloadFile = createFileDownload({ api: bot.api, token: config.botToken, ...(config.telegramApiRoot ? { apiRoot: config.telegramApiRoot } : {}), maxBytes: MAX_BATCH_FILE_BYTES });

    return [
      feature('order', orderFeature({ catalogLoading, orderMenuOf: bot.orderMenuOf, orderingPaused })),
      feature('order-again', orderAgainFeature({ orders: stores.orderQueries, catalogLoading, orderMenuOf: bot.orderMenuOf, logger })),
      feature('favourites', favouritesFeature({ favourites: services.favourites, costCentres: stores.costCentres, renames, orders: stores.orderQueries, audit: stores.auditTrail, logger })),
      feature('dual-control', dualControlFeature(dual)),
      feature('admin-group', adminGroupFeature({ binding: services.adminGroup, dual, logger })),
      feature('orders', ordersFeature({ orders: stores.orderQueries, people, describePerson })),
      feature(
        'track',
        trackFeature({
          ...trouble,
          orders: stores.orderQueries,
          providerFor,
          audit: stores.auditTrail,
          velocity,
          ...stepUp,
          describePerson,
          tellPerson: bot.tellPerson,
          isStaff: async (telegramId) => (await staff.find(telegramId)) !== null,
          codeMessages: stores.codeMessages,
          costCentreOf: (id) => stores.costCentres.get(id),
          clock,
          logger,
        }),
      ),
      // /cases and its cards first: the reports take every other press of a case's button, forged ones included.
      feature('cases', cases.feature),
      feature('case-report', caseReport.feature),
      feature('transactions', transactionsFeature({ ...trouble, orders: stores.orderQueries, providerFor })),
      feature('review', reviewFeature({ ...trouble, review: stores.review, providerFor, describePerson, logger })),
      feature('help', helpFeature({ orderingPaused })),
      feature('balance', balanceFeature({ providerFor, ...trouble, orderingPaused, walletExceptions: () => services.ledger.openExceptions(), runway: (balance) => services.runway.reader.of(balance) })),
      feature('runway', runwayFeature({ providerFor, reader: services.runway.reader, watch: services.runway.watch, ...trouble, logger })),
      feature('topup', topUpFeature({ store: stores.topUps, providerFor, runway: services.runway.reader, monthSoFar: () => services.ledger.monthSoFar(), describePerson, logger })),
      feature('language', languageFeature({ staff, menus })),
      feature('staff', staffFeature({ staff, people, describePerson, menus, tellPerson: bot.tellPerson, dual, ...stepUp, logger })),
      feature('audit', auditFeature({ audit: stores.auditPages, people, describePerson })),
      feature('sync', syncFeature({ catalogSync })),
      feature('limits', limitsFeature({ rules: services.spendingRules, counter: services.spendingCounter, staff, describePerson, dual, reports: services.richReports, clock, logger })),
      feature('low-balance', lowBalanceFeature({ watch: services.lowBalance, logger })),
      feature('retention', retentionFeature({ settings, logger })),
      feature('settings', settingsFeature({ registry: services.settingsRegistry })),
      feature('strangers', strangersFeature({ settings, logger })),
      feature('cost-centres', costCentresFeature({ costCentres: stores.costCentres, settings, logger })),
      feature('budgets', budgetsFeature({ budgets: services.budgets, store: stores.budgets, costCentres: stores.costCentres, periods: services.periods, settings, dual, reports: services.richReports, clock, logger })),
      feature('velocity', velocityFeature({ guard: velocity, dual, logger })),
      // The gate exists wherever createBot is given step-up, as bot-wiring.ts always gives it.
      ...(gate ? [feature('step-up', stepUpFeature({ stepUp: services.stepUp, orders: services.orderStepUp, gate, dual, describePerson, tellPerson: bot.tellPerson, notifyOtherAdmins, logger }))] : []),
      feature('catalog-admin', catalogAdminFeature({ catalog: services.catalog, settings, notifyOtherAdmins, describePerson })),
      feature(
        'ordering-pause',
        orderingPauseFeature({
          pauses: services.orderingPause,
          notifyOtherAdmins,
          describePerson,
          keptOrders: bot.keptOrderChats,
          mayOrder: (telegramId) => {
            const member = staff.current.find(telegramId);
            return member !== null && mayOrder(member.role);
          },
          tellPerson: bot.tellPerson,
          logger,
        }),
      ),
      feature(
        'approvals',
        approvalsFeature({ approvals: services.approvals, announcer: services.approvalAnnouncer, rules: services.spendingRules, texts: approvalTexts, costCentreOf: (id) => stores.costCentres.get(id), overBudget: (approval) => services.budgets.judge(approval.costCentreId, totalOf(approval)), ...trouble, dual, ...stepUp, logger }),
      ),
      feature('approval-withdraw', approvalWithdrawFeature({ approvals: services.approvals, announcer: services.approvalAnnouncer, texts: approvalTexts, logger })),
      feature('export', exportFeature({ queries: stores.reports, providerFor, audit: stores.auditTrail, describePerson, costCentres: () => stores.costCentres.list(), periods: services.periods, ...stepUp, ...trouble, clock, logger })),
      feature(
        'month-close',
        monthCloseFeature({
          monthClose: services.monthClose.months,
          deliver: (view) => closedMonths.deliver(view),
          financeChat: config.financeChatId !== null,
          costCentres: (ids) => stores.costCentres.byIds(ids),
          chart: async (input) => (await spendChart()).renderSpendChart(input),
          periods: services.periods,
          describePerson,
          audit: stores.auditTrail,
          dual,
          clock,
          logger,
        }),
      ),
      feature('annotation-buttons', annotations.feature),
      feature(
        'statement',
        statementFeature({
          read: (span) => readStatement({ store: stores.ledger, sync: services.ledger.sync, clock, logger: deps.logger, cases: services.ledger.statementCases }, span),
          settleCaseRefunds: caseRefundSettler({ cases: stores.codeCases, orders: stores.orderQueries, tellers: caseTellers, presentation: services.presentation, logger }),
          chart: async (input) => (await spendChart()).renderSpendChart(input),
          periods: services.periods,
          describePerson,
          costCentres: stores.costCentres,
          audit: stores.auditTrail,
          reports: services.richReports,
          clock,
          logger,
          underText: annotationsUnderStatement({ monthClose: services.monthClose.months, describePerson }),
        }),
      ),
      feature('wallet-watch', walletWatchFeature({ settings })),
      feature('feed-and-digest', feedAndDigestFeature({ settings, digest: services.dailyDigest })),
      feature('expiry', expiryFeature({ settings, codeExpiries: stores.codeExpiries, pressedKeyboards: services.pressedKeyboards, orders: stores.orderQueries, clock, logger })),
      feature('batches', batchesFeature(batches)),
      feature('batch-upload', batchUploadFeature({ ...batches, downloadFile })),
      feature('batch-cost-centre', batchCostCentreFeature({ batches: batches.batches, costCentres: batches.costCentres!, showSummary: (ctx, batch) => showBatchSummaryAgain(ctx, batches, batch), logger })),
      feature('confirmed-press', confirmedPressFeature({ orders: stores.orderQueries, approvals: services.approvals })),
    ];
  };
  return { orderConversation, features, beforeConversations: [renames.replies, caseReport.replies, cases.replies, annotations.replies] };
}
