import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { BACKOFF } from '../tracking/backoff.js';
import type { PageOf, PageRequest } from '../db/paging.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import type { PlaceOrderBody, PlacedOrder } from '../provider/schemas.js';
import { orderFingerprint } from './fingerprint.js';
import { createMutex } from './mutex.js';
import { createOrderRepo, type OrderRow } from './order-repo.js';
import { classifyPlaceError, type RejectReason } from './place-errors.js';

export type { OrderRow } from './order-repo.js';
export type { RejectReason } from './place-errors.js';

export interface PlaceInput {
  /** Unique per confirmation summary: pressing "confirm" twice places one order. */
  confirmKey: string;
  userId: number;
  chatId: number;
  product: { id: number; title: string };
  region: { regionPropertyId: number; title: string | null; price: number };
  quantity: number;
  fields: { fieldId: number; title: string; value: string }[];
}

export type PlaceResult =
  | { kind: 'placed'; order: OrderRow }
  | { kind: 'rejected'; order: OrderRow; providerMessage: string | null; reason: RejectReason; error?: unknown }
  | { kind: 'unknown'; order: OrderRow }
  | { kind: 'already-confirmed'; order: OrderRow }
  | { kind: 'same-order-pending'; order: OrderRow };

export interface OrderService {
  createIntentAndPlace(input: PlaceInput): Promise<PlaceResult>;
  /** Run once at start-up, before the bot takes updates. */
  recoverInterrupted(): { unknown: number; notPlaced: number };
  get(orderId: number): OrderRow | null;
  listForUser(userId: number, request: PageRequest): PageOf<OrderRow>;
}

export interface OrderServiceDeps {
  db: Db;
  provider: Pick<ProviderClient, 'placeOrder' | 'getBalance'>;
  clock: Clock;
  logger: Logger;
  /** Recorded on every order so that sandbox orders are never mistaken for real ones. */
  sandbox: boolean;
  /**
   * When the shared rate limiter lets requests out again (epoch ms; the
   * provider's Retry-After). An order is not started while that is far off:
   * it would sit in 'placing' holding the wallet, and a shutdown meanwhile
   * would leave an outcome that looks unknown although nothing was sent.
   */
  providerPausedUntil?: () => number;
}

/** How long an order may wait for a rate-limit pause to end before it is refused unsent. */
export const MAX_PAUSE_WAIT_MS = 3_000;

/** First delivery check after an accepted order, and first reconciliation after an unknown outcome. */
export const FIRST_CHECK_AFTER_PLACED_MS = BACKOFF.fast.firstMs;
export const FIRST_CHECK_AFTER_UNKNOWN_MS = BACKOFF.reconcile.firstMs;

export function buildPlaceOrderBody(input: Pick<PlaceInput, 'product' | 'region' | 'quantity' | 'fields'>): PlaceOrderBody {
  const body: PlaceOrderBody = {
    products: [
      { productId: input.product.id, regionPropertyId: input.region.regionPropertyId, quantity: input.quantity },
    ],
  };
  if (input.fields.length > 0) {
    body.requiredFields = {
      [String(input.product.id)]: input.fields.map((field) => ({ fieldId: field.fieldId, value: field.value.trim() })),
    };
  }
  return body;
}

export function createOrderService(deps: OrderServiceDeps): OrderService {
  const { db, provider, clock, logger, sandbox } = deps;
  const repo = createOrderRepo({ db, clock });
  // One POST in flight per wallet; orders_one_placing_idx is the backstop across processes.
  const wallet = createMutex();

  function settlePlaced(order: OrderRow, placed: PlacedOrder, actorId: number): OrderRow {
    const quoted = order.totalAmount;
    const moved = repo.transition({
      id: order.id,
      from: 'placing',
      to: 'in_progress',
      set: {
        providerOrderId: placed.orderId,
        providerReference: placed.orderReference,
        providerStatus: placed.status,
        totalAmount: placed.amount,
        nextCheckAt: new Date(clock.now() + FIRST_CHECK_AFTER_PLACED_MS),
      },
      audit: {
        actorId,
        action: 'order.placed',
        detail: placed.amount === quoted ? null : `amount differs from quoted ${quoted}`,
      },
    });
    if (!moved) throw new Error(`order ${order.id} left 'placing' while its POST was answered`);
    if (placed.amount !== quoted) {
      logger.warn({ orderId: order.id, quoted, charged: placed.amount }, 'provider charged a different amount');
    }
    return moved;
  }

  function settleUnknown(order: OrderRow, actorId: number, detail: string): OrderRow {
    const moved = repo.transition({
      id: order.id,
      from: 'placing',
      to: 'unknown',
      set: { nextCheckAt: new Date(clock.now() + FIRST_CHECK_AFTER_UNKNOWN_MS) },
      audit: { actorId, action: 'order.unknown', detail },
    });
    return moved ?? repo.get(order.id) ?? order;
  }

  /** Holds the wallet lock from the claim to the recorded outcome. Returns whether a 422 may be a funds problem. */
  async function placeClaimed(intent: OrderRow, input: PlaceInput): Promise<{ result: PlaceResult; checkFunds: boolean }> {
    const pausedFor = (deps.providerPausedUntil?.() ?? 0) - clock.now();
    if (pausedFor > MAX_PAUSE_WAIT_MS) {
      const closed = repo.transition({
        id: intent.id,
        from: 'intent',
        to: 'not_placed',
        set: { finishedAt: new Date(clock.now()) },
        audit: { actorId: input.userId, action: 'order.not_placed', detail: `not sent: provider rate limit for ${Math.ceil(pausedFor / 1000)} s` },
      });
      if (closed) {
        logger.warn({ orderId: intent.id, pausedForMs: pausedFor }, 'order not sent: the provider asked us to wait');
        return { result: { kind: 'rejected', order: closed, providerMessage: null, reason: 'rate-limited' }, checkFunds: false };
      }
    }
    const claim = repo.claimForPlacing(intent.id, input.userId);
    if (claim.kind === 'same-order-pending') return { result: { kind: 'same-order-pending', order: claim.pending }, checkFunds: false };
    if (claim.kind === 'moved') return { result: { kind: 'already-confirmed', order: claim.order }, checkFunds: false };
    if (claim.kind === 'busy') {
      logger.error({ orderId: intent.id }, 'another order was in flight outside this process; not sent');
      return {
        result: { kind: 'rejected', order: claim.order, providerMessage: null, reason: 'conflict' },
        checkFunds: false,
      };
    }
    const order = claim.order;

    let placed: PlacedOrder;
    try {
      placed = await provider.placeOrder(buildPlaceOrderBody(input), { priority: 'interactive' });
    } catch (error) {
      const verdict = classifyPlaceError(error);
      if (verdict.kind === 'unknown') {
        logger.warn({ orderId: order.id, error: verdict.detail }, 'order outcome unknown; will reconcile');
        return { result: { kind: 'unknown', order: settleUnknown(order, input.userId, verdict.detail) }, checkFunds: false };
      }
      const rejected = repo.transition({
        id: order.id,
        from: 'placing',
        to: 'rejected',
        set: { providerMessage: verdict.providerMessage, finishedAt: new Date(clock.now()) },
        audit: { actorId: input.userId, action: 'order.rejected', detail: verdict.detail },
      });
      if (!rejected) throw new Error(`order ${order.id} left 'placing' while its POST was refused`);
      logger.info({ orderId: order.id, error: verdict.detail }, 'order rejected by the provider');
      return {
        result: { kind: 'rejected', order: rejected, providerMessage: verdict.providerMessage, reason: verdict.reason, error },
        checkFunds: verdict.mayBeFunds,
      };
    }

    try {
      const settled = settlePlaced(order, placed, input.userId);
      logger.info({ orderId: order.id, providerOrderId: placed.orderId, amount: placed.amount }, 'order placed');
      return { result: { kind: 'placed', order: settled }, checkFunds: false };
    } catch (error) {
      // The provider took the order but it could not be recorded: reconciliation will find it.
      const detail = error instanceof Error ? `recording failed: ${error.name}` : 'recording failed';
      logger.error({ orderId: order.id, providerOrderId: placed.orderId, error: detail }, 'placed order not recorded');
      return { result: { kind: 'unknown', order: settleUnknown(order, input.userId, detail) }, checkFunds: false };
    }
  }

  /** A 422 does not say which rule failed; the balance tells whether it was the money. */
  async function refineFunds(result: PlaceResult & { kind: 'rejected' }): Promise<PlaceResult> {
    try {
      const { balance } = await provider.getBalance({ priority: 'interactive' });
      return balance < result.order.totalAmount ? { ...result, reason: 'insufficient-funds' } : result;
    } catch {
      return result;
    }
  }

  return {
    async createIntentAndPlace(input) {
      const opened = repo.openIntent({
        confirmKey: input.confirmKey,
        userId: input.userId,
        chatId: input.chatId,
        fingerprint: orderFingerprint({
          userId: input.userId,
          productId: input.product.id,
          regionPropertyId: input.region.regionPropertyId,
          quantity: input.quantity,
          fieldValues: input.fields,
        }),
        productId: input.product.id,
        productTitle: input.product.title,
        regionPropertyId: input.region.regionPropertyId,
        regionTitle: input.region.title,
        quantity: input.quantity,
        unitPrice: input.region.price,
        fieldValues: input.fields,
        sandbox,
      });
      if (opened.kind !== 'created') return opened;

      const { result, checkFunds } = await wallet.runExclusive(() => placeClaimed(opened.order, input));
      return checkFunds && result.kind === 'rejected' ? refineFunds(result) : result;
    },

    recoverInterrupted() {
      const counts = repo.recoverInterrupted();
      if (counts.unknown > 0 || counts.notPlaced > 0) logger.warn(counts, 'recovered interrupted orders');
      return counts;
    },

    get: (orderId) => repo.get(orderId),
    listForUser: (userId, request) => repo.listForUser(userId, request),
  };
}
