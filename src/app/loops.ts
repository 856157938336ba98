import { createLowBalanceCheck } from '../alerts/low-balance.js';
import { startBackgroundWork, type DeliveryWorkDeps } from './background.js';
import { syncFailureWords } from '../bot/sync-failure-words.js';
import type { CatalogSync } from '../catalog/catalog-sync.js';
import { refreshStalePrices } from '../catalog/price-cache.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Repeating } from '../repeat.js';
import { translatorFor } from '../text/i18n.js';
import { retentionPasses } from './retention-wiring.js';
import { expiryReminderPass } from './expiry-wiring.js';
import { createBatchExpirySweepOf, createBatchNoticesOf, createBatchRunnerOf } from './batch-wiring.js';
import { createBatchDetails } from '../batches/batch-details.js';
import { withCallSignal } from '../provider/call-signal.js';
import type { Services } from './services.js';

/** Product details read per catalog pass to keep list prices fresh. */
const PRICE_REFRESH_PER_PASS = 200;

/**
 * Starts the background loops (catalog, delivery sweep and outbox, reports,
 * approvals, pause probe, low balance) on the services, with the catalog
 * policy: after a good sync, refresh a bounded number of list prices; after
 * a failed one, tell administrators what staff are left with.
 */
export function startLoops(deps: {
  config: Config;
  services: Services;
  catalogSync: Pick<CatalogSync, 'syncNow'>;
  /** Aborted at shutdown: a sync cut short by it is not news. */
  shutdown: AbortSignal;
  onSweepDone: (at: number) => void;
  /** The loops' first runs wait for it (background.ts). */
  firstRunsAfter?: Promise<unknown>;
  clock: Clock;
  logger: Logger;
}): Promise<Repeating[]> {
  const { config, services, clock, logger } = deps;
  const { provider, alerts } = services;
  const translate = translatorFor;

  const syncCatalog = async (): Promise<void> => {
    const result = await deps.catalogSync.syncNow();
    // The sync logs its own outcome, once: here only what follows from it.
    if (result.ok) {
      // Prices for the product lists, a bounded number per pass, behind any staff request.
      void refreshStalePrices({ catalog: services.catalog, provider, clock, logger, limit: PRICE_REFRESH_PER_PASS, maxAgeMs: config.catalogRefreshMinutes * 60_000 })
        .then((prices) => logger.info(prices, 'product prices refreshed'))
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'product price refresh failed'));
      return;
    }
    if (deps.shutdown.aborted) return;
    // A new database has no previous catalog to keep: staff cannot order until a refresh succeeds.
    const key = result.kept > 0 ? 'sync-failed-alert' : 'sync-failed-empty-alert';
    await alerts.alert('catalog-sync', (locale) => translate(locale)(key, { reason: syncFailureWords(translate(locale), result.error) }));
  };

  // The sweep's details of a batch's completed orders, handed to its file of codes without a second read.
  const batchDetails = createBatchDetails();
  const shutdown = deps.shutdown;
  const batchRunner = createBatchRunnerOf({ config, services, clock, logger, shutdown, notices: createBatchNoticesOf({ config, services, clock, logger, shutdown, details: batchDetails }) });

  return startBackgroundWork({
    config,
    ...(deps.firstRunsAfter ? { firstRunsAfter: deps.firstRunsAfter } : {}),
    stores: services.stores,
    ...deliveryPartsOf(services),
    clearButtons: services.clearButtons,
    sendText: services.sendText,
    // The first sync runs here, in the background, while the stored catalog serves.
    syncCatalog,
    sessions: services.stores.sessions,
    // Its balance read ends at shutdown rather than wait its turn behind staff (background.ts aborts the others).
    checkLowBalance: createLowBalanceCheck({ watch: { lastObservedAt: services.lowBalance.lastObservedAt, threshold: () => services.lowBalance.threshold() ?? services.runway.watch.threshold() }, provider: withCallSignal(provider, deps.shutdown), clock, maxAgeMs: config.lowBalanceCheckSeconds * 1_000 }),
    orderFeed: services.orderFeed,
    dailyDigest: services.dailyDigest,
    // The database's own answer, not the copy chats are shown: the probe decides whether to ask the provider.
    orderingPause: services.stores.orderingPause,
    approvals: { service: services.approvals, announcer: services.approvalAnnouncer },
    expireBatches: createBatchExpirySweepOf({ config, services, clock, logger, shutdown }),
    watchBotToken: () => services.tokenWatch.tick(),
    // Credits the watch has just kept may answer a top-up request.
    watchWallet: async () => {
      await services.ledger.watch.tick();
      await services.runway.topUps.tick();
      // Whatever the pass kept may be dated in a closed month: told once as a late entry.
      await services.monthClose.tellLateEntries();
    },
    runBatches: () => batchRunner.runOnce(),
    batchDetails,
    dualControl: { service: services.dualControl, announcer: services.dualControlAnnouncer },
    retention: retentionPasses({ config, services, clock, logger }),
    remindExpiringCodes: expiryReminderPass({ services, clock, logger }),
    onProviderAnswering: () => alerts.alert('ordering-provider-back', (locale) => translate(locale)('ordering-provider-back-alert'), { quietMs: 0 }),
    onSweepDone: deps.onSweepDone,
    onNotificationSent: (sent) => services.metrics.notificationSent(sent),
    clock,
    logger,
  });
}

/**
 * What the delivery poller and the notification sender take from the
 * services: the provider, the outbox's connection to Telegram, and who is
 * on the staff (a viewer is sent no codes), in which language.
 */
export function deliveryPartsOf(
  services: Services,
): Pick<DeliveryWorkDeps, 'provider' | 'send' | 'translate' | 'localeOf' | 'isStaff' | 'mayReceiveCodes' | 'adminRecipients' | 'alerts' | 'freshen' | 'onCodesSent' | 'onExpiringCards' | 'describePerson' | 'presentation'> {
  const { staff } = services;
  return {
    provider: services.provider,
    send: services.send,
    translate: translatorFor,
    localeOf: services.localeOf,
    isStaff: (userId) => staff.current.find(userId) !== null,
    mayReceiveCodes: (userId) => staff.current.find(userId)?.role !== 'viewer',
    adminRecipients: services.adminRecipients,
    alerts: services.alerts,
    freshen: () => services.viewFreshness.check(),
    onCodesSent: (sent) => services.stores.codeMessages.record(sent),
    onExpiringCards: (delivery) => services.stores.codeExpiries.record(delivery),
    describePerson: services.describePerson,
    presentation: services.presentation,
  };
}
