import type { MonthCloseServices } from './month-close-wiring.js';
import type { Api } from 'grammy';
import type { AdminGroupBinding } from '../admin-group/admin-group-binding.js';
import type { AdminRouting } from '../admin-group/admin-routing.js';
import type { AdminAlerts, AdminRecipient } from '../alerts/admin-alerts.js';
import type { WalletShortAlert } from '../alerts/funds-refusal.js';
import type { LowBalanceWatch } from '../alerts/low-balance.js';
import type { ApprovalAnnouncer } from '../orders/approval-announcer.js';
import type { ApprovalService } from '../orders/approval-service.js';
import type { DualControl } from '../safeguards/dual-control/dual-control.js';
import type { DualControlAnnouncer } from '../safeguards/dual-control/dual-control-announcer.js';
import type { LocalPeriods } from '../text/local-periods.js';
import type { Locale } from '../text/i18n.js';
import type { ViewFreshness } from './fresh-views.js';
import type { PeopleView } from '../db/people-view.js';
import type { FavouriteView } from '../db/favourite-view.js';
import type { AccessChange } from '../db/staff-store.js';
import type { Stores } from '../db/stores.js';
import type { StaffView } from '../db/staff-view.js';
import type { Metrics } from '../http/metrics.js';
import type { ClearButtons, ReplaceText, SendMessage } from '../text/send-port.js';
import type { OrderService } from '../orders/order-service.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import type { PressedKeyboards } from '../bot/pressed-keyboards.js';
import type { DescribePerson } from '../bot/describe-person.js';
import type { LocaleOf } from '../bot/person-locale.js';
import type { ProviderClient } from '../provider/client.js';
import type { RateLimiter } from '../provider/rate-limit.js';
import type { DailyDigest } from '../reports/daily-digest.js';
import type { OrderFeed } from '../reports/order-feed.js';
import type { SettingsRegistry } from '../settings/settings-registry.js';
import type { SettingsView } from '../settings/settings-view.js';
import type { createLimitCheck } from '../orders/limit-check.js';
import type { Budgets } from '../budgets/budget-judge.js';
import type { VelocityGuard } from '../safeguards/velocity/velocity-guard.js';
import type { SpendingCounter } from '../orders/spending-counter.js';
import type { SpendingRuleBook } from '../orders/spending-rules.js';
import type { TelegramPace } from '../bot/telegram-pace.js';
import type { RichReports } from '../bot/rich-report.js';
import type { ButtonLooks } from '../bot/keyboard-style.js';
import type { TokenWatch } from '../alerts/token-watch.js';
import type { OrderStepUp } from '../safeguards/step-up/order-step-up.js';
import type { StepUp } from '../safeguards/step-up/step-up.js';
import type { CatalogStore } from '../db/catalog-store.js';
import type { LedgerServices } from './ledger-wiring.js';
import type { RunwayServices } from './runway-wiring.js';
import type { Presentation } from '../text/presentation.js';

/** Everything giftdesk knows and does, below the bot and the background loops. */
export interface Services {
  /** Everything kept, on whichever database holds it. */
  stores: Stores;
  /** Pressed keyboards with copy buttons, in memory only: the queue stores them emptied. */
  pressedKeyboards: PressedKeyboards;
  /** The staff store, with the in-memory copy that messages, deliveries and approvals read without waiting. */
  staff: StaffView;
  /** Who ADMIN_IDS made or stopped being an administrator at this start. */
  adminIdChanges: AccessChange[];
  /** The people store, with the in-memory copy that names and languages in texts are read from without waiting. */
  people: PeopleView;
  /** Favourites and team picks, kept in memory: /order opens without reading them. */
  favourites: FavouriteView;
  /**
   * Reads the staff, people and settings views again where another
   * instance changed their tables: awaited at the start of every update
   * and of every background round that acts on who is staff.
   */
  viewFreshness: ViewFreshness;
  describePerson: DescribePerson;
  localeOf: LocaleOf;
  /** How this deployment shows amounts, times and the SANDBOX badge: the bot's updates and every sender without one read it. */
  presentation: Presentation;
  /** Days and months in TIME_ZONE and MONTH_CALENDAR: spending limits, the digest and /export count by them. */
  periods: LocalPeriods;
  adminRecipients: () => AdminRecipient[];
  alerts: AdminAlerts;
  /** Telegram's limits for the whole process: every connection below paces its messages as a fan-out, the bot's own as answers. */
  pace: TelegramPace;
  /** Button styles and disabled buttons, or plain keyboards where the Bot API server refuses them: one memory for every connection. */
  buttonLooks: ButtonLooks;
  /** Long reports as rich messages where the Bot API server takes them (rich-report.ts); one per process. */
  richReports: RichReports;
  /** Fan-outs outside the services (command menus at start, batch progress and files), paced, with 429s waited out. */
  fanOutApi: Api;
  /** Plain texts outside a chat's update (alerts, feed, digest), with 429s waited out. */
  sendText: (chatId: number, text: string) => Promise<void>;
  /** The notification outbox's port: Telegram's answers as errors, no waiting on its behalf. */
  send: SendMessage;
  clearButtons: ClearButtons;
  /** A card's text in place of its buttons once it is settled (the outbox's port, as `send`). */
  replaceText: ReplaceText;
  /** "typing…" in a chat, without auto-retry: held up behind a 429 it would show nothing useful. */
  sendTyping: (chatId: number) => Promise<unknown>;
  /** The switch as chats show it (`current` from a copy on PostgreSQL); what decides whether an order is sent reads stores.orderingPause. */
  orderingPause: OrderingPauseStore;
  /** Signs that someone else holds the bot's token: pauses ordering and tells administrators. */
  tokenWatch: TokenWatch;
  settings: SettingsView;
  settingsRegistry: SettingsRegistry;
  spendingRules: SpendingRuleBook;
  spendingCounter: SpendingCounter;
  /** Orders, reveals, provider reads and waiting requests per person (velocity limits). */
  velocity: VelocityGuard;
  /** Step-up confirmation: one-time codes from an authenticator app for the actions a stolen account wants. */
  stepUp: StepUp;
  /** Step-up for orders above an amount (a setting). */
  orderStepUp: OrderStepUp;
  checkLimits: ReturnType<typeof createLimitCheck>;
  /** Each cost centre's monthly budget: judged at the summary, Confirm and Approve, and shown by /budgets. */
  budgets: Budgets;
  lowBalance: LowBalanceWatch;
  /** The runway (how long the wallet lasts), its alert and the top-up requests' watch. */
  runway: RunwayServices;
  walletShort: WalletShortAlert;
  metrics: Metrics;
  /** The stored catalog: what the sync writes, what /order reads (its menu from memory on PostgreSQL, kept by viewFreshness), the cached prices. */
  catalog: CatalogStore;
  provider: ProviderClient;
  limiter: RateLimiter;
  orders: OrderService;
  approvals: ApprovalService;
  approvalAnnouncer: ApprovalAnnouncer;
  /** Privileged changes that wait for a second administrator, and their cards and news. */
  dualControl: DualControl;
  dualControlAnnouncer: DualControlAnnouncer;
  /** Annotating the statement's exceptions and closing months. */
  monthClose: MonthCloseServices;
  /** The administrators' group where bound (src/admin-group): where cards, alerts and the feed go instead of private chats. */
  adminGroup: AdminGroupBinding;
  /** Where approval cards go in the group (its approvals topic, its language, who asked for private copies); null: no group bound. */
  approvalsPlace: () => Promise<{ chatId: number; threadId?: number; locale: Locale; privateCopies: readonly number[] } | null>;
  /** How a kind of administrators' news reaches the group's topic or each administrator (cases take the alerts' route). */
  adminRouting: AdminRouting;
  orderFeed: OrderFeed;
  dailyDigest: DailyDigest;
  /** The wallet's local copy of transactions, its watch and the statement's open exceptions. */
  ledger: LedgerServices;
}
