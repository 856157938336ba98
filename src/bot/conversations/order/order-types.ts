import type { VelocityGuard, VelocityVerdict } from '../../../safeguards/velocity/velocity-guard.js';
import type { CatalogCategory } from '../../../db/catalog-store.js';
import type { CatalogReads } from '../../../db/catalog-store.js';
import type { Logger } from '../../../logger.js';
import type { LimitVerdict } from '../../../orders/limit-check.js';
import type { OrderService, PlaceInput } from '../../../orders/order-service.js';
import type { ProviderFor } from '../../../safeguards/velocity/read-pace.js';
import type { Balance, ProductDetail } from '../../../provider/schemas.js';
import type { Locale, Translate } from '../../../text/i18n.js';
import type { Trouble } from '../../provider-trouble.js';
import type { TypingWhileSlow } from '../../typing-while-slow.js';
import type { Pressed } from './actions.js';
import type { Draft } from './draft.js';
import type { PastOrder } from './past-order.js';
import type { PauseSource } from '../../../db/ordering-pause-store.js';
import type { OrderStepUp } from '../../../safeguards/step-up/order-step-up.js';
import type { Favourite, FavouriteStore } from '../../../db/favourite-store.js';
import type { Presentation } from '../../../text/presentation.js';
import type { PurposeReads } from './purpose-step.js';

/**
 * One answer the conversation takes to the step on screen.
 * 'again': show the current step again (it did not reach the staff member, or a button was not valid).
 * 'not-text': a sticker, photo, voice note, contact… where only text or a button can answer.
 */
export type Input = { kind: 'press'; pressed: Pressed } | { kind: 'text'; text: string } | { kind: 'not-text' } | { kind: 'again' };

export interface OrderConversationDeps {
  catalog: CatalogReads;
  /** The provider as the orderer's updates read it (their reads per minute). */
  providerFor: ProviderFor<'getProduct' | 'getBalance'>;
  orders: Pick<OrderService, 'createIntentAndPlace'>;
  translate: (locale: Locale) => Translate;
  /** Classifies and logs a provider failure, alerting administrators where needed. */
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble) => string;
  /** How the deployment shows amounts and times, and whether every step carries the SANDBOX badge. */
  presentation: Presentation;
  idleMs: number;
  perItemLimit: number;
  /** The most products (lines) one order may hold: the provider's limit, a setting. */
  maxLines: number;
  /** Why ordering is paused now, or null: no Confirm is offered or placed while it is. */
  orderingPaused: () => Promise<{ source: PauseSource; reason: string | null } | null>;
  /**
   * The person's spending limits against an order total: the summary names
   * the limit and offers no Confirm; the order service checks again at
   * Confirm, under the wallet lock.
   */
  /** `costCentreId`: the order's, whose month's budget is one more limit where over-budget orders are refused. */
  checkLimits: (userId: number, total: number, costCentreId?: number | null) => Promise<LimitVerdict>;
  /**
   * Stores the order for an administrator's approval instead of placing it
   * when its total is above the person's approval threshold; null when it
   * needs none. Idempotent by confirm key, like placing.
   */
  requestApproval?: (input: PlaceInput) => Promise<ApprovalWaiting | VelocityRefused | null>;
  /** Velocity limits: orders confirmed per hour (each Confirm that would send or ask counts). */
  velocity?: Pick<VelocityGuard, 'take' | 'check'>;
  /**
   * Whether an order of `total` would wait for approval now, counted on the
   * person's day, so that the summary says before Confirm that it will wait.
   * The threshold itself is never shown to the staff member: knowing it
   * would invite splitting an order to stay under it.
   */
  approvalNeeded?: (personId: number, total: number, costCentreId?: number | null) => Promise<boolean>;
  /**
   * Step-up for large orders: above the amount administrators set, Confirm
   * asks for a code from the person's authenticator app, bound to the
   * summary's confirm key; the step-up gate checks the code and leaves a
   * pass that the conversation takes before placing.
   */
  orderStepUp?: Pick<OrderStepUp, 'needed' | 'inForce' | 'ask' | 'takePass'>;
  /** How long delivery usually takes (median of recent orders), for the recap after Confirm; null when unknown. */
  typicalDeliveryMs: () => Promise<number | null>;
  /** The balance read for a summary does not cover its total: administrators hear that staff cannot order. */
  onWalletShort?: (short: { balance: number; total: number; personId: number }) => void;
  /** Each person's favourites and the team's picks: /order opens with them, and the quantity step stars a product. */
  favourites?: Pick<FavouriteStore, 'menuFor' | 'get' | 'add' | 'markUsed'>;
  /** Who may pin a product for the team (administrators, asked at the press), and the audit of a pin. */
  favouritePins?: { canPin: (personId: number) => Promise<boolean>; pinned: (actorId: number, pick: Favourite) => Promise<void> };
  /** The cost centres an order may name and whether it must (purpose-step.ts); absent, nothing is asked. */
  costCentres?: PurposeReads;
  /** Shows "typing…" in the chat while a provider read takes longer than a moment. */
  typingWhileSlow: TypingWhileSlow;
  logger: Logger;
}

/** A velocity limit refused the Confirm: nothing was sent or stored. */
export interface VelocityRefused {
  kind: 'velocity';
  verdict: Extract<VelocityVerdict, { ok: false }>;
}

/** What the staff member is told of an order that waits for approval. */
export interface ApprovalWaiting {
  kind: 'approval';
  total: number;
  expiresAt: number;
}

export interface OrderArgs {
  locale: Locale;
  /** "Order again": a fresh order starts from this past order's choices instead of the categories. */
  again?: PastOrder;
  /** Set when a step of this order hands over to the next (see step-handover.ts); absent on a fresh /order. */
  carried?: CarriedStep;
}

/**
 * What one run leaves the next: the step on screen and what answering it
 * needs. Plain data, stored with the conversation's arguments.
 */
export interface CarriedStep {
  draft: Draft;
  /** The menu message whose buttons are current. */
  menuId: number | null;
  /** The categories last listed, for the title of a product list. */
  shownCategories: CatalogCategory[];
  /** The key chosen for the summary on screen, null when it offers no Confirm (see renderSummary). */
  confirmKey: string | null;
  /** The step on screen did not reach the staff member: their next update shows it again. */
  unshown: boolean;
  /** The confirm key a step-up code was asked for at Confirm: the next right code places that order. */
  codeFor?: string | null;
}

/** Plain result objects only: an error thrown inside `external` would be stored as `{}`. */
export type Fetched<T> = { ok: true; value: T } | { ok: false; trouble: Trouble };

/** The provider's numbers for the summary: the detail of every line (in the order's line order), and the balance. */
export interface Quote {
  details: Fetched<ProductDetail>[];
  balance: Fetched<Balance>;
  /** The products administrators hid, read from the database beside the provider's answers; absent in quotes recorded before it was asked. */
  hidden?: number[];
}
