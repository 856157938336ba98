import type { PageOf, PageRequest } from '../db/paging.js';
import type { PlacedOrder } from '../provider/schemas.js';
import { orderFingerprint } from './fingerprint.js';
import { createMutex } from './mutex.js';
import { placeOrderBody } from './order-line.js';
import type { ClaimResult, OrderRow } from '../db/order-store.js';
import { databaseFileErrorIn } from '../db/database-file-error.js';
import { classifyPlaceError, OrderNotSentError, OrderNotStoredError, type RejectReason } from './place-errors.js';
import { ANSWERED_FROM, createAnswerRecording, errorName } from './answer-recording.js';
import { createSendChecks, type Unsent } from './send-checks.js';
import type { LimitKind } from './limit-check.js';
import type { OrderServiceDeps, PlaceInput } from './order-service-deps.js';

export { FIRST_CHECK_AFTER_PLACED_MS, FIRST_CHECK_AFTER_UNKNOWN_MS } from './answer-recording.js';

export type { OrderRow } from '../db/order-store.js';
export type { RejectReason } from './place-errors.js';
export type { OrderServiceDeps, PlaceInput } from './order-service-deps.js';

export type PlaceResult =
  | { kind: 'placed'; order: OrderRow }
  | {
      kind: 'rejected';
      order: OrderRow;
      providerMessage: string | null;
      reason: RejectReason;
      error?: unknown;
      /** The balance read to tell a funds refusal from another 422; set with 'insufficient-funds' only. */
      balance?: number;
      /** The products an administrator hid, set with 'product-hidden' only. */
      hidden?: number[];
      /** Which limit refused it, set with 'over-limit' only: a cost centre's budget is worded apart from the person's limits. */
      limit?: LimitKind;
    }
  | { kind: 'unknown'; order: OrderRow }
  /** The provider accepted the order but it could not be recorded as placed: administrators sort it out. */
  | { kind: 'accepted-unrecorded'; order: OrderRow; providerReference: string }
  | { kind: 'already-confirmed'; order: OrderRow }
  | { kind: 'same-order-pending'; order: OrderRow };

export interface OrderService {
  createIntentAndPlace(input: PlaceInput): Promise<PlaceResult>;
  /** See OrderStore.recoverInterrupted: run by the holder of the background work, at its start and then every few seconds. */
  recoverInterrupted(unownedBefore?: Date): Promise<{ unknown: number; notPlaced: number }>;
  get(orderId: number): Promise<OrderRow | null>;
  listForUser(userId: number, request: PageRequest): Promise<PageOf<OrderRow>>;
}

const DEFAULT_PLACE_TIMEOUT_MS = 30_000;

/** Between claims of an intent while another instance's POST is in flight. */
const BUSY_WALLET_RETRY_MS = 250;
/** How much longer than a POST's own timeout an intent waits for another instance's POST to end. */
const BUSY_WALLET_GRACE_MS = 5_000;

/** A check that failed after the claim: the order is closed as never sent before the failure is passed on. */
const NEVER_SENT: Unsent = { reason: 'other', providerMessage: null, facts: { cause: 'never-sent' } };

export function createOrderService(deps: OrderServiceDeps): OrderService {
  const { orders: repo, provider, clock, logger, sandbox } = deps;
  // One POST in flight per wallet; orders_one_placing_idx is the backstop across processes.
  const wallet = createMutex();
  const { settlePlaced, settleUnknown, settleAccepted } = createAnswerRecording({ repo, clock, logger, ...(deps.onChargedOtherAmount ? { onChargedOtherAmount: deps.onChargedOtherAmount } : {}) });

  const { hiddenIn, whyNotSend } = createSendChecks(deps);

  /** Closes an intent unsent for `unsent`'s reason; null when it had moved on meanwhile. */
  /**
   * Closes an order unsent for `unsent`'s reason, from 'intent' or, after the
   * last check under the claim, from 'placing' (whose flight then ends here);
   * null when it had moved on meanwhile.
   */
  async function closeUnsent(order: OrderRow, input: PlaceInput, unsent: Unsent, from: 'intent' | 'placing' = 'intent'): Promise<(PlaceResult & { kind: 'rejected' }) | null> {
    const at = new Date(clock.now());
    const closed = await repo.transition({
      id: order.id,
      from,
      to: 'not_placed',
      set: from === 'placing' ? { finishedAt: at, postEndedAt: at } : { finishedAt: at },
      audit: { actorId: input.userId, action: 'order.not_placed', facts: unsent.facts },
    });
    if (!closed) return null;
    logger.warn({ orderId: order.id, ...unsent.facts }, 'order not sent');
    return { kind: 'rejected', order: closed, providerMessage: unsent.providerMessage, reason: unsent.reason, ...(unsent.hidden ? { hidden: unsent.hidden } : {}), ...(unsent.limit ? { limit: unsent.limit } : {}) };
  }

  /**
   * Claims the intent for the wallet's one POST. Another instance's POST in
   * flight is waited out, as this process's own are behind the wallet lock:
   * the intent stays an intent and is claimed again, with the reasons not to
   * send read again each time (a limit now counts that other order). Only
   * when that POST outlasts its own timeout is the intent closed unsent.
   */
  async function claimWaiting(intent: OrderRow, input: PlaceInput): Promise<{ claim: ClaimResult } | { closed: PlaceResult | null }> {
    const deadline = clock.now() + (deps.placeTimeoutMs ?? DEFAULT_PLACE_TIMEOUT_MS) + BUSY_WALLET_GRACE_MS;
    for (;;) {
      const unsent = await whyNotSend(intent, input);
      if (unsent) return { closed: await closeUnsent(intent, input, unsent) };
      const lastTry = clock.now() >= deadline;
      const claim = await repo.claimForPlacing(intent.id, input.userId, { keepIfBusy: !lastTry });
      if (claim.kind !== 'busy' || lastTry) return { claim };
      await clock.sleep(BUSY_WALLET_RETRY_MS);
    }
  }

  /**
   * The reasons not to send, read once more now that the order holds the
   * wallet's one POST: the check before the claim ran outside it, and on
   * PostgreSQL another instance's whole order can have been placed between
   * that check and this claim (its money then counts only from here on).
   * With the claim held, no other order of the wallet moves until this one
   * is settled, so what is read now stays true up to the POST. The copies
   * of rules and roles are read again first where another instance changed
   * them. An order stopped here was never sent: it goes to 'not_placed'.
   */
  async function recheckClaimed(order: OrderRow, input: PlaceInput): Promise<{ order: OrderRow } | { closed: PlaceResult }> {
    let unsent: Unsent | null;
    try {
      await deps.freshen?.();
      unsent = await whyNotSend(order, input);
    } catch (error) {
      // Nothing was sent: the claim must not hold the wallet's one POST while this instance lives.
      await closeUnsent(order, input, NEVER_SENT, 'placing').catch(() => undefined);
      throw error;
    }
    if (!unsent) return { order };
    const closed = await closeUnsent(order, input, unsent, 'placing');
    if (!closed) throw new Error(`order ${order.id} left 'placing' before its POST was sent`);
    return { closed };
  }

  /**
   * Runs a step before the POST: a database file that cannot be written
   * (full, read-only, gone) there means nothing was sent, and is said so
   * (OrderNotStoredError), with the file and the cause in the log.
   */
  async function beforePost<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      const file = databaseFileErrorIn(error);
      if (!file) throw error;
      logger.error({ file: file.path, code: file.code }, `order not sent: ${file.message}`);
      throw new OrderNotStoredError(file);
    }
  }

  /** Holds the wallet lock from the claim to the recorded outcome. Returns whether a 422 may be a funds problem. */
  async function placeClaimed(intent: OrderRow, input: PlaceInput): Promise<{ result: PlaceResult; checkFunds: boolean }> {
    // Under the wallet lock (held across the awaited reads, not released before the POST).
    const claimed = await beforePost(() => claimWaiting(intent, input));
    if ('closed' in claimed) {
      if (claimed.closed) return { result: claimed.closed, checkFunds: false };
      const now = await repo.get(intent.id);
      return { result: { kind: 'already-confirmed', order: now ?? intent }, checkFunds: false };
    }
    const { claim } = claimed;
    if (claim.kind === 'same-order-pending') return { result: { kind: 'same-order-pending', order: claim.pending }, checkFunds: false };
    if (claim.kind === 'moved') return { result: { kind: 'already-confirmed', order: claim.order }, checkFunds: false };
    if (claim.kind === 'busy') {
      logger.error({ orderId: intent.id }, 'another instance kept an order in flight longer than its timeout; not sent');
      return {
        result: { kind: 'rejected', order: claim.order, providerMessage: null, reason: 'wallet-busy' },
        checkFunds: false,
      };
    }
    const claimedNow = await beforePost(() => recheckClaimed(claim.order, input));
    if ('closed' in claimedNow) return { result: claimedNow.closed, checkFunds: false };
    const order = claimedNow.order;

    let placed: PlacedOrder;
    try {
      placed = await provider.placeOrder(placeOrderBody(order.lines), {
        priority: 'interactive',
        // The budget may have held the POST back a moment: a pause that began, or a product hidden, meanwhile still stops it.
        beforeSend: async () => {
          const pausedNow = (await deps.orderingPaused?.()) ?? null;
          if (pausedNow) throw new OrderNotSentError('paused', pausedNow.reason);
          const hiddenNow = await hiddenIn(order);
          if (hiddenNow) throw new OrderNotSentError('product-hidden', null, hiddenNow.ids);
        },
      });
    } catch (error) {
      const verdict = classifyPlaceError(error);
      if (verdict.kind === 'unknown') {
        logger.warn({ orderId: order.id, error: verdict.detail }, 'order outcome unknown; will reconcile');
        return { result: { kind: 'unknown', order: await settleUnknown(order, input.userId, verdict.detail) }, checkFunds: false };
      }
      const rejected = await repo.transition({
        id: order.id,
        from: ANSWERED_FROM,
        to: 'rejected',
        set: { providerMessage: verdict.providerMessage, finishedAt: new Date(clock.now()), postEndedAt: new Date(clock.now()) },
        audit: { actorId: input.userId, action: 'order.rejected', facts: { reason: verdict.reason, provider: verdict.providerMessage, technical: verdict.detail } },
      });
      if (!rejected) throw new Error(`order ${order.id} left 'placing' and 'unknown' while its POST was refused`);
      logger.info({ orderId: order.id, error: verdict.detail }, 'order rejected by the provider');
      const hidden = error instanceof OrderNotSentError && error.hidden ? { hidden: error.hidden } : {};
      return {
        result: { kind: 'rejected', order: rejected, providerMessage: verdict.providerMessage, reason: verdict.reason, error, ...hidden },
        checkFunds: verdict.mayBeFunds,
      };
    }

    try {
      const settled = await settlePlaced(order, placed, input.userId);
      logger.info({ orderId: order.id, providerOrderId: placed.orderId, amount: placed.amount }, 'order placed');
      return { result: { kind: 'placed', order: settled }, checkFunds: false };
    } catch (error) {
      // The provider took the order: whatever failed here, it is never reported as unknown or not placed.
      const why = errorName(error);
      logger.error({ orderId: order.id, providerOrderId: placed.orderId, error: why }, 'accepted order not recorded as placed; sent to review');
      const held = await settleAccepted(order, placed, input.userId, why);
      return { result: { kind: 'accepted-unrecorded', order: held, providerReference: placed.orderReference }, checkFunds: false };
    }
  }

  /** A 422 does not say which rule failed; the balance tells whether it was the money. */
  async function refineFunds(result: PlaceResult & { kind: 'rejected' }): Promise<PlaceResult> {
    try {
      const { balance } = await provider.getBalance({ priority: 'interactive' });
      return balance < result.order.totalAmount ? { ...result, reason: 'insufficient-funds', balance } : result;
    } catch {
      return result;
    }
  }

  return {
    async createIntentAndPlace(input) {
      const opened = await beforePost(() => repo.openIntent({
        confirmKey: input.confirmKey,
        userId: input.userId,
        chatId: input.chatId,
        fingerprint: orderFingerprint(input.userId, input.lines),
        lines: input.lines,
        sandbox,
        ...(input.batch ? { batch: input.batch } : {}),
        ...(input.purpose ? { purpose: input.purpose } : {}),
      }));
      if (opened.kind !== 'created') return opened;

      const { result, checkFunds } = await wallet.runExclusive(() => placeClaimed(opened.order, input));
      return checkFunds && result.kind === 'rejected' ? refineFunds(result) : result;
    },

    async recoverInterrupted(unownedBefore) {
      const counts = await repo.recoverInterrupted(deps.placeTimeoutMs ?? DEFAULT_PLACE_TIMEOUT_MS, unownedBefore);
      if (counts.unknown > 0 || counts.notPlaced > 0) logger.warn(counts, 'recovered interrupted orders');
      return counts;
    },

    get: (orderId) => repo.get(orderId),
    listForUser: (userId, request) => repo.listForUser(userId, request),
  };
}
