import type { Api, Middleware } from 'grammy';
import type { BotContext } from './context.js';
import type { OrderMenuOf } from './conversations/order/drop-order.js';
import type { StepUpGate } from './step-up-gate.js';
import type { TellPerson } from './tell-person.js';

/**
 * What only the bot itself can give a feature, because it exists once the
 * bot does: its own Bot API connection (paced as answers, retried, badged),
 * what it made on that connection and on the conversations' storage, and
 * the step-up gate it answers codes through before the conversations.
 */
export interface BotTools {
  /** The bot's own connection: what a feature sends outside its update goes out paced and badged as answers do. */
  api: Api;
  /** Writes to a person's private chat in their language; false when it could not be delivered. */
  tellPerson: TellPerson;
  /** The message id of a chat's order menu, while an order waits half-way there: /cancel and /order take its buttons off. */
  orderMenuOf: OrderMenuOf;
  /** The private chats whose order, left half-way, can still be taken up (kept-orders.ts). */
  keptOrderChats: () => Promise<number[]>;
  /** Present where step-up is wired: the prompts for a code, and what a right code resumes. */
  stepUpGate?: StepUpGate;
}

/** One feature as the app wired it: its name, for a reader and a stack trace, and the middleware the bot installs. */
export interface WiredFeature {
  name: string;
  middleware: Middleware<BotContext>;
}

/**
 * Every feature past the order conversation, in the order the bot installs
 * them: grammY hands an update to each in turn, and the first that takes it
 * ends its way. Called once, when the bot exists.
 */
export type FeatureWiring = (bot: BotTools) => WiredFeature[];
