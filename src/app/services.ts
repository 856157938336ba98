import { caseOverdueSetting } from '../ledger/case-overdue-setting.js';
import { wireAdminGroup } from './admin-group-wiring.js';
import type { Services } from './services-shape.js';
import { createAdminAlerts } from '../alerts/admin-alerts.js';
import { createWalletShortAlert, walletShortText, withFundsRefusalAlert } from '../alerts/funds-refusal.js';
import { createLowBalanceWatch, lowBalanceAlertText, lowBalanceSetting, withBalanceCheckAfterOrders } from '../alerts/low-balance.js';
import { createApprovalAnnouncer } from '../orders/approval-announcer.js';
import { createApprovalService } from '../orders/approval-service.js';
import { createDualControl } from '../safeguards/dual-control/dual-control.js';
import { createDualControlAnnouncer } from '../safeguards/dual-control/dual-control-announcer.js';
import { mayOrder } from '../bot/middleware/roles.js';
import { createLocalPeriods } from '../text/local-periods.js';
import type { Config } from '../config.js';
import { totalOf } from '../db/approval-store.js';
import { openFreshViews } from './fresh-views.js';
import type { Stores } from '../db/stores.js';
import { adminText } from '../delivery/notification-texts.js';
import { createMetrics } from '../http/metrics.js';
import type { Logger } from '../logger.js';
import { createRichReports } from '../bot/rich-report.js';
import { createButtonLooks } from '../bot/keyboard-style.js';
import { createOrderService } from '../orders/order-service.js';
import { createPressedKeyboards } from '../bot/pressed-keyboards.js';
import { createDescribePerson } from '../bot/describe-person.js';
import { createLocaleOf } from '../bot/person-locale.js';
import { createReports } from './report-wiring.js';
import { reportSettings } from '../reports/report-settings.js';
import { catalogSettings } from '../catalog/catalog-visibility.js';
import { createSettingsRegistry } from '../settings/settings-registry.js';
import { createLimitCheck } from '../orders/limit-check.js';
import { createApprovalJudge, createDayCount } from '../orders/approval-judge.js';
import { velocitySettings } from '../safeguards/velocity/velocity-texts.js';
import { createVelocityService } from '../safeguards/velocity/velocity-services.js';
import { createSpendingCounter } from '../orders/spending-counter.js';
import { createBudgets } from '../budgets/budget-judge.js';
import { budgetOverSetting } from '../budgets/budget-settings.js';
import { withBudgetAlertAfterOrders } from '../budgets/budget-alert.js';
import { wireBudgetAlert } from './budget-alert-wiring.js';
import { createSpendingRuleBook } from '../orders/spending-rules.js';
import { spendingSettings } from '../orders/spending-settings.js';
import { retentionSettings } from '../safeguards/retention/retention-settings.js';
import { translatorFor, type Locale } from '../text/i18n.js';
import { deploymentPresentation } from './deployment-presentation.js';
import { strangersSetting } from '../bot/strangers-setting.js';
import { costCentreSetting } from '../bot/cost-centre-setting.js';
import { walletWatchSettings } from '../ledger/wallet-watch-settings.js';
import { expirySettings } from '../expiry/expiry-settings.js';
import { createExpiringSoon } from '../expiry/expiring-soon.js';
import { createTelegramPace, type TelegramPace } from '../bot/telegram-pace.js';
import { createTelegramConnections } from './telegram-connections.js';
import { systemClock, type Clock } from '../clock.js';
import { tokenWatchFor } from '../alerts/token-watch.js';
import { createStepUpService, stepUpOrdersSettingEntry, stepUpSettingEntry } from '../safeguards/step-up/step-up-services.js';
import { createOrderStepUp } from '../safeguards/step-up/order-step-up.js';
import { composeProvider } from './provider-stack.js';
import { createLedgerServices } from './ledger-wiring.js';
import { createRunwayServices } from './runway-wiring.js';
import { createMonthCloseServices, financeChatSetting } from './month-close-wiring.js';
import { withCallSignal } from '../provider/call-signal.js';
import { readerViewOf } from '../text/presentation.js';

export type { Services } from './services-shape.js';

/**
 * Builds the services on an open database and a provider address, and
 * repairs what the previous run left half-done (interrupted orders, then
 * approvals) before anything takes an update.
 */
export async function createServices(deps: {
  config: Config;
  stores: Stores;
  provider: { baseUrl: string; apiKey: string };
  clock: Clock;
  /**
   * The clock of the provider's client (its request budget, waits and
   * retries), the application's unless given: a test that moves the
   * application's clock by hand still talks to a provider in real time.
   */
  providerClock?: Clock;
  /**
   * Aborted when the process stops: the wallet watch's reads, which wait for
   * the request budget behind every instance's staff, end with it instead of
   * holding the stop (and the background work another instance waits for).
   */
  shutdown?: AbortSignal;
  logger: Logger;
  /** Telegram's limits as kept; real time and Telegram's own numbers unless given. */
  telegramPace?: TelegramPace;
  /** How many instances send as this bot now (app/live-instances.ts): the default pace keeps to this one's share. One unless given. */
  liveInstances?: () => number;
}): Promise<Services> {
  const { config, stores, clock, logger } = deps;
  const translate = translatorFor;
  const presentation = deploymentPresentation(config);
  /** One reader's view of the deployment's presentation, for what is written to them without an update of theirs. */
  const viewFor = (locale: Locale) => readerViewOf(presentation, locale, translate(locale));

  // Read on hot paths that cannot wait (every summary's rules, every text's language, every /order's pause and menu): kept in memory, read again where another instance changed them.
  const { staff, people, settings, viewFreshness, orderingPause, catalog, favourites } = await openFreshViews(stores, clock);
  const adminIdChanges = await staff.syncEnvAdmins(config.adminIds);
  if (adminIdChanges.length > 0) logger.info({ changes: adminIdChanges }, 'ADMIN_IDS changed who is an administrator');
  const describePerson = createDescribePerson({ find: people.current.find });
  const localeOf = createLocaleOf({ staff: staff.current, people: people.current, defaultLocale: config.defaultLocale });
  const adminRecipients = () =>
    staff.current
      .list()
      .filter((m) => m.role === 'admin')
      .map((m) => ({ telegramId: m.telegramId, locale: localeOf(m.telegramId) }));

  // One for the process: what one connection learns of the Bot API server holds for all of them.
  const buttonLooks = createButtonLooks(logger.child({ component: 'telegram' }));
  // Likewise one for the process: whether its Bot API server takes rich messages, learnt once for the bot and the background alike.
  const richReports = createRichReports({ mode: config.richReports, clock, logger: logger.child({ component: 'telegram' }) });
  const { pace, textApi, sendText, send, clearButtons, replaceText, sendTyping } = createTelegramConnections(
    config,
    localeOf,
    deps.telegramPace ?? createTelegramPace({ clock: systemClock, ...(deps.liveInstances ? { liveInstances: deps.liveInstances } : {}) }),
    buttonLooks,
  );
  // The administrators' group, where bound: alerts, the feed and the digest go there (each in its topic), or privately.
  const { adminGroup, routing, approvalsPlace } = wireAdminGroup({ stores, api: textApi, translate, defaultLocale: config.defaultLocale, sendText, sendReport: (chatId, report, options) => richReports.send(textApi, chatId, report, options), admins: adminRecipients, clock, logger });
  const alertsRoute = routing.route('alerts');
  // Quiet periods shared through the database where other instances may raise the same alert.
  const alerts = createAdminAlerts({ recipients: alertsRoute.recipients, sendText: alertsRoute.sendText, clock, logger, ...(stores.changes.shared ? { shared: stores.appState } : {}) });

  // Whether a person may still order, by the role in the staff copy that `freshen` keeps current (asked before the POST and at an Approve).
  const staffMayOrder = (personId: number): boolean => {
    const member = staff.current.find(personId);
    return member !== null && mayOrder(member.role);
  };
  // What decides whether money moves reads the pause from the database, never from the copy shown in chats.
  const pausedNow = () => stores.orderingPause.current();
  const spendingRules = createSpendingRuleBook({ settings });
  const periods = createLocalPeriods(config.timeZone, config.monthCalendar);
  const spendingCounter = createSpendingCounter({ store: stores.spending, periods });
  // A cost centre's month is one more limit (refused) or one more reason to ask an administrator, judged where the person's are.
  const budgets = createBudgets({ store: stores.budgets, centres: stores.costCentres, periods, settings, clock });
  const checkLimits = createLimitCheck({ rules: spendingRules, counter: spendingCounter, clock, budgets });
  // The approval threshold counts the person's day: one judge at the summary, at Confirm and under the wallet lock.
  const approvalDay = { counter: spendingCounter, pending: () => stores.approvals.listPending(), clock };
  const needsApproval = createApprovalJudge({ rules: spendingRules, ...approvalDay, budgets });
  // The wallet copy's start is the ledger services' (below): asked only once the app runs.
  const runway = createRunwayServices({ stores, filled: () => ledger.sync.filled(), periods, settings, alerts, viewFor, localeOf, sendText, clock, logger });
  const lowBalance = createLowBalanceWatch({
    state: stores.appState,
    clock,
    settings,
    alerts,
    render: (locale, alert, figures) => lowBalanceAlertText(viewFor(locale), alert, figures),
    runway: (balance) => runway.reader.of(balance),
    logger,
  });
  const velocity = createVelocityService({ stores, settings, alerts, translate, describePerson, clock, logger });
  const stepUp = createStepUpService({ stepUpKey: config.stepUpKey, stores, settings, alerts, translate, describePerson, presentation, clock, logger: logger.child({ component: 'step-up' }) });
  const orderStepUp = createOrderStepUp({ stepUp, settings, appState: stores.appState, dayTotal: createDayCount(approvalDay), clock });
  const settingsRegistry = createSettingsRegistry();
  settingsRegistry.add(...spendingSettings(spendingRules), lowBalanceSetting(lowBalance), runway.setting, ...velocitySettings(velocity), ...retentionSettings(settings), ...reportSettings(settings), ...catalogSettings(settings), stepUpSettingEntry(stepUp), stepUpOrdersSettingEntry(orderStepUp), strangersSetting(settings), costCentreSetting(settings), budgetOverSetting(settings), ...walletWatchSettings(settings), expirySettings(settings), caseOverdueSetting(settings), financeChatSetting(config.financeChatId));
  const metrics = createMetrics({
    store: stores.health,
    instance: config.instanceId,
    operations: {
      lastBalance: () => lowBalance.lastObserved(),
      orderingPaused: pausedNow,
      spent: (nowMs) => spendingCounter.spentByEveryone(nowMs),
      now: () => clock.now(),
    },
  });
  const { provider, limiter } = composeProvider({
    config,
    ...deps.provider,
    catalog,
    pauses: orderingPause,
    // Every balance read feeds both alerts: the low balance and the runway.
    lowBalance: { observe: async (balance) => void (await Promise.all([lowBalance.observe(balance), runway.watch.observe(balance)])) },
    alerts,
    translate,
    metrics,
    clock,
    providerClock: deps.providerClock ?? clock,
    logger,
    rateBudget: stores.rateBudget,
  });

  // Staff orders and approved ones alike: an order the wallet cannot pay for reaches administrators, whatever the low-balance setting.
  const walletShort = createWalletShortAlert({
    alerts,
    render: (locale, refusal) => walletShortText(viewFor(locale), refusal, describePerson),
    logger: logger.child({ component: 'orders' }),
  });
  const budgetAlert = wireBudgetAlert({ stores, budgets, alerts, viewFor, clock, logger });
  // Every order placed, from a Confirm or an Approve, is followed by a balance read for the low-balance alert, and its cost centre's budget looked at.
  const orders = withBudgetAlertAfterOrders(withBalanceCheckAfterOrders(
    withFundsRefusalAlert(
    createOrderService({
      orders: stores.orders,
      provider,
      clock,
      logger: logger.child({ component: 'orders' }),
      sandbox: config.sandboxMode,
      providerPausedUntil: () => limiter.pausedUntil(),
      orderingPaused: pausedNow,
      hiddenProducts: (ids) => catalog.hiddenAmong(ids),
      checkLimits,
      needsApproval,
      freshen: () => viewFreshness.check(),
      mayOrder: staffMayOrder,
      placeTimeoutMs: config.providerOrderTimeoutMs,
      // Every such order is news: quietMs 0, keyed by the order.
      onChargedOtherAmount: (order, confirmed) =>
        void alerts.alert(
          `charged-other-amount:${order.id}`,
          (locale) => adminText({ kind: 'charged-other-amount', confirmed }, order, { ...viewFor(locale), describePerson }),
          { quietMs: 0 },
        ),
    }),
    walletShort,
    ),
    provider,
    logger.child({ component: 'orders' }),
  ), budgetAlert, logger.child({ component: 'budgets' }));
  // Interrupted orders and approvals are repaired by the instance holding the background work (src/app/repairs.ts).
  const dualControl = createDualControl({
    requests: stores.adminRequests,
    // Roles at the moment of the press come from the database, not this process's copy.
    staffNow: { find: (id) => stores.staff.find(id), list: () => stores.staff.list() },
    rules: spendingRules,
    roles: staff,
    appState: stores.appState,
    stepUp: { setEnabled: stepUp.setEnabled, orderAbove: orderStepUp.above, setOrderAbove: orderStepUp.setAbove },
    velocity,
    budgets: stores.budgets,
    // Made below, once the wallet's copy is: only called at a confirmation.
    monthClose: { closeConfirmed: (change, request, by) => monthClose.closeConfirmed(change, request, by) },
    adminGroup,
    clock,
    logger: logger.child({ component: 'dual-control' }),
  });
  const approvals = createApprovalService({
    approvals: stores.approvals,
    clock,
    logger: logger.child({ component: 'approvals' }),
    rules: spendingRules,
    adminIds: () => staff.current.adminIds(),
    provider,
    orders,
    orderingPaused: pausedNow,
    hiddenProducts: (ids) => catalog.hiddenAmong(ids),
    mayOrder: staffMayOrder,
    checkLimits,
    judge: needsApproval,
    orderByConfirmKey: (key) => stores.orderQueries.byConfirmKey(key),
    expiryMs: config.approvalExpiryMinutes * 60_000,
    selfApprovalHeld: () => dualControl.selfApprovalHeld(),
  });

  const approvalAnnouncer = createApprovalAnnouncer({
    groupPlace: approvalsPlace,
    groupLocale: config.defaultLocale,
    send,
    clearButtons,
    replaceText,
    cards: stores.cardLocations.of('order'),
    approvals,
    provider,
    isStaff: (personId) => staff.current.find(personId) !== null,
    localeOf,
    texts: (locale) => ({ ...viewFor(locale), describePerson }),
    dayTotal: createDayCount(approvalDay),
    costCentreOf: (id) => stores.costCentres.get(id),
    overBudget: (approval) => budgets.judge(approval.costCentreId, totalOf(approval)),
    logger: logger.child({ component: 'approvals' }),
  });

  const dualControlAnnouncer = createDualControlAnnouncer({
    // With step-up on too: a Confirm pressed in the group asks the confirmer's code privately.
    groupPlace: approvalsPlace,
    groupLocale: config.defaultLocale,
    send,
    clearButtons,
    replaceText,
    requests: stores.adminRequests,
    adminIds: () => staff.current.adminIds(),
    texts: (locale) => ({ ...viewFor(locale), describePerson }),
    localeOf,
    teamDefault: (rule) => spendingRules.defaults()[rule],
    clock,
    logger: logger.child({ component: 'dual-control' }),
  });

  const ledger = createLedgerServices({ presentation, stores, provider: withCallSignal(provider, deps.shutdown), settings, alerts, pauses: orderingPause, periods, translate, clock, logger });
  const monthClose = createMonthCloseServices({ stores, sync: ledger.sync, alerts, viewFor: (locale) => ({ ...viewFor(locale), describePerson }), clock, logger });
  const { orderFeed, dailyDigest } = await createReports({
    presentation, stores, settings, provider, periods, feedRoute: routing.route('feed'), translate, describePerson,
    walletExceptions: () => ledger.openExceptions(), expiringCodes: createExpiringSoon({ store: stores.codeExpiries, settings, periods, clock }), runway: (balance) => runway.reader.of(balance), clock, logger,
  });

  const tokenWatch = tokenWatchFor({ config, api: textApi, appState: stores.appState, pauses: orderingPause, alerts, translate, logger: logger.child({ component: 'token-watch' }) });

  return {
    stores,
    pressedKeyboards: createPressedKeyboards(clock),
    catalog,
    staff,
    adminIdChanges,
    people,
    favourites,
    viewFreshness,
    describePerson,
    localeOf,
    presentation,
    periods,
    adminRecipients,
    alerts,
    pace,
    buttonLooks,
    richReports,
    fanOutApi: textApi,
    sendText,
    send, clearButtons, replaceText,
    sendTyping,
    orderingPause,
    tokenWatch,
    settings,
    settingsRegistry,
    spendingRules,
    spendingCounter,
    velocity,
    stepUp,
    orderStepUp,
    checkLimits,
    budgets,
    lowBalance,
    runway,
    walletShort,
    metrics,
    provider,
    limiter,
    orders,
    approvals,
    approvalAnnouncer,
    dualControl,
    dualControlAnnouncer,
    monthClose,
    adminGroup, approvalsPlace,
    adminRouting: routing,
    orderFeed,
    dailyDigest,
    ledger,
  };
}
