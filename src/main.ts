import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { Api } from 'grammy';
import { createAdminAlerts } from './alerts/admin-alerts.js';
import { createWalletShortAlert, withFundsRefusalAlert } from './alerts/funds-refusal.js';
import { createLowBalanceCheck, createLowBalanceWatch, lowBalanceSetting, withBalanceCheckAfterOrders, withBalanceWatch } from './alerts/low-balance.js';
import { createLocalPeriods } from './text/local-periods.js';
import { createSettingsRegistry } from './settings/settings-registry.js';
import { createSettingsStore } from './settings/settings-store.js';
import { createLimitCheck } from './orders/limit-check.js';
import { createSpendingCounter } from './orders/spending-counter.js';
import { createSpendingRuleBook } from './orders/spending-rules.js';
import { spendingSettings } from './orders/spending-settings.js';
import { createCommandMenus, registerCommands } from './bot/commands.js';
import { createBot } from './bot/create-bot.js';
import { formatAmount, formatId, formatNumber } from './text/format.js';
import { translatorFor, type Locale } from './text/i18n.js';
import { createCatalogQueries } from './catalog/catalog-queries.js';
import { createCatalogSync, describeSyncError } from './catalog/catalog-sync.js';
import { refreshStalePrices, withPriceRecording } from './catalog/price-cache.js';
import { systemClock, type Clock } from './clock.js';
import { ConfigError, effectiveConfig, parseConfig, type Config } from './config.js';
import { acquireInstanceLock, AnotherInstanceError, HEARTBEAT_MS, type InstanceLock } from './db/instance-lock.js';
import { closeDb, DatabasePathError, openDb, type Db } from './db/open.js';
import { claimDatabaseForProvider, describeProviderMismatch } from './db/provider-identity.js';
import { createPeopleRepo } from './db/people-repo.js';
import { createDescribePerson } from './bot/describe-person.js';
import { createLocaleOf } from './bot/person-locale.js';
import { createStaffRepo } from './db/staff-repo.js';
import { createStrangerRepliesRepo } from './db/stranger-replies-repo.js';
import { createLogger, createPrettyDestination, type Logger } from './logger.js';
import { adminText } from './delivery/notification-texts.js';
import { createOrderService } from './orders/order-service.js';
import { createOrderingPause } from './orders/ordering-pause.js';
import { withPauseOnRefusal } from './orders/pause-on-refusal.js';
import { createProviderClient, type ClampedRetryAfter } from './provider/client.js';
import { createDailyDigest } from './reports/daily-digest.js';
import { createOrderFeed } from './reports/order-feed.js';
import { createReportQueries } from './reports/report-queries.js';
import { budgetShape, createRateLimiter } from './provider/rate-limit.js';
import { CONTRACT_LIMITS } from './provider/schemas.js';
import { SandboxFaultsError, type SandboxFaults } from './sandbox/fault-settings.js';
import { createSandbox, SandboxStateError, type Sandbox } from './sandbox/server.js';
import { highestProviderOrderId } from './orders/highest-provider-order-id.js';
import { startBackgroundWork } from './background.js';
import { createClearButtons, createSendPort } from './bot/send-port.js';
import { sandboxBadge } from './bot/sandbox-badge.js';
import { connectToTelegram, describeTelegramFailure } from './bot/connect-telegram.js';
import { noteTelegramContact } from './bot/update-source.js';
import { createMetrics } from './http/metrics.js';
import { createHealth } from './http/readiness.js';
import { INTERACTIVE_MAX_WAIT_MS } from './provider/rate-limit.js';
import { startServing } from './serving.js';
import { mayOrder } from './bot/middleware/roles.js';
import { guardProcessOutput } from './output-guard.js';
import { createApprovalAnnouncer } from './orders/approval-announcer.js';
import { createApprovalCards } from './orders/approval-cards.js';
import { createApprovalService } from './orders/approval-service.js';
import { createProcessProbe } from './process-probe.js';
import { createSecretFilter } from './secret-filter.js';

/** Product details read per catalog pass to keep list prices fresh. */
const PRICE_REFRESH_PER_PASS = 200;

/**
 * The composition root and the only module with side effects at start-up:
 * configuration, database, provider, services, bot, background loops,
 * signals.
 */
async function main(): Promise<void> {
  // A local .env is a convenience for operators; real environments set variables directly.
  if (existsSync('.env')) process.loadEnvFile('.env');

  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(2);
    }
    throw error;
  }

  const secrets = createSecretFilter([config.botToken, config.providerApiKey, config.webhookSecret]);
  const logger = createLogger({
    level: config.logLevel,
    filter: secrets,
    ...(config.logPretty ? { destination: await prettyOrExit() } : {}),
  });
  guardProcessOutput(logger, secrets);
  logger.info(effectiveConfig(config), 'effective configuration');
  const clock = systemClock;
  const db = openDatabaseOrExit(config.databasePath, logger);
  // Before anything talks to the provider or claims the database.
  const identity = claimDatabaseForProvider({ db, clock }, config.providerBaseUrl);
  if (identity.kind === 'other') {
    const reason = describeProviderMismatch(identity, config.databasePath);
    logger.fatal({ reason }, 'not starting');
    process.stderr.write(`giftdesk did not start: ${reason}\n`);
    closeDb(db);
    process.exit(2);
  }
  if (identity.kind === 'recorded') logger.info({ provider: identity.provider, databasePath: config.databasePath }, 'database recorded for this provider');
  const instance = await holdInstanceLock(db, clock, logger);
  const startedAt = clock.now();
  // Readiness: when Telegram last answered or delivered, and when the delivery sweep last completed.
  let telegramContactAt: number | null = null;
  let sweepDoneAt: number | null = null;

  let sandbox: Sandbox | undefined;
  let baseUrl = config.providerBaseUrl;
  let apiKey = config.providerApiKey ?? '';
  if (config.sandboxMode) {
    sandbox = await startSandboxOrExit(config, highestProviderOrderId(db), logger);
    baseUrl = sandbox.baseUrl;
    apiKey = sandbox.apiKey;
    logger.warn({ baseUrl, statePath: config.sandboxStatePath }, 'SANDBOX MODE: orders go to the built-in sandbox provider; no real money is involved');
    if (config.sandboxFaults) logger.warn({ faults: config.sandboxFaults }, 'SANDBOX_FAULTS: the sandbox provider makes trouble on purpose');
  }

  // A bare number invites a tenfold misreading: the provider may count in Rial while staff think in Toman.
  if (config.amountUnit.en === '' && config.amountUnit.fa === '') {
    logger.warn('AMOUNT_UNIT is empty: amounts are shown without a unit; set it to the unit of the provider\'s amounts, such as IRR (Rial) or Toman');
  } else if (config.amountUnit.en === '' || config.amountUnit.fa === '') {
    const bare = config.amountUnit.en === '' ? 'AMOUNT_UNIT_EN' : 'AMOUNT_UNIT_FA';
    logger.warn(`${bare} is empty and AMOUNT_UNIT is not set: readers of that language see amounts without a unit`);
  }
  const staff = createStaffRepo({ db, clock });
  const envChanges = staff.syncEnvAdmins(config.adminIds);
  const people = createPeopleRepo({ db, clock });
  const describePerson = createDescribePerson({ find: people.find });
  if (envChanges.length > 0) logger.info({ changes: envChanges }, 'ADMIN_IDS changed who is an administrator');
  const translate = translatorFor;

  const localeOf = createLocaleOf({ staff, people, defaultLocale: config.defaultLocale });
  const adminRecipients = () =>
    staff
      .list()
      .filter((m) => m.role === 'admin')
      .map((m) => ({ telegramId: m.telegramId, locale: localeOf(m.telegramId) }));
  // The bot sends the alerts; the alerts are handed to the bot: bind late.
  let sendText = async (_chatId: number, _text: string): Promise<void> => undefined;
  const alerts = createAdminAlerts({
    recipients: adminRecipients,
    sendText: (chatId, text) => sendText(chatId, text),
    clock,
    logger,
  });

  const orderingPause = createOrderingPause({ db, clock });
  const settings = createSettingsStore({ db, clock });
  const spendingRules = createSpendingRuleBook({ settings });
  const spendingCounter = createSpendingCounter({ db, periods: createLocalPeriods(config.timeZone, config.monthCalendar) });
  const checkLimits = createLimitCheck({ rules: spendingRules, counter: spendingCounter, clock });
  const lowBalance = createLowBalanceWatch({
    db,
    clock,
    settings,
    alerts,
    render: (locale, alert, figures) =>
      translate(locale)(alert === 'fell' ? 'low-balance-fell-alert' : 'low-balance-reminder-alert', {
        balance: formatAmount(figures.balance, locale, config.amountUnit),
        threshold: formatAmount(figures.threshold, locale, config.amountUnit),
      }),
    logger,
  });
  const metrics = createMetrics({
    db,
    operations: {
      lastBalance: () => lowBalance.lastObserved(),
      orderingPaused: () => orderingPause.current(),
      spent: (nowMs) => spendingCounter.spentByEveryone(nowMs),
      now: () => clock.now(),
    },
  });
  const settingsRegistry = createSettingsRegistry();
  settingsRegistry.add(...spendingSettings(spendingRules), lowBalanceSetting(lowBalance));
  const tellRetryAfterClamped = (report: ClampedRetryAfter): void => {
    const variables = (locale: Locale) => ({
      requested: formatNumber(Math.round(report.requestedMs / 1000), locale),
      applied: formatNumber(Math.round(report.appliedMs / 60_000), locale),
    });
    void alerts.alert('provider-retry-after-clamped', (locale) => translate(locale)('provider-retry-after-clamped-alert', variables(locale)));
  };
  const limiter = createRateLimiter({
    requestsPerSecond: config.providerRequestsPerSecond,
    ...budgetShape(config.providerRequestsPerSecond, CONTRACT_LIMITS.requestsPerSecond),
    clock,
  });
  const recordingProvider = withPriceRecording(
    withPauseOnRefusal(
      createProviderClient({
        baseUrl,
        apiKey,
        timeoutMs: config.providerTimeoutMs,
        placeOrderTimeoutMs: config.providerOrderTimeoutMs,
        limiter,
        clock,
        logger: logger.child({ component: 'provider' }),
        onExchange: (exchange) => metrics.providerExchange(exchange),
        onRetryAfterClamped: (report) => tellRetryAfterClamped(report),
      }),
      {
        pauses: orderingPause,
        // Every pause is news: quietMs 0, the switch itself makes sure each is announced once.
        onPaused: (pause, status) =>
          void alerts.alert(
            'ordering-paused',
            (locale) => translate(locale)('ordering-paused-alert', { status: status === null || status === undefined ? '?' : formatId(status, locale), reason: pause.reason ?? translate(locale)('ordering-pause-no-reason') }),
            { quietMs: 0 },
          ),
        logger: logger.child({ component: 'orders' }),
      },
    ),
    db,
    clock,
  );
  // Every balance read on the way, for a summary, /balance or after an order, also feeds the low-balance alert.
  const provider = withBalanceWatch(recordingProvider, lowBalance);
  // Staff orders and approved ones alike: an order the wallet cannot pay for reaches administrators, whatever the low-balance setting.
  const walletShort = createWalletShortAlert({
    alerts,
    render: (locale, refusal) => {
      const figures = { balance: formatAmount(refusal.balance, locale, config.amountUnit), total: formatAmount(refusal.total, locale, config.amountUnit) };
      return refusal.orderId === null
        ? translate(locale)('funds-short-alert', figures)
        : translate(locale)('funds-refused-alert', { ...figures, id: formatId(refusal.orderId, locale) });
    },
    logger: logger.child({ component: 'orders' }),
  });
  const orders = withFundsRefusalAlert(
    createOrderService({
      db,
      provider,
      clock,
      logger: logger.child({ component: 'orders' }),
      sandbox: config.sandboxMode,
      providerPausedUntil: () => limiter.pausedUntil(),
      orderingPaused: () => orderingPause.current(),
      checkLimits,
      placeTimeoutMs: config.providerOrderTimeoutMs,
      // Every such order is news: quietMs 0, keyed by the order.
      onChargedOtherAmount: (order, confirmed) =>
        void alerts.alert(
          `charged-other-amount:${order.id}`,
          (locale) =>
            adminText({ kind: 'charged-other-amount', confirmed }, order, {
              t: translate(locale),
              locale,
              amountUnit: config.amountUnit,
              timeZone: config.timeZone,
              sandbox: config.sandboxMode,
              describePerson,
            }),
          { quietMs: 0 },
        ),
    }),
    walletShort,
  );
  // Logs what it recovered itself.
  orders.recoverInterrupted();
  const approvals = createApprovalService({
    db,
    clock,
    logger: logger.child({ component: 'approvals' }),
    rules: spendingRules,
    adminIds: () => staff.adminIds(),
    provider,
    orders,
    orderingPaused: () => orderingPause.current(),
    mayOrder: (personId) => {
      const member = staff.find(personId);
      return member !== null && mayOrder(member.role);
    },
    checkLimits,
    expiryMs: config.approvalExpiryMinutes * 60_000,
  });
  // After the order service's repair: an approval's order, if one was created, is already sorted out.
  const approvalsRecovered = approvals.recoverInterrupted();
  if (approvalsRecovered.requeued + approvalsRecovered.attached > 0) logger.warn(approvalsRecovered, 'approvals interrupted by the previous shutdown were recovered');
  // Its own Api, without the auto-retry transformer: the sender reschedules a 429 itself
  // instead of holding a whole batch for up to retry_after seconds.
  const backgroundApi = new Api(config.botToken, config.telegramApiRoot ? { apiRoot: config.telegramApiRoot } : undefined);
  if (config.sandboxMode) backgroundApi.config.use(sandboxBadge(localeOf));
  const send = createSendPort(backgroundApi);
  const clearButtons = createClearButtons(backgroundApi);
  const approvalAnnouncer = createApprovalAnnouncer({
    send,
    clearButtons,
    cards: createApprovalCards({ db, clock }),
    approvals,
    provider,
    isStaff: (personId) => staff.find(personId) !== null,
    localeOf,
    texts: (locale) => ({ t: translate(locale), locale, amountUnit: config.amountUnit, timeZone: config.timeZone, describePerson }),
    logger: logger.child({ component: 'approvals' }),
  });

  const reportQueries = createReportQueries({ db });
  const reportSenders = { recipients: adminRecipients, sendText: (chatId: number, text: string) => sendText(chatId, text), translate, describePerson, amountUnit: config.amountUnit, clock };
  const orderFeed = createOrderFeed({ db, settings, ...reportSenders, logger: logger.child({ component: 'feed' }) });
  const dailyDigest = createDailyDigest({
    db,
    settings,
    queries: reportQueries,
    provider,
    periods: createLocalPeriods(config.timeZone, config.monthCalendar),
    timeZone: config.timeZone,
    ...reportSenders,
    logger: logger.child({ component: 'digest' }),
  });

  // Aborted first at shutdown: a catalog run in progress must not hold the exit.
  const shutdown = new AbortController();
  const catalogSync = createCatalogSync({ provider, db, clock, logger: logger.child({ component: 'catalog' }), signal: shutdown.signal });

  const bot = createBot({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    db,
    staff,
    people,
    strangers: createStrangerRepliesRepo({ db }),
    catalog: createCatalogQueries({ db }),
    catalogSync,
    provider,
    orders: withBalanceCheckAfterOrders(orders, provider, logger.child({ component: 'orders' })),
    alerts,
    orderingPause,
    spending: { checkLimits, rules: spendingRules, counter: spendingCounter },
    lowBalance,
    settingsRegistry,
    defaultLocale: config.defaultLocale,
    amountUnit: config.amountUnit,
    timeZone: config.timeZone,
    monthCalendar: config.monthCalendar,
    reportSettings: { settings, digest: dailyDigest },
    sandbox: config.sandboxMode,
    orderIdleMs: config.orderIdleMinutes * 60_000,
    approvals: { service: approvals, announcer: approvalAnnouncer, rules: spendingRules },
    perItemLimit: config.providerMaxQuantityPerItem,
    clock,
    onWalletShort: (short) => walletShort({ ...short, orderId: null }),
    onUpdateHandled: () => metrics.updateHandled(),
    onHandlerError: () => metrics.handlerFailed(),
    logger: logger.child({ component: 'bot' }),
  });
  noteTelegramContact(bot.api, () => {
    telegramContactAt = clock.now();
  });
  sendText = async (chatId, text) => {
    await bot.api.sendMessage(chatId, text);
  };

  try {
    bot.botInfo = await connectToTelegram({ api: bot.api, apiRoot: config.telegramApiRoot, clock, logger });
  } catch (error) {
    const reason = describeTelegramFailure(error, config.telegramApiRoot);
    logger.fatal({ reason }, 'could not connect to Telegram');
    process.stderr.write(`giftdesk failed to start: ${reason}\n`);
    process.exit(1);
  }
  logger.info({ username: bot.botInfo.username }, 'connected to Telegram');
  // The menu next to the text box is no reason to keep staff waiting: set it while polling runs.
  void registerCommands(bot.api, translate, logger);
  // Administrators and viewers have menus of their own; someone ADMIN_IDS no longer lists loses theirs.
  // In the background: a long staff list must not hold up the start.
  const menus = createCommandMenus({ api: bot.api, translate, logger });
  void (async () => {
    for (const change of envChanges) if (change.to === null) await menus.clear(change.telegramId);
    for (const member of staff.list()) if (member.role !== 'staff') await menus.show(member);
  })();

  const syncCatalog = async (): Promise<void> => {
    const result = await catalogSync.syncNow();
    // The sync logs its own outcome, once: here only what follows from it.
    if (result.ok) {
      // Prices for the product lists, a bounded number per pass, behind any staff request.
      void refreshStalePrices({ db, provider, clock, logger, limit: PRICE_REFRESH_PER_PASS, maxAgeMs: config.catalogRefreshMinutes * 60_000 })
        .then((prices) => logger.info(prices, 'product prices refreshed'))
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'product price refresh failed'));
      return;
    }
    if (shutdown.signal.aborted) return;
    const reason = describeSyncError(result.error);
    // A new database has no previous catalog to keep: staff cannot order until a refresh succeeds.
    const key = result.kept > 0 ? 'sync-failed-alert' : 'sync-failed-empty-alert';
    await alerts.alert('catalog-sync', (locale) => translate(locale)(key, { reason }));
  };
  // The first sync runs in the background (startBackgroundWork) while the stored catalog serves.

  const loops = startBackgroundWork({
    config,
    db,
    provider,
    send,
    clearButtons,
    sendText,
    translate,
    localeOf,
    isStaff: (userId) => staff.find(userId) !== null,
    mayReceiveCodes: (userId) => staff.find(userId)?.role !== 'viewer',
    adminRecipients,
    alerts,
    describePerson,
    syncCatalog,
    checkLowBalance: createLowBalanceCheck({ watch: lowBalance, provider, clock, maxAgeMs: config.lowBalanceCheckSeconds * 1_000 }),
    orderFeed,
    dailyDigest,
    orderingPause,
    approvals: { service: approvals, announcer: approvalAnnouncer },
    onProviderAnswering: () =>
      alerts.alert('ordering-provider-back', (locale) => translate(locale)('ordering-provider-back-alert'), { quietMs: 0 }),
    onSweepDone: (at) => {
      sweepDoneAt = at;
    },
    onNotificationSent: (sent) => metrics.notificationSent(sent),
    clock,
    logger,
  });

  const health = createHealth({
    db,
    clock,
    startedAt,
    lastTelegramContact: () => telegramContactAt,
    lastSweepDone: () => sweepDoneAt,
    orderingPaused: () => orderingPause.current(),
    providerPausedUntil: () => limiter.pausedUntil(),
    interactiveMaxWaitMs: INTERACTIVE_MAX_WAIT_MS,
  });

  let serving: Awaited<ReturnType<typeof startServing>>;
  try {
    serving = await startServing({
      bot,
      config,
      health,
      metrics,
      onDelivery: () => {
        telegramContactAt = clock.now();
      },
      clock,
      logger,
    });
  } catch (error) {
    const reason = describeTelegramFailure(error, config.telegramApiRoot);
    logger.fatal({ reason }, 'could not start receiving updates');
    process.stderr.write(`giftdesk failed to start: ${reason}\n`);
    process.exit(1);
  }
  logger.info({ sandbox: config.sandboxMode, databasePath: config.databasePath, mode: config.botMode }, 'giftdesk is running');

  const stopAll = async (): Promise<void> => {
    const stopping = clock.now();
    shutdown.abort();
    // Updates in hand first: they may still need the provider (the sandbox too) and the database.
    await serving.stop(config.providerOrderTimeoutMs + 5_000);
    await Promise.allSettled(loops.map((loop) => loop.stop()));
    await sandbox?.close();
    instance.stop();
    closeDb(db);
    // The last line of a run: an operator reading the log knows the exit was clean and nothing was cut off.
    logger.info({ ms: clock.now() - stopping }, 'giftdesk stopped');
  };
  installShutdown(logger, stopAll);

  serving.source.failed.catch(async (error: unknown) => {
    const reason = describeTelegramFailure(error, config.telegramApiRoot);
    logger.fatal({ reason }, 'stopped receiving updates from Telegram');
    process.stderr.write(`giftdesk stopped: ${reason}\n`);
    await stopAll().catch(() => undefined);
    process.exit(1);
  });
}

/** LOG_PRETTY asks for a development dependency; without it, say so rather than crash with a stack. */
async function prettyOrExit(): Promise<Awaited<ReturnType<typeof createPrettyDestination>>> {
  try {
    return await createPrettyDestination();
  } catch (error) {
    process.stderr.write(`giftdesk did not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}

/** A database path that cannot be used is a configuration problem: say so and exit 2, as for any setting. */
function openDatabaseOrExit(path: string, logger: Logger): Db {
  try {
    return openDb(path);
  } catch (error) {
    if (!(error instanceof DatabasePathError)) throw error;
    logger.fatal({ reason: error.message }, 'not starting');
    process.stderr.write(`giftdesk did not start: ${error.message}\n`);
    process.exit(2);
  }
}

/**
 * A fault naming a product the sandbox does not sell is a setting to fix, like any other: exit 2.
 * So is a state file the sandbox cannot use: it is left alone for the operator (see the README).
 */
async function startSandboxOrExit(config: Pick<Config, 'sandboxFaults' | 'sandboxStatePath'>, orderIdsAbove: number | null, logger: Logger): Promise<Sandbox> {
  const faults: SandboxFaults | null = config.sandboxFaults;
  try {
    return await createSandbox({
      logger: logger.child({ component: 'sandbox' }),
      ...(faults ? { faults } : {}),
      ...(config.sandboxStatePath === null ? {} : { statePath: config.sandboxStatePath }),
      // The database's orders are the sandbox's: a state file lost or new never numbers an order like one of them.
      ...(orderIdsAbove === null ? {} : { orderIdsAbove }),
    });
  } catch (error) {
    if (error instanceof SandboxStateError) {
      const reason =
        `${error.message}. It keeps the sandbox provider's wallet and orders; giftdesk leaves it as it is. ` +
        'To start the sandbox afresh (a full wallet, the old sandbox orders unknown to it, new order numbers above the old ones), move the file away and start again.';
      logger.fatal({ reason }, 'not starting');
      process.stderr.write(`giftdesk did not start: ${reason}\n`);
      process.exit(2);
    }
    if (!(error instanceof SandboxFaultsError)) throw error;
    const reason = `SANDBOX_FAULTS: ${error.message}`;
    logger.fatal({ reason }, 'not starting');
    process.stderr.write(`giftdesk did not start: ${reason}\nSee .env.example for every setting.\n`);
    process.exit(2);
  }
}

/**
 * Claims the database for this process (start-up repairs assume no other
 * giftdesk runs on it) and keeps the claim fresh. A second instance stops
 * here with a clear message, before touching anything.
 */
async function holdInstanceLock(db: Db, clock: Clock, logger: Logger): Promise<{ stop(): void }> {
  let lock: InstanceLock;
  try {
    lock = await acquireInstanceLock(db, clock, `${hostname()}:${process.pid}:${randomUUID()}`, createProcessProbe());
  } catch (error) {
    if (!(error instanceof AnotherInstanceError)) throw error;
    logger.fatal({ reason: error.message }, 'not starting');
    process.stderr.write(`giftdesk did not start: ${error.message}\n`);
    process.exit(1);
  }
  if (lock.takeover) logger.warn(lock.takeover, 'took over the database from a run that ended without releasing it');
  const timer = setInterval(() => {
    if (!lock.beat()) {
      logger.fatal('another giftdesk took over this database; stopping');
      process.kill(process.pid, 'SIGTERM');
    }
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      lock.release();
    },
  };
}

function installShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: String(error) }, 'unclean shutdown');
        process.exit(1);
      });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  // Config errors exit above and provider errors carry no key; the filter catches what else might.
  const described = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`giftdesk failed to start: ${createSecretFilter([process.env['BOT_TOKEN'], process.env['PROVIDER_API_KEY']])(described)}\n`);
  process.exit(1);
});
