import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AdminAlerts, AdminRecipient } from './alerts/admin-alerts.js';
import { alertOrderMismatch } from './alerts/order-mismatch.js';
import { createIdleOrderSweeper } from './bot/conversations/order/idle-sweeper.js';
import type { Locale, Translate } from './bot/i18n.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/open.js';
import { startNotificationSender } from './delivery/notification-sender.js';
import { adminText } from './delivery/notification-texts.js';
import { createDetailHandover } from './tracking/detail-handover.js';
import { startDeliveryPoller } from './tracking/poller.js';
import { takeOverEarlierClaims } from './tracking/take-over.js';
import type { Logger } from './logger.js';
import type { OrderingPause, OrderingPauseSwitch } from './orders/ordering-pause.js';
import { createPauseProbe, PAUSE_PROBE_MS } from './orders/pause-probe.js';
import type { SendMessage } from './messaging/send-port.js';
import type { ProviderClient } from './provider/client.js';
import { startRepeating, type Repeating } from './scheduling/repeat.js';

/**
 * While nothing is open the poller only looks at the database this often;
 * while orders are open the sweep sets its own pace. The sender ticks often:
 * each message carries its own due time.
 */
const POLLER_TICK_MS = 1_000;
const SENDER_TICK_MS = 1_000;
const IDLE_SWEEP_MS = 30_000;

export interface BackgroundDeps {
  config: Pick<Config, 'catalogRefreshMinutes' | 'orderIdleMinutes' | 'pollStaleMinutes' | 'sandboxMode' | 'amountUnit' | 'defaultLocale' | 'pauseProbeSeconds' | 'providerRequestsPerSecond'>;
  db: Db;
  provider: ProviderClient;
  send: SendMessage;
  sendText: (chatId: number, text: string) => Promise<void>;
  translate: (locale: Locale) => Translate;
  localeOf: (userId: number) => Locale;
  isStaff: (userId: number) => boolean;
  adminRecipients: () => AdminRecipient[];
  alerts: AdminAlerts;
  syncCatalog: () => Promise<void>;
  orderingPause: Pick<OrderingPauseSwitch, 'current'>;
  /** Tells administrators that the provider answers again while ordering is still paused. */
  onProviderAnswering: (pause: OrderingPause) => Promise<void>;
  /** Observers for health and metrics; they never change what the loops do. */
  onSweepDone?: (at: number) => void;
  onNotificationSent?: (sent: { kind: string; createdAt: number; sentAt: number }) => void;
  clock: Clock;
  logger: Logger;
}

/**
 * Everything that runs without an update: catalog refresh, idle order
 * expiry, the delivery poller, the notification sender and the probe that
 * notices when a provider that refused us answers again. They share the
 * provider client (one request budget, staff requests first) and reach
 * Telegram only through the send functions.
 */
export function startBackgroundWork(deps: BackgroundDeps): Repeating[] {
  const { config, db, clock, logger } = deps;
  const taken = takeOverEarlierClaims(db);
  if (taken.orders + taken.notifications > 0) logger.warn(taken, 'took over work claimed by an earlier run');
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const handover = createDetailHandover({ clock });

  return [
    startRepeating({ name: 'catalog sync', everyMs: config.catalogRefreshMinutes * 60_000, task: deps.syncCatalog, clock, logger }),
    startRepeating({
      name: 'idle order sweeper',
      everyMs: IDLE_SWEEP_MS,
      task: createIdleOrderSweeper({
        db,
        idleMs: config.orderIdleMinutes * 60_000,
        clock,
        // A private chat's id is its user's id; someone removed meanwhile is not written to.
        notify: async (chatId, locale) => {
          if (deps.isStaff(chatId)) await deps.sendText(chatId, deps.translate(locale)('order-expired', { minutes: config.orderIdleMinutes }));
        },
        localeOf: deps.localeOf,
        logger,
      }),
      clock,
      logger,
    }),
    startRepeating({
      name: 'ordering pause probe',
      everyMs: config.pauseProbeSeconds !== undefined ? config.pauseProbeSeconds * 1_000 : PAUSE_PROBE_MS,
      task: createPauseProbe({ pauses: deps.orderingPause, provider: deps.provider, onAnswering: deps.onProviderAnswering, logger }),
      clock,
      logger,
    }),
    startDeliveryPoller({
      db,
      provider: deps.provider,
      clock,
      random: Math.random,
      logger: logger.child({ component: 'poller' }),
      owner,
      staleMs: config.pollStaleMinutes * 60_000,
      requestsPerSecond: config.providerRequestsPerSecond,
      handover,
      // Heard once per quiet period; the order is then only checked slowly, never dropped.
      reportNotFound: (order, misses) =>
        deps.alerts.alert(`order-not-found:${order.id}`, (locale) =>
          adminText({ kind: 'not-found', misses }, order, {
            t: deps.translate(locale),
            locale,
            amountUnit: config.amountUnit,
            sandbox: config.sandboxMode,
          }),
        ),
      everyMs: POLLER_TICK_MS,
      ...(deps.onSweepDone ? { onSweepDone: deps.onSweepDone } : {}),
      onOrderMismatch: (error) => alertOrderMismatch({ alerts: deps.alerts, translate: deps.translate }, error),
    }),
    startNotificationSender({
      db,
      provider: deps.provider,
      send: deps.send,
      translate: deps.translate,
      localeOf: deps.localeOf,
      isStaff: deps.isStaff,
      adminRecipients: deps.adminRecipients,
      alerts: deps.alerts,
      handover,
      clock,
      random: Math.random,
      logger: logger.child({ component: 'sender' }),
      sandbox: config.sandboxMode,
      amountUnit: config.amountUnit,
      owner,
      everyMs: SENDER_TICK_MS,
      ...(deps.onNotificationSent ? { onSent: deps.onNotificationSent } : {}),
    }),
  ];
}
