import type { Middleware } from 'grammy';
import type { AdminGroupBinding } from '../admin-group/admin-group-binding.js';
import type { BotContext } from './context.js';
import type { Clock } from '../clock.js';
import type { ChangeCounts } from '../db/change-counters.js';
import type { PeopleView } from '../db/people-view.js';
import type { SessionStore } from '../db/session-store.js';
import type { StaffView } from '../db/staff-view.js';
import type { StrangerRepliesStore } from '../db/stranger-replies-store.js';
import type { Logger } from '../logger.js';
import type { OrderStepUp } from '../safeguards/step-up/order-step-up.js';
import type { StepUp } from '../safeguards/step-up/step-up.js';
import type { Settings } from '../settings/settings-view.js';
import type { Locale } from '../text/i18n.js';
import type { Presentation } from '../text/presentation.js';
import type { OrderConversationDeps } from './conversations/order/order-types.js';
import type { DescribePerson } from './describe-person.js';
import type { LocaleOf } from './person-locale.js';
import type { TelegramPace } from './telegram-pace.js';
import type { ButtonLooks } from './keyboard-style.js';
import type { FeatureWiring } from './wired-features.js';

/**
 * What the bot itself is built from: its connection to Telegram, what every
 * update goes through before any feature (who is staff, the chat's state,
 * the reader's language and presentation, the step-up gate), and then the
 * order conversation and the features, each wired with its own deps in
 * src/app/bot-features.ts. No feature reads from here.
 */
export interface BotEssentials {
  token: string;
  apiRoot?: string | undefined;
  /** Telegram's limits shared with the process's fan-outs: the bot's answers count in them and go first. */
  pace?: TelegramPace;
  /** Styled and disabled buttons, plain where the Bot API server refuses them; shared with the process's other connections. */
  buttonLooks?: ButtonLooks;
  staff: StaffView;
  /** The administrators' group (src/admin-group): presses and /admingroup there go on; absent, every group is left. */
  adminGroup?: Pick<AdminGroupBinding, 'current' | 'lost'>;
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
  /** Where /strangers keeps whether strangers are answered; absent, they always are. */
  strangerSettings?: Settings;
  /** Conversation state, one JSON value per chat: kept across restarts on whichever database holds it. */
  sessions: SessionStore<unknown>;
  defaultLocale: Locale;
  /**
   * How the deployment shows things beside each reader's language: the
   * amount unit, the time zone every time is shown in, the calendar exports
   * count months by, and the SANDBOX badge on every message (sandbox mode).
   * Every update carries it (ctx.presentation).
   */
  presentation: Presentation;
  /** The language a chat is written in outside its own update (the sandbox badge's, a person told of a change). */
  localeOf: LocaleOf;
  /** Names people on the step-up gate's prompts and news. */
  describePerson: DescribePerson;
  /** Answers to the bot's own questions (a favourite's new name), taken before the order conversation, which would read them as a search. */
  beforeConversations?: Middleware<BotContext>[];
  /** Step-up confirmation (one-time codes from an authenticator app); absent, nothing asks for one. */
  stepUp?: StepUp;
  /** Step-up for orders above an amount (with `stepUp`): a right code leaves a pass for the order's Confirm. */
  orderStepUp?: Pick<OrderStepUp, 'recordPass'>;
  /** How long an order left half-way is kept: /resume tells those whose order still is. */
  orderIdleMs: number;
  /** The order conversation's own deps, wired beside the features' (src/app/bot-features.ts). */
  orderConversation: OrderConversationDeps;
  /** Every feature past the order conversation, wired, in the order they are installed. */
  features: FeatureWiring;
  /** Observers for metrics; they never change how an update is handled. */
  onUpdateHandled?: () => void;
  onHandlerError?: () => void;
  clock: Clock;
  logger: Logger;
}
