import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { OrderService, PlaceInput, PlaceResult } from './order-service.js';
import type { ProviderClient } from '../provider/client.js';
import type { SpendingRuleBook } from './spending-rules.js';
import type { ApprovalRow, ApprovalStore } from '../db/approval-store.js';

export type { ApprovalRow, WithdrawApprovalResult } from '../db/approval-store.js';

/** How long a request waits for an administrator before it expires, unless configured. */
const DEFAULT_APPROVAL_EXPIRY_MS = 24 * 60 * 60_000;

import { lineLabel, linesTotal, type OrderLine } from './order-line.js';
import type { LimitCheck, LimitVerdict } from './limit-check.js';
import type { PauseSource } from '../db/ordering-pause-store.js';
import type { ApprovalJudge } from './approval-judge.js';
export type { LimitCheck };

interface ApprovalServiceDeps {
  approvals: ApprovalStore;
  clock: Clock;
  logger: Logger;
  rules: Pick<SpendingRuleBook, 'rulesFor'>;
  /** The administrators now, by Telegram id. */
  adminIds: () => number[];
  provider: Pick<ProviderClient, 'getProduct' | 'getBalance'>;
  orders: Pick<OrderService, 'createIntentAndPlace'>;
  orderingPaused: () => Promise<{ source: PauseSource; reason: string | null } | null>;
  /** Which of these products administrators hid from staff: an Approve places none of them. */
  hiddenProducts?: (productIds: number[]) => Promise<number[]>;
  /** Whether the person may order now: still on the staff and not a viewer. */
  mayOrder: (personId: number) => boolean;
  checkLimits?: LimitCheck;
  /**
   * Whether an order must wait, counted on the person's day (approval-judge.ts).
   * Absent: the order's own total against the threshold.
   */
  judge?: ApprovalJudge;
  /**
   * The order a confirmation already made, if any: a replayed Confirm of an
   * order placed without approval must not become a request now that its own
   * money counts in the day.
   */
  orderByConfirmKey?: (confirmKey: string) => Promise<unknown>;
  expiryMs?: number;
  /**
   * Whether dual control holds though the approver is the only administrator
   * (they removed the other one lately): then they may not approve their own order.
   */
  selfApprovalHeld?: () => Promise<boolean>;
}

/**
 * What the re-check at Approve found that keeps the order waiting, with the
 * request's numbers updated where the provider's changed. `product` names
 * the line ("Title (Region)"). A price is a unit price; when several lines
 * changed price, `across` counts them and the prices are the totals.
 */
export type ApprovalChange =
  | { kind: 'price'; product: string; from: number; to: number; across?: number }
  | { kind: 'stock'; product: string; stock: number }
  | { kind: 'region-gone'; product: string };

export type Blocked =
  | { kind: 'paused'; reason: string | null }
  /** An administrator hid these products ("Title (Region)") since the request was made: it waits until they are shown, or is rejected. */
  | { kind: 'hidden'; product: string }
  | { kind: 'funds'; balance: number }
  | { kind: 'limit'; verdict: Extract<LimitVerdict, { ok: false }> }
  | { kind: 'unchecked'; error: unknown };

export type ApproveOutcome =
  | { kind: 'not-found' }
  /** Decided (approved, rejected, expired) or being checked by someone: `approval.decidedBy` says who. */
  | { kind: 'not-pending'; approval: ApprovalRow }
  /** The press was on a summary with older numbers. */
  | { kind: 'stale'; approval: ApprovalRow }
  /** Pressed after the deadline, before the sweep expired it: nothing is placed; the sweep tells everyone. */
  | { kind: 'expired'; approval: ApprovalRow }
  /** The requester was removed from the staff or made a viewer since asking: the request is closed, nothing placed. */
  | { kind: 'requester-cannot-order'; approval: ApprovalRow }
  /** An administrator's own order, and another administrator exists to approve it. */
  | { kind: 'own-order'; approval: ApprovalRow }
  /** The provider's numbers changed: the request now holds the new ones and waits to be approved again. */
  | { kind: 'changed'; approval: ApprovalRow; change: ApprovalChange; balance: number }
  /** Nothing changed in the request, but it cannot be placed now; it keeps waiting. */
  | { kind: 'blocked'; approval: ApprovalRow; blocked: Blocked }
  | { kind: 'placed'; approval: ApprovalRow; result: PlaceResult; selfApproved: boolean }
  /** The order service failed unexpectedly; the approval is approved and its confirm key allows no second order. */
  | { kind: 'failed'; approval: ApprovalRow; error: unknown };

export type RejectOutcome = { kind: 'rejected'; approval: ApprovalRow } | { kind: 'not-pending'; approval: ApprovalRow } | { kind: 'not-found' };

export interface ApprovalService {
  /** The total above which this person's order waits for an administrator; null: never. */
  thresholdFor(personId: number): number | null;
  /** Whether an order of `total` would wait for an administrator now, counted on the person's day. */
  needsApproval(personId: number, total: number, costCentreId?: number | null): Promise<boolean>;
  /** Stores the request when the order needs approval; null when it can be placed at once. */
  requestIfNeeded(input: PlaceInput): Promise<{ created: boolean; approval: ApprovalRow } | null>;
  /** Administrators who are asked: everyone but the requester, unless the requester is the only one. */
  approversFor(approval: Pick<ApprovalRow, 'requesterId'>): number[];
  /** Whether this administrator may decide the request now: asked of it before a step-up code is, so that nobody gives a code for nothing. */
  mayDecide(approval: Pick<ApprovalRow, 'requesterId'>, approverId: number): Promise<boolean>;
  approve(id: number, approverId: number, revision: number): Promise<ApproveOutcome>;
  reject(id: number, by: number, reason: string | null): Promise<RejectOutcome>;
  /** The orderer withdraws their own request while it still waits; too late once an administrator began approving it. */
  withdraw: ApprovalStore['withdraw'];
  expireDue(): Promise<ApprovalRow[]>;
  listPending(): Promise<ApprovalRow[]>;
  get(id: number): Promise<ApprovalRow | null>;
  /** The request a summary's Confirm stored, if it stored one. */
  byConfirmKey(key: string): Promise<ApprovalRow | null>;
  /** See ApprovalStore.recoverInterrupted: run after the order service's own repair. */
  recoverInterrupted(unownedBefore?: Date): Promise<{ requeued: number; attached: number }>;
}

function placeInputOf(approval: ApprovalRow): PlaceInput {
  return {
    confirmKey: approval.confirmKey,
    userId: approval.requesterId,
    chatId: approval.chatId,
    lines: approval.lines,
    purpose: { costCentreId: approval.costCentreId, note: approval.purposeNote },
    // An administrator decided: the order service does not ask for approval again.
    approved: true,
  };
}

/**
 * Orders above a person's approval threshold: stored at Confirm instead of
 * sent, and placed when an administrator approves, after price, stock,
 * balance, limits and the pause were checked again. Placing goes through
 * the order service like any Confirm, with the request's confirm key, so the
 * single-POST guarantees hold unchanged and one request is one order at most.
 */
export function createApprovalService(deps: ApprovalServiceDeps): ApprovalService {
  const { clock, logger } = deps;
  const repo = deps.approvals;
  const expiryMs = deps.expiryMs ?? DEFAULT_APPROVAL_EXPIRY_MS;

  const thresholdFor = (personId: number) => deps.rules.rulesFor(personId).approval;
  const needsApproval: ApprovalJudge =
    deps.judge ??
    (async (personId, total) => {
      const threshold = thresholdFor(personId);
      return threshold !== null && total > threshold;
    });

  function approversFor(approval: Pick<ApprovalRow, 'requesterId'>): number[] {
    const admins = deps.adminIds();
    const others = admins.filter((id) => id !== approval.requesterId);
    return others.length > 0 ? others : admins;
  }

  async function mayDecide(approval: Pick<ApprovalRow, 'requesterId'>, approverId: number): Promise<boolean> {
    if (!approversFor(approval).includes(approverId)) return false;
    return !(approverId === approval.requesterId && (await deps.selfApprovalHeld?.()));
  }

  /** Re-reads the provider's numbers for every line; a change, a block, or null when the request can be placed as it stands. */
  async function recheck(approval: ApprovalRow): Promise<{ change: ApprovalChange; balance: number; lines?: OrderLine[] } | { blocked: Blocked } | null> {
    const paused = await deps.orderingPaused();
    if (paused) return { blocked: { kind: 'paused', reason: paused.reason } };
    // Before the provider is asked: a hidden product is not ordered whatever its price.
    const hidden = (await deps.hiddenProducts?.(approval.lines.map((line) => line.product.id))) ?? [];
    if (hidden.length > 0) {
      return { blocked: { kind: 'hidden', product: approval.lines.filter((line) => hidden.includes(line.product.id)).map(lineLabel).join(', ') } };
    }
    let details;
    let balance;
    try {
      [details, balance] = await Promise.all([
        Promise.all(approval.lines.map((line) => deps.provider.getProduct(line.product.id, { priority: 'interactive' }))),
        deps.provider.getBalance({ priority: 'interactive' }),
      ]);
    } catch (error) {
      return { blocked: { kind: 'unchecked', error } };
    }
    const wallet = balance.balance;
    const regions = approval.lines.map((line, index) => details[index]!.regionProperties.find((r) => r.regionPropertyId === line.region.regionPropertyId));
    const gone = approval.lines.findIndex((_, index) => regions[index] === undefined);
    if (gone >= 0) return { change: { kind: 'region-gone', product: lineLabel(approval.lines[gone]!) }, balance: wallet };
    const repriced = approval.lines.map((line, index) => ({ ...line, region: { ...line.region, price: regions[index]!.price } }));
    const firstRepriced = approval.lines.findIndex((line, index) => line.region.price !== repriced[index]!.region.price);
    if (firstRepriced >= 0) {
      const line = approval.lines[firstRepriced]!;
      const across = repriced.filter((next, index) => next.region.price !== approval.lines[index]!.region.price).length;
      const change: ApprovalChange =
        across > 1
        ? { kind: 'price', product: lineLabel(line), from: linesTotal(approval.lines), to: linesTotal(repriced), across }
        : { kind: 'price', product: lineLabel(line), from: line.region.price, to: repriced[firstRepriced]!.region.price };
      return { change, balance: wallet, lines: repriced };
    }
    const short = approval.lines.findIndex((line, index) => regions[index]!.stock < line.quantity);
    if (short >= 0) return { change: { kind: 'stock', product: lineLabel(approval.lines[short]!), stock: regions[short]!.stock }, balance: wallet };
    const total = linesTotal(approval.lines);
    if (wallet < total) return { blocked: { kind: 'funds', balance: wallet } };
    const limits = await deps.checkLimits?.(approval.requesterId, total, undefined, approval.costCentreId);
    if (limits && !limits.ok) return { blocked: { kind: 'limit', verdict: limits } };
    return null;
  }

  return {
    thresholdFor,
    approversFor,
    mayDecide,
    needsApproval: (personId, total, costCentreId) => needsApproval(personId, total, undefined, costCentreId),

    async requestIfNeeded(input) {
      const total = linesTotal(input.lines);
      // A replayed Confirm finds its request, whatever the day's count says now.
      const existing = await repo.byConfirmKey(input.confirmKey);
      if (existing) return { created: false, approval: existing };
      if (deps.orderByConfirmKey && (await deps.orderByConfirmKey(input.confirmKey)) !== null) return null;
      if (!(await needsApproval(input.userId, total, undefined, input.purpose?.costCentreId))) return null;
      const threshold = thresholdFor(input.userId);
      const stored = await repo.request(
        {
          confirmKey: input.confirmKey,
          requesterId: input.userId,
          chatId: input.chatId,
          lines: input.lines,
          ...(input.purpose ? { purpose: input.purpose } : {}),
        },
        new Date(clock.now() + expiryMs),
      );
      if (stored.created) logger.info({ approvalId: stored.approval.id, requesterId: input.userId, total, threshold }, 'order waits for approval');
      return stored;
    },

    async approve(id, approverId, revision) {
      const current = await repo.get(id);
      if (!current) return { kind: 'not-found' };
      // Their codes would be withheld anyway (the sender checks again): spending the money helps nobody.
      if (current.state === 'pending' && !deps.mayOrder(current.requesterId)) {
        const closed = await repo.reject(id, approverId, 'the requester may no longer order');
        if (closed) {
          logger.info({ approvalId: id, approverId, requesterId: current.requesterId }, 'approval closed: the requester may no longer order');
          return { kind: 'requester-cannot-order', approval: closed };
        }
      }
      // Checked before the claim: pressing one's own request must not hold it while the others look.
      if (!(await mayDecide(current, approverId))) return { kind: 'own-order', approval: current };
      const claim = await repo.claim(id, approverId, revision);
      if (claim.kind !== 'claimed') return claim;
      const approval = claim.approval;

      let verdict;
      try {
        verdict = await recheck(approval);
      } catch (error) {
        verdict = { blocked: { kind: 'unchecked' as const, error } };
      }
      if (verdict !== null) {
        const why = 'change' in verdict ? { change: verdict.change.kind } : { blocked: verdict.blocked.kind };
        const released = await repo.release(id, approverId, { ...('lines' in verdict && verdict.lines !== undefined ? { lines: verdict.lines } : {}), why });
        const back = released ?? (await repo.get(id)) ?? approval;
        logger.info({ approvalId: id, approverId, why }, 'approval not placed yet');
        return 'change' in verdict
          ? { kind: 'changed', approval: back, change: verdict.change, balance: verdict.balance }
          : { kind: 'blocked', approval: back, blocked: verdict.blocked };
      }

      const selfApproved = approverId === approval.requesterId;
      const approved = await repo.approve(id, approverId, selfApproved);
      if (!approved) return { kind: 'not-pending', approval: (await repo.get(id)) ?? approval };
      try {
        const result = await deps.orders.createIntentAndPlace(placeInputOf(approved));
        await repo.attachOrder(id, result.order.id);
        logger.info({ approvalId: id, approverId, orderId: result.order.id, result: result.kind }, 'approved order handed to the order service');
        return { kind: 'placed', approval: (await repo.get(id)) ?? approved, result, selfApproved };
      } catch (error) {
        logger.error({ approvalId: id, err: error instanceof Error ? error.name : String(error) }, 'approved order could not be placed');
        return { kind: 'failed', approval: approved, error };
      }
    },

    async reject(id, by, reason) {
      const rejected = await repo.reject(id, by, reason);
      if (rejected) return { kind: 'rejected', approval: rejected };
      const current = await repo.get(id);
      return current ? { kind: 'not-pending', approval: current } : { kind: 'not-found' };
    },

    async withdraw(id, requesterId) {
      const outcome = await repo.withdraw(id, requesterId);
      logger.info({ approvalId: id, requesterId, outcome: outcome.kind }, 'withdrawal pressed');
      return outcome;
    },

    expireDue: () => repo.expireDue(),
    listPending: () => repo.listPending(),
    get: (id) => repo.get(id),
    byConfirmKey: (key) => repo.byConfirmKey(key),
    recoverInterrupted: (unownedBefore) => repo.recoverInterrupted(unownedBefore),
  };
}
