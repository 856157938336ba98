import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { alertOrderMismatch } from '../alerts/order-mismatch.js';
import { ORDER_CONVERSATION } from '../bot/features/order.js';
import { createIdleOrderSweeper } from '../bot/conversations/order/idle-sweeper.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { SessionStore } from '../db/session-store.js';
import type { Stores } from '../db/stores.js';
import type { BatchDetails } from '../batches/batch-details.js';
import { startNotificationSender, type NotificationSenderDeps } from '../delivery/notification-sender.js';
import { adminText } from '../delivery/notification-texts.js';
import { createDetailHandover, type DetailHandover } from '../tracking/detail-handover.js';
import { startDeliveryPoller } from '../tracking/poller-loop.js';
import type { DeliveryPollerDeps } from '../tracking/poller.js';
import type { Logger } from '../logger.js';
import type { OrderingPause, OrderingPauseStore } from '../db/ordering-pause-store.js';
import { createPauseProbe, PAUSE_PROBE_MS } from '../orders/pause-probe.js';
import type { ClearButtons } from '../text/send-port.js';
import type { ProviderClient } from '../provider/client.js';
import type { DailyDigest } from '../reports/daily-digest.js';
import type { OrderFeed } from '../reports/order-feed.js';
import { withCallSignal } from '../provider/call-signal.js';
import { startRepeating, type Repeating } from '../repeat.js';
import type { ApprovalAnnouncer } from '../orders/approval-announcer.js';
import type { ApprovalService } from '../orders/approval-service.js';
import { APPROVAL_SWEEP_MS, createApprovalExpirySweep } from '../orders/expiry-sweep.js';
import { createAdminRequestExpiry, type DualControlAnnouncer } from '../safeguards/dual-control/dual-control-announcer.js';
import type { DualControl } from '../safeguards/dual-control/dual-control.js';
import { EXPIRY_REMINDER_EVERY_MS } from '../expiry/expiry-reminders.js';
import { type Presentation, readerViewOf } from '../text/presentation.js';

/**
 * While nothing is open the poller only looks at the database this often;
 * while orders are open the sweep sets its own pace. The sender ticks often:
 * each message carries its own due time.
 */
const POLLER_TICK_MS = 1_000;
const SENDER_TICK_MS = 1_000;
const IDLE_SWEEP_MS = 30_000;
/** The feed looks for newly placed orders this often; the digest checks whether its hour has come. */
const FEED_TICK_MS = 2_000;
const DIGEST_TICK_MS = 60_000;

/** What the delivery work needs is what the sender needs: the same parts, typed once. */
type SenderParts = Pick<NotificationSenderDeps, 'send' | 'translate' | 'localeOf' | 'isStaff' | 'mayReceiveCodes' | 'adminRecipients' | 'alerts' | 'freshen' | 'onCodesSent' | 'onExpiringCards'>;

export interface BackgroundDeps extends SenderParts {
  /**
   * Resolved once updates are being taken: the loops run for the first time
   * after it, so that their first runs (the catalog refresh above all) do
   * not hold up the start's first getUpdates.
   */
  firstRunsAfter?: Promise<unknown>;
  config: Pick<Config, 'catalogRefreshMinutes' | 'orderIdleMinutes' | 'pollStaleMinutes' | 'defaultLocale' | 'pauseProbeSeconds' | 'providerRequestsPerSecond' | 'lowBalanceCheckSeconds' | 'tokenWatchSeconds' | 'walletWatchSeconds'>;
  /** The followed orders, the outbox and the measured provider clock. */
  stores: Pick<Stores, 'orderLeases' | 'notifications' | 'appState' | 'batches' | 'expiryNews'>;
  provider: ProviderClient;
  clearButtons: ClearButtons;
  sendText: (chatId: number, text: string) => Promise<void>;
  /** Names people in administrators' alerts. */
  describePerson?: (telegramId: number) => string;
  /** How the deployment shows amounts and times to whoever the background work writes to, in their language. */
  presentation: Presentation;
  syncCatalog: () => Promise<void>;
  /** Where conversations are kept: the idle sweeper takes the expired ones. */
  sessions: Pick<SessionStore<unknown>, 'takeIdle'>;
  /** Reads the balance for the low-balance alert when no one else did lately (src/alerts/low-balance.ts). */
  checkLowBalance: () => Promise<void>;
  orderFeed: OrderFeed;
  dailyDigest: DailyDigest;
  orderingPause: Pick<OrderingPauseStore, 'current'>;
  /** Requests that waited too long for an administrator expire here; absent, there are none. */
  approvals?: { service: Pick<ApprovalService, 'expireDue' | 'approversFor' | 'get'>; announcer: Pick<ApprovalAnnouncer, 'expired'> };
  /** One pass of the batch approval expiry (src/batches/batch-expiry.ts), on the approval expiry's beat; absent, batches wait. */
  expireBatches?: () => Promise<void>;
  /** Privileged changes waiting for a second administrator: lapsed ones are expired and told. */
  dualControl?: { service: Pick<DualControl, 'expireDue' | 'get'>; announcer: Pick<DualControlAnnouncer, 'expired'> };
  /** Tells administrators that the provider answers again while ordering is still paused. */
  onProviderAnswering: (pause: OrderingPause) => Promise<void>;
  /** Code messages taken out of the chats, end customers' answers erased, strangers forgotten (src/safeguards/retention/); absent, nothing is. */
  retention?: { removeCodeMessages: () => Promise<unknown>; eraseOldAnswers: () => Promise<unknown> };
  /** One pass of the batch runner (src/batches/batch-runner.ts); absent, batches wait. */
  runBatches?: () => Promise<void>;
  /** Where the sender keeps a batch order's delivery detail for the batch's file of codes. */
  batchDetails?: Pick<BatchDetails, 'keep'>;
  /** Compares Telegram's registration of the bot with giftdesk's own (alerts/token-watch.ts); absent, not watched. */
  watchBotToken?: () => Promise<void>;
  /** One look of the wallet watch: the newest transactions read and each new one judged. */
  watchWallet?: () => Promise<void>;
  /** One pass of the expiry reminders (src/expiry/expiry-reminders.ts); absent, none goes out. */
  remindExpiringCodes?: () => Promise<unknown>;
  /** Observers for health and metrics; they never change what the loops do. */
  onSweepDone?: (at: number) => void;
  onNotificationSent?: (sent: { kind: string; createdAt: number; sentAt: number }) => void;
  clock: Clock;
  logger: Logger;
}


/** Code messages are due by the hour: a minute late is nobody's loss. */
const CODE_REMOVAL_MS = 60_000;
/** The retention pass erases a small batch each time; a backlog (a lowered setting) drains over a few passes. */
const RETENTION_MS = 5 * 60_000;

/** Batches are looked at this often: the next order of a running batch goes out within it, and a settled one's file. */
const BATCH_TICK_MS = 1_000;

/** What the delivery poller and the notification sender are built on. */
export type DeliveryWorkDeps = Pick<
  BackgroundDeps,
  'config' | 'stores' | 'provider' | 'send' | 'translate' | 'localeOf' | 'isStaff' | 'mayReceiveCodes' | 'adminRecipients' | 'alerts' | 'freshen' | 'onCodesSent' | 'onExpiringCards' | 'describePerson' | 'presentation' | 'batchDetails' | 'clock' | 'logger'
> & {
  /** Unique per process and start: the lease owner written on claimed rows. */
  owner: string;
  /** Jitter of the poller's and the sender's waits. */
  random: () => number;
};

/**
 * The delivery poller's and the notification sender's settings, as the
 * background loops run them and as the tests drive them one pass at a time:
 * one owner, one detail handover between them, administrators told of orders
 * the provider no longer finds or answers with another order.
 */
export function createDeliveryWork(deps: DeliveryWorkDeps): { handover: DetailHandover; poller: DeliveryPollerDeps; sender: NotificationSenderDeps } {
  const { config, clock, logger, owner, random } = deps;
  const handover = createDetailHandover({ clock });
  return {
    handover,
    poller: {
      leases: deps.stores.orderLeases,
      appState: deps.stores.appState,
      provider: deps.provider,
      clock,
      random,
      logger: logger.child({ component: 'poller' }),
      owner,
      staleMs: config.pollStaleMinutes * 60_000,
      requestsPerSecond: config.providerRequestsPerSecond,
      handover,
      // Heard once per quiet period; the order is then only checked slowly, never dropped.
      reportNotFound: (order, misses) =>
        deps.alerts.alert(`order-not-found:${order.id}`, (locale) =>
          adminText({ kind: 'not-found', misses }, order, {
            ...readerViewOf(deps.presentation, locale, deps.translate(locale)),
            ...(deps.describePerson ? { describePerson: deps.describePerson } : {}),
          }),
        ),
      onOrderMismatch: (error) => alertOrderMismatch({ alerts: deps.alerts, translate: deps.translate }, error),
    },
    sender: {
      notifications: deps.stores.notifications,
      ...(deps.freshen ? { freshen: deps.freshen } : {}),
      provider: deps.provider,
      send: deps.send,
      translate: deps.translate,
      localeOf: deps.localeOf,
      isStaff: deps.isStaff,
      ...(deps.mayReceiveCodes ? { mayReceiveCodes: deps.mayReceiveCodes } : {}),
      ...(deps.onCodesSent ? { onCodesSent: deps.onCodesSent } : {}),
      ...(deps.onExpiringCards ? { onExpiringCards: deps.onExpiringCards } : {}),
      adminRecipients: deps.adminRecipients,
      alerts: deps.alerts,
      handover,
      clock,
      random,
      logger: logger.child({ component: 'sender' }),
      presentation: deps.presentation,
      ...(deps.describePerson ? { describePerson: deps.describePerson } : {}),
      ...(deps.batchDetails ? { keepBatchDetail: deps.batchDetails.keep } : {}),
      batchFileSentAt: async (batchId) => (await deps.stores.batches.get(batchId))?.fileSentAt?.getTime() ?? null,
      owner,
    },
  };
}

/**
 * Everything that runs without an update: catalog refresh, idle order
 * expiry, the low-balance check, the delivery poller, the notification sender and the probe that
 * notices when a provider that refused us answers again. They share the
 * provider client (one request budget, staff requests first) and reach
 * Telegram only through the send functions.
 */
export async function startBackgroundWork(deps: BackgroundDeps): Promise<Repeating[]> {
  const { config, clock, logger } = deps;
  // Before the poller and the sender start, so that they find the work of a run that died free at once.
  const taken = await deps.stores.orderLeases.takeOverEarlierClaims();
  if (taken.orders + taken.notifications > 0) logger.warn(taken, 'took over work claimed by an earlier run');
  // Aborted first when the work stops: reads waiting for the request budget behind staff do not hold the stop (or a role another instance waits for).
  const stopping = new AbortController();
  const provider = withCallSignal(deps.provider, stopping.signal);
  const delivery = createDeliveryWork({ ...deps, provider, owner: `${hostname()}:${process.pid}:${randomUUID()}`, random: Math.random });
  // Passes that decide who hears what (staff, administrators) first read again whatever another instance changed.
  const retention = deps.retention;
  const repeat = (options: Parameters<typeof startRepeating>[0]) => startRepeating({ ...options, ...(deps.firstRunsAfter ? { firstRunAfter: deps.firstRunsAfter } : {}) });
  const fresh = (task: () => Promise<unknown>) => async (): Promise<void> => {
    await deps.freshen?.();
    await task();
  };

  return [
    // Stopped together with the others (Promise.allSettled over them all): aborts the reads in progress at once.
    { stop: async () => stopping.abort() },
    // At once: start-up does not wait for the catalog, the stored one serves meanwhile.
    repeat({ name: 'catalog sync', everyMs: config.catalogRefreshMinutes * 60_000, task: deps.syncCatalog, clock, logger, immediately: true }),
    repeat({
      name: 'idle order sweeper',
      everyMs: IDLE_SWEEP_MS,
      task: fresh(createIdleOrderSweeper({
        sessions: deps.sessions,
        idleMs: config.orderIdleMinutes * 60_000,
        clock,
        // A private chat's id is its user's id; someone removed meanwhile is not written to.
        notify: async (chatId, locale) => {
          if (deps.isStaff(chatId)) await deps.sendText(chatId, deps.translate(locale)('order-expired', { minutes: config.orderIdleMinutes }));
        },
        conversationId: ORDER_CONVERSATION,
        clearMenu: async (chatId, menuId) => void (await deps.clearButtons(chatId, menuId)),
        localeOf: deps.localeOf,
        logger,
      })),
      clock,
      logger,
    }),
    repeat({ name: 'low-balance check', everyMs: config.lowBalanceCheckSeconds * 1_000, task: fresh(deps.checkLowBalance), clock, logger }),
    repeat({ name: 'order feed', everyMs: FEED_TICK_MS, task: fresh(deps.orderFeed.run), clock, logger }),
    // At once on start-up: a digest whose hour passed while the bot was down goes out late rather than never.
    repeat({ name: 'daily digest', everyMs: DIGEST_TICK_MS, task: fresh(deps.dailyDigest.run), clock, logger, immediately: true }),
    repeat({
      name: 'ordering pause probe',
      everyMs: config.pauseProbeSeconds !== undefined ? config.pauseProbeSeconds * 1_000 : PAUSE_PROBE_MS,
      task: createPauseProbe({ pauses: deps.orderingPause, provider, onAnswering: deps.onProviderAnswering, logger }),
      clock,
      logger,
    }),
    ...(deps.approvals
      ? [
          repeat({
            name: 'approval expiry',
            everyMs: APPROVAL_SWEEP_MS,
            // Right away: requests that expired while the process was down are told at once.
            immediately: true,
            task: fresh(createApprovalExpirySweep({ approvals: deps.approvals.service, announcer: deps.approvals.announcer, news: deps.stores.expiryNews, logger })),
            clock,
            logger,
          }),
        ]
      : []),
    ...(deps.expireBatches
      ? [
          // Batches waiting for an administrator lapse as single requests do: the same setting, the same beat, at once on start-up too.
          repeat({ name: 'batch approval expiry', everyMs: APPROVAL_SWEEP_MS, immediately: true, task: fresh(deps.expireBatches), clock, logger }),
        ]
      : []),
    ...(retention
      ? [
          // At once too: messages that fell due while the process was down go at start, not a minute later.
          // Cheap when nothing is due: one delete, and one indexed read while the setting is on.
          repeat({ name: 'code message removal', everyMs: CODE_REMOVAL_MS, task: async () => void (await retention.removeCodeMessages()), clock, logger, immediately: true }),
          repeat({ name: 'retention', everyMs: RETENTION_MS, task: async () => void (await retention.eraseOldAnswers()), clock, logger, immediately: true }),
        ]
      : []),
    ...(deps.watchBotToken
      ? [
          // Not at once: the first look follows our own setWebhook or deleteWebhook (create-app.ts), and the watch waits for it.
          repeat({ name: 'bot token watch', everyMs: config.tokenWatchSeconds * 1_000, task: deps.watchBotToken, clock, logger }),
        ]
      : []),
    ...(deps.watchWallet
      ? [
          // At once: the first look fills the local copy, and whatever was spent while the process was down is judged now.
          repeat({ name: 'wallet watch', everyMs: config.walletWatchSeconds * 1_000, task: fresh(deps.watchWallet), clock, logger, immediately: true }),
        ]
      : []),
    ...(deps.remindExpiringCodes
      ? [
          // At once too: a reminder whose day came while the process was down goes at start. Cheap when off: one delete.
          // Fresh views first: the setting may have changed on another instance.
          repeat({ name: 'expiry reminders', everyMs: EXPIRY_REMINDER_EVERY_MS, task: fresh(deps.remindExpiringCodes), clock, logger, immediately: true }),
        ]
      : []),
    ...(deps.runBatches ? [repeat({ name: 'batch runner', everyMs: BATCH_TICK_MS, task: fresh(deps.runBatches), clock, logger, immediately: true })] : []),
    ...(deps.dualControl
      ? [
          repeat({
            name: 'privileged change expiry',
            everyMs: APPROVAL_SWEEP_MS,
            immediately: true,
            task: fresh(createAdminRequestExpiry({ dual: deps.dualControl.service, announcer: deps.dualControl.announcer, news: deps.stores.expiryNews, logger })),
            clock,
            logger,
          }),
        ]
      : []),
    startDeliveryPoller({ ...delivery.poller, everyMs: POLLER_TICK_MS, ...(deps.onSweepDone ? { onSweepDone: deps.onSweepDone } : {}) }),
    startNotificationSender({ ...delivery.sender, everyMs: SENDER_TICK_MS, ...(deps.onNotificationSent ? { onSent: deps.onNotificationSent } : {}) }),
  ];
}
