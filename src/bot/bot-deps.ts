import type { DualControl } from '../safeguards/dual-control/dual-control.js';
import type { DualControlAnnouncer } from '../safeguards/dual-control/dual-control-announcer.js';
import type { AuditQueries } from '../db/audit-queries.js';
import type { ReportQueries } from '../db/report-queries.js';
import type { AdminAlerts } from '../alerts/admin-alerts.js';
import type { LowBalanceWatch } from '../alerts/low-balance.js';
import type { CatalogReads } from '../db/catalog-store.js';
import type { CatalogSync } from '../catalog/catalog-sync.js';
import type { Clock } from '../clock.js';
import type { PeopleView } from '../db/people-view.js';
import type { StaffView } from '../db/staff-view.js';
import type { ChangeCounts } from '../db/change-counters.js';
import type { SessionStore } from '../db/session-store.js';
import type { StrangerRepliesStore } from '../db/stranger-replies-store.js';
import type { Logger } from '../logger.js';
import type { BatchesDeps } from './features/batches.js';
import type { LocalPeriods } from '../text/local-periods.js';
import type { OrderQueries } from '../db/order-queries.js';
import type { OrderService } from '../orders/order-service.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import type { AuditTrail } from '../db/audit-trail.js';
import type { ReviewStore } from '../db/review-store.js';
import type { DescribePerson } from './describe-person.js';
import type { ProviderClient } from '../provider/client.js';
import type { VelocityGuard } from '../safeguards/velocity/velocity-guard.js';
import type { CodeMessageStore } from '../db/code-message-store.js';
import type { CodeExpiryStore } from '../db/code-expiry-store.js';
import type { PressedKeyboards } from './pressed-keyboards.js';
import type { StepUp } from '../safeguards/step-up/step-up.js';
import type { OrderStepUp } from '../safeguards/step-up/order-step-up.js';
import type { SettingsRegistry } from '../settings/settings-registry.js';
import type { LimitCheck } from '../orders/limit-check.js';
import type { SpendingCounter } from '../orders/spending-counter.js';
import type { SpendingRuleBook } from '../orders/spending-rules.js';
import type { DailyDigest } from '../reports/daily-digest.js';
import type { HiddenCatalog } from '../db/catalog-hidden.js';
import type { Settings } from '../settings/settings-view.js';
import type { LocaleOf } from './person-locale.js';
import type { Locale } from '../text/i18n.js';
import type { ApprovalAnnouncer } from '../orders/approval-announcer.js';
import type { ApprovalService } from '../orders/approval-service.js';
import type { TelegramPace } from './telegram-pace.js';
import type { StatementDeps } from './features/statement.js';
import type { Presentation } from '../text/presentation.js';

/** Everything the bot is built from: the services createApp made, and the settings it reads. */
export interface BotDeps {
  token: string;
  apiRoot?: string | undefined;
  /** Telegram's limits shared with the process's fan-outs: the bot's answers count in them and go first. */
  pace?: TelegramPace;
  staff: StaffView;
  /**
   * Reads the staff, people and settings copies again where another
   * instance changed them (services.viewFreshness.check): awaited before
   * anything of an update reads them. Given `counts`, the change counters
   * the update's first read brought with its chat's state, it reads them
   * no more. Absent, the copies follow only the changes made through them
   * (one instance).
   */
  freshViews?: (counts?: ChangeCounts) => Promise<void>;
  /** Names and @usernames from updates, shown instead of IDs. */
  people: PeopleView;
  strangers: StrangerRepliesStore;
  /** Where /strangers keeps whether strangers are answered; absent, they always are and /strangers is not offered. */
  strangerSettings?: Settings;
  /** Conversation state, one JSON value per chat: kept across restarts on whichever database holds it. */
  sessions: SessionStore<unknown>;
  reports: ReportQueries;
  auditPages: AuditQueries;
  catalog: CatalogReads;
  catalogSync: Pick<CatalogSync, 'syncNow' | 'loading' | 'loadedWithin'>;
  provider: ProviderClient;
  orders: Pick<OrderService, 'createIntentAndPlace'>;
  /** The orders as /track, /orders and the buttons read them. */
  orderQueries: OrderQueries;
  alerts: AdminAlerts;
  /** The ordering switch: /pause, /resume, and the pause shown in /start and /balance. */
  orderingPause: OrderingPauseStore;
  /** Orders waiting for an administrator (/review). */
  review: ReviewStore;
  /** Audit rows for events that move no order. */
  auditTrail: AuditTrail;
  defaultLocale: Locale;
  /**
   * How the deployment shows things beside each reader's language: the
   * amount unit, the time zone every time is shown in, the calendar exports
   * count months by, and the SANDBOX badge on every message (sandbox mode).
   * Every update carries it (ctx.presentation).
   */
  presentation: Presentation;
  orderIdleMs: number;
  perItemLimit: number;
  /** The most products one order may hold (PROVIDER_MAX_PRODUCTS_PER_ORDER); 5 when not given. */
  maxProductsPerOrder?: number;
  /** Spending limits: the summary's check, the rules /limits changes and the counter it shows. */
  spending: { checkLimits: LimitCheck; rules: SpendingRuleBook; counter: SpendingCounter };
  /** The low-balance threshold /lowbalance changes. */
  lowBalance: Pick<LowBalanceWatch, 'threshold' | 'setThreshold'>;
  /** /retention's settings, and where each "Show codes" message is recorded so that it can leave the chat later; absent, neither. */
  retention?: { settings: Settings; codeMessages: Pick<CodeMessageStore, 'record'> };
  /** /statement's reading and drawing, and the settings /walletwatch changes; absent, neither command. */
  statement?: Pick<StatementDeps, 'read' | 'chart'> & { settings: Settings };
  /** Exceptions in this month's wallet statement, for /balance; absent, not shown. */
  walletExceptions?: () => Promise<number | null>;
  /** What /settings lists. */
  settingsRegistry: Pick<SettingsRegistry, 'list'>;
  /** Orders above a person's approval threshold wait for an administrator; absent, none does. */
  approvals?: { service: ApprovalService; announcer: ApprovalAnnouncer; rules: Pick<SpendingRuleBook, 'setDefault' | 'defaults'> };
  /** Privileged changes that wait for a second administrator while there are two (dual control). */
  dualControl?: { service: DualControl; announcer: DualControlAnnouncer };
  /** Velocity limits: orders per hour, reveals per hour, provider reads per minute, waiting requests; absent, none. */
  velocity?: VelocityGuard;
  /** Step-up confirmation (one-time codes from an authenticator app); absent, nothing asks for one. */
  stepUp?: StepUp;
  /** Step-up for orders above an amount (with `stepUp`). */
  orderStepUp?: OrderStepUp;
  /** Batches: a CSV file or a large quantity placed as many orders with one Confirm; absent, not offered. */
  batches?: Omit<BatchesDeps, 'perOrderMax' | 'logger' | 'provider'>;
  /** Days and months in the presentation's zone and calendar, as /export reads its dates. */
  periods: LocalPeriods;
  /** The language a chat is written in outside its own update (the sandbox badge's, a person told of a change). */
  localeOf: LocaleOf;
  /** Names people (their name and @username as last seen) instead of IDs. */
  describePerson: DescribePerson;
  /**
   * Shows "typing…" while a provider call is slow; through a connection without
   * auto-retry: a "typing…" held up to 30 s behind a 429 would show nothing useful.
   */
  sendTyping: (chatId: number) => Promise<unknown>;
  /** Where /feed and /digest keep their settings; without it those commands are not offered. */
  reportSettings?: { settings: Settings; digest: Pick<DailyDigest, 'hour' | 'setHour'> };
  /** /expiry's setting, and where "Mark handed over" marks a delivery's expiring codes; absent, neither. */
  expiry?: { settings: Settings; codeExpiries: Pick<CodeExpiryStore, 'markHandedOver'>; pressedKeyboards?: Pick<PressedKeyboards, 'take'> };
  /** /catalog: what staff may order, and whether new products arrive hidden. */
  catalogAdmin?: { catalog: HiddenCatalog; settings: Settings };
  /** Observers for metrics; they never change how an update is handled. */
  /** An order's summary found the wallet short of its total (see src/alerts/funds-refusal.ts). */
  onWalletShort?: (short: { balance: number; total: number }) => void;
  onUpdateHandled?: () => void;
  onHandlerError?: () => void;
  clock: Clock;
  logger: Logger;
}
