import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { OrderRow } from '../db/order-store.js';
import type { OrderService, PlaceResult } from '../orders/order-service.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import type { ProviderClient } from '../provider/client.js';
import { ProviderNotFoundError } from '../provider/errors.js';
import type { BatchRecord, BatchStore } from '../db/batch-store.js';
import { batchConfirmKey, type BatchHoldReason } from '../domain/batches.js';
import { isLive, isOpen, ordersAt, settled } from './batch-orders.js';

/** A hold for an unknown outcome is looked at again after this long at the soonest. */
const RESUME_AFTER_MS = 5_000;
/** A file of codes that could not be sent is tried again after this, doubling up to FILE_RETRY_MAX_MS. */
const FILE_RETRY_MS = 10_000;
const FILE_RETRY_MAX_MS = 10 * 60_000;

/** How long one pass keeps placing a batch's orders before it lets the loop's other batches and work have a turn. */
const PASS_BUDGET_MS = 10_000;

interface BatchRunnerDeps {
  store: BatchStore;
  orders: Pick<OrderService, 'createIntentAndPlace'>;
  /** Reads of the product before each order: its price and stock now. */
  provider: Pick<ProviderClient, 'getProduct'>;
  /** The switch as stored: every instance's pause holds a batch. */
  pause: Pick<OrderingPauseStore, 'current'>;
  /** Which of these products administrators hid from staff: a batch holds before one, and goes on once it is shown. */
  hiddenProducts: (productIds: number[]) => Promise<number[]>;
  /** The batch moved or one more of its orders went out: the progress message may be edited. Never throws. */
  onProgress: (batch: BatchRecord, options?: { quiet?: boolean; force?: boolean }) => Promise<void>;
  /** The batch stopped at an order and waits for the orderer's word (Continue or Stop); `price` when a price moved. Never throws. */
  onHeld: (batch: BatchRecord, price: PriceMove | null) => Promise<void>;
  /**
   * Every order the batch placed reached a final state: the file of codes
   * goes out. Throws when it could not be sent; the next pass tries again.
   */
  onSettled: (batch: BatchRecord, orders: OrderRow[]) => Promise<void>;
  clock: Clock;
  logger: Logger;
}

/** A product's price at the provider moved from the one confirmed: what Continue accepts. */
export interface PriceMove {
  productId: number;
  regionPropertyId: number;
  product: string;
  from: number;
  to: number;
}

/** What the POST's outcome means for the batch: go on, hold (and why), or try the same order on a later pass. */
type Next = { kind: 'advance' } | { kind: 'hold'; reason: BatchHoldReason; price?: PriceMove } | { kind: 'later' } | { kind: 'stop' };

function nextAfter(result: PlaceResult): Next {
  switch (result.kind) {
    case 'placed':
      return { kind: 'advance' };
    // The provider took it and administrators are recording it (needs_review): never "refused"; the batch goes on once it is settled.
    case 'accepted-unrecorded':
      return { kind: 'hold', reason: 'unknown-outcome' };
    case 'already-confirmed':
      // Found under its key: an intent still open is waited for, never skipped.
      return isOpen(result.order) ? { kind: 'hold', reason: 'unknown-outcome' } : isLive(result.order) ? { kind: 'advance' } : { kind: 'later' };
    // An identical order's outcome is unknown: reconciliation must settle it before another like it is sent.
    case 'same-order-pending':
    case 'unknown':
      return { kind: 'hold', reason: 'unknown-outcome' };
    case 'rejected':
      switch (result.reason) {
        case 'insufficient-funds':
          return { kind: 'hold', reason: 'funds' };
        case 'conflict':
          return { kind: 'hold', reason: 'stock' };
        case 'paused':
          return { kind: 'hold', reason: 'paused' };
        case 'auth':
        case 'forbidden':
          return { kind: 'hold', reason: 'access' };
        case 'over-limit':
          return { kind: 'hold', reason: 'limit' };
        case 'needs-approval':
          return { kind: 'hold', reason: 'approval' };
        // Hidden in the instant between the runner's own check and the POST: the same hold as that check's.
        case 'product-hidden':
          return { kind: 'hold', reason: 'product-hidden' };
        // Removed from the staff, or made a viewer, since: nothing more is ordered for them.
        case 'no-access':
          return { kind: 'stop' };
        case 'rate-limited':
        case 'unreachable':
        case 'wallet-busy':
          return { kind: 'later' };
        default:
          return { kind: 'hold', reason: 'provider' };
      }
  }
}

/**
 * Places the orders of running batches one after another, on the instance
 * that holds the background work. Each order has its own confirm key
 * derived from the batch (and the attempt at that place), so a crash, a
 * replay or two passes at once never place one twice: the order service
 * answers a known key with the order it already made. Before each order the
 * product is read again; a price or stock change, the pause, a product an
 * administrator hid, a refusal or an unknown outcome holds the batch at
 * that order.
 */
export function createBatchRunner(deps: BatchRunnerDeps) {
  const { store, clock, logger } = deps;
  const at = () => new Date(clock.now());

  async function hold(batch: BatchRecord, reason: BatchHoldReason, price: PriceMove | null): Promise<BatchRecord | null> {
    const held = await store.move(batch.id, { from: ['running'], to: 'held', heldReason: reason, at: at() });
    if (held) {
      logger.info({ batchId: batch.id, index: held.nextIndex, reason }, 'batch held');
      if (reason !== 'unknown-outcome') await deps.onHeld(held, price);
      await deps.onProgress(held);
    }
    return held;
  }

  /** The products of the order at `index` that administrators hid. */
  function hiddenAt(batch: BatchRecord, index: number): Promise<number[]> {
    return deps.hiddenProducts((batch.plan[index]?.lines ?? []).map((line) => line.product.id));
  }

  /** The product as the provider has it now, against the order's confirmed price and the stock it needs. */
  async function stillAsConfirmed(batch: BatchRecord, index: number): Promise<Extract<Next, { kind: 'hold' }> | null> {
    for (const line of batch.plan[index]!.lines) {
      let product;
      try {
        product = await deps.provider.getProduct(line.product.id, { priority: 'background' });
      } catch (error) {
        if (error instanceof ProviderNotFoundError) return { kind: 'hold', reason: 'stock' };
        throw error;
      }
      const region = product.regionProperties.find((r) => r.regionPropertyId === line.region.regionPropertyId);
      if (!region) return { kind: 'hold', reason: 'stock' };
      if (region.price !== line.region.price) {
        const price = { productId: line.product.id, regionPropertyId: region.regionPropertyId, product: line.product.title, from: line.region.price, to: region.price };
        return { kind: 'hold', reason: 'price-changed', price };
      }
      if (region.stock < line.quantity) return { kind: 'hold', reason: 'stock' };
    }
    return null;
  }

  /** One order of the batch: placed, found placed already, or the reason the batch stops there. */
  async function placeAt(batch: BatchRecord, index: number): Promise<Next> {
    const attempts = ordersAt(await store.orders(batch.id), index);
    const last = attempts.at(-1);
    if (last && isOpen(last)) return { kind: 'hold', reason: 'unknown-outcome' };
    if (last && isLive(last)) return { kind: 'advance' };
    if (await deps.pause.current()) return { kind: 'hold', reason: 'paused' };
    // Before the provider is asked: a product an administrator hid is not ordered at any price.
    if ((await hiddenAt(batch, index)).length > 0) return { kind: 'hold', reason: 'product-hidden' };
    const changed = await stillAsConfirmed(batch, index);
    if (changed) return changed;
    // Read again right before the POST: a Stop pressed meanwhile sends nothing more.
    const now = await store.get(batch.id);
    if (now?.state !== 'running' || now.nextIndex !== index) return { kind: 'later' };
    const key = batchConfirmKey(batch.key, index);
    const result = await deps.orders.createIntentAndPlace({
      confirmKey: attempts.length === 0 ? key : `${key}:${attempts.length}`,
      userId: batch.requesterId,
      chatId: batch.chatId,
      lines: batch.plan[index]!.lines,
      batch: { id: batch.id, index },
      // Judged again under the wallet's one POST against its cost centre's budget, as any order.
      ...(batch.plan[index]!.costCentreId ? { purpose: { costCentreId: batch.plan[index]!.costCentreId!, note: null } } : {}),
      // Approved as a whole: the day's threshold was judged on the batch, not order by order.
      ...(batch.approvedBy !== null ? { approved: true } : {}),
    });
    return nextAfter(result);
  }

  /** Places orders of one running batch for up to PASS_BUDGET_MS. */
  async function run(start: BatchRecord): Promise<void> {
    const until = clock.now() + PASS_BUDGET_MS;
    let batch: BatchRecord | null = start;
    while (batch?.state === 'running' && clock.now() < until) {
      const index: number = batch.nextIndex;
      if (index >= batch.plan.length) {
        const placed = await store.move(batch.id, { from: ['running'], to: 'placed', heldReason: null, at: at() });
        if (placed) await deps.onProgress(placed);
        return;
      }
      const next = await placeAt(batch, index);
      if (next.kind === 'later') return;
      if (next.kind === 'hold') return void (await hold(batch, next.reason, next.price ?? null));
      if (next.kind === 'stop') {
        const stopped = await store.move(batch.id, { from: ['running'], to: 'stopped', heldReason: 'access', at: at() });
        if (stopped) await deps.onProgress(stopped);
        return;
      }
      batch = await store.advance(batch.id, index, at());
      // After the last order the move to 'placed' shows the bar at once: an edit for the advance as well would be two edits a moment apart.
      if (batch && batch.nextIndex < batch.plan.length) await deps.onProgress(batch);
    }
  }

  /**
   * A batch held for an unknown outcome goes on once no order of it is open
   * any more, and not sooner than RESUME_AFTER_MS after the hold: an
   * identical order outside the batch can hold it too, and must not make it
   * try again every second.
   */
  async function resumeIfSettled(batch: BatchRecord): Promise<void> {
    if (clock.now() - batch.updatedAt.getTime() < RESUME_AFTER_MS) return;
    if ((await store.orders(batch.id)).some(isOpen)) return;
    const running = await store.move(batch.id, { from: ['held'], to: 'running', heldReason: null, at: at() });
    if (running) logger.info({ batchId: batch.id }, 'batch goes on: the unknown outcome was settled');
  }

  /**
   * A batch held because an administrator hid a product of its next order
   * goes on by itself once none of that order's products is hidden: Continue
   * could place nothing meanwhile, so it is not offered, and the orderer
   * needs to do nothing more than they did at Confirm. The product is read
   * from the provider again before the order, as always, so a price moved
   * meanwhile still holds the batch and asks.
   */
  async function resumeIfShown(batch: BatchRecord): Promise<void> {
    if ((await hiddenAt(batch, batch.nextIndex)).length > 0) return;
    const running = await store.move(batch.id, { from: ['held'], to: 'running', heldReason: null, at: at() });
    if (!running) return;
    logger.info({ batchId: batch.id, index: running.nextIndex }, 'batch goes on: the hidden product was shown again');
    await deps.onProgress(running);
  }

  /** When a batch's file may be tried again after it failed: memory only, a restart tries at once. */
  const fileRetryAt = new Map<number, { at: number; failures: number }>();

  /** Sent every order (or stopped): once each order it placed is final, the file of codes goes out, once. */
  async function settleIfDone(batch: BatchRecord): Promise<void> {
    if (batch.fileSentAt !== null) return;
    const retry = fileRetryAt.get(batch.id);
    if (retry && clock.now() < retry.at) return;
    const orders = await store.orders(batch.id);
    if (!settled(orders)) return;
    // A batch stopped before anything went out has no file to send: marked settled all the same, so no pass looks at it again.
    if (orders.some(isLive)) {
      try {
        await deps.onSettled(batch, orders);
        fileRetryAt.delete(batch.id);
      } catch (error) {
        // Every try reads the deliveries again: tried again later and later, never every second.
        const failures = (retry?.failures ?? 0) + 1;
        fileRetryAt.set(batch.id, { at: clock.now() + Math.min(FILE_RETRY_MAX_MS, FILE_RETRY_MS * 2 ** (failures - 1)), failures });
        throw error;
      }
    }
    await store.setFileSent(batch.id, at());
    if (batch.state === 'placed') {
      const done = await store.move(batch.id, { from: ['placed'], to: 'done', at: at() });
      if (done) await deps.onProgress(done);
    } else if (batch.state === 'stopped') {
      // A stopped batch stays stopped: its bar is shown once more with what was delivered, for the periodic refresh ends here.
      await deps.onProgress(batch, { force: true });
    }
  }

  return {
    async runOnce(): Promise<void> {
      for (const batch of await store.unsettled()) {
        try {
          if (batch.state === 'running') await run(batch);
          else if (batch.state === 'held' && batch.heldReason === 'unknown-outcome') await resumeIfSettled(batch);
          else if (batch.state === 'held' && batch.heldReason === 'product-hidden') await resumeIfShown(batch);
          else if (batch.state === 'placed' || batch.state === 'stopped') {
            // Deliveries come in meanwhile: the bar shows them (at its own pace) until the file goes out.
            if (batch.fileSentAt === null) await deps.onProgress(batch, { quiet: true });
            await settleIfDone(batch);
          }
        } catch (error) {
          // The process is stopping (its reads are aborted): the batch stays as it is for whoever takes the work over.
          if (error instanceof Error && error.name === 'AbortError') return;
          // A provider read or a message that failed: the batch stays as it is and the next pass tries again.
          logger.warn({ batchId: batch.id, err: error instanceof Error ? error.message : String(error) }, 'batch pass failed; trying again on the next');
        }
      }
    },
  };
}

export type BatchRunner = ReturnType<typeof createBatchRunner>;
