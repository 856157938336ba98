import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { LimitVerdict } from '../orders/limit-check.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import { judgeBatchBudgets, type BatchLimitCheck, type BatchOverBudget } from './batch-limits.js';
import type { Budgets } from '../budgets/budget-judge.js';
import { planTotals } from './batch-plan.js';
import type { BatchMove, BatchOrderPlan, BatchRecord, BatchSource, BatchStore } from '../db/batch-store.js';

/** How long a batch waits for an administrator before it expires, unless configured (APPROVAL_EXPIRY_MINUTES, as for single requests). */
const DEFAULT_APPROVAL_EXPIRY_MS = 24 * 60 * 60_000;

/** The same file sent again within this long is recognised, and its earlier batch named before anything is placed. */
const SAME_FILE_WINDOW_MS = 30 * 24 * 3_600_000;

/** The new price a Continue accepts, as the held message showed it. */
interface AcceptedPrice {
  productId: number;
  regionPropertyId: number;
  from: number;
  to: number;
}

/** The plan with the orders from `from` on moved from the old price of that product and region to the new one. */
function repriced(plan: readonly BatchOrderPlan[], from: number, accept: AcceptedPrice): BatchOrderPlan[] {
  return plan.map((order, index) =>
    index < from
      ? order
      : {
          ...order,
          lines: order.lines.map((line) =>
            line.product.id === accept.productId && line.region.regionPropertyId === accept.regionPropertyId && line.region.price === accept.from
              ? { ...line, region: { ...line.region, price: accept.to } }
              : line,
          ),
        },
  );
}

type ConfirmOutcome =
  | { kind: 'running'; batch: BatchRecord }
  /** `overBudget`: the cost centre whose budget it goes over, when that is why it waits (the administrators' card says so). */
  | { kind: 'waiting-approval'; batch: BatchRecord; overBudget: BatchOverBudget | null }
  | { kind: 'over-limit'; verdict: Extract<LimitVerdict, { ok: false }> }
  | { kind: 'paused' }
  /** Not this person's batch, or no longer a draft (confirmed already, cancelled, replaced). */
  | { kind: 'not-yours' | 'not-draft'; batch: BatchRecord | null };

/** 'hidden': held for a product an administrator hid; it goes on by itself once shown (batch-runner.ts), never on Continue. */
type ResumeOutcome = { kind: 'running'; batch: BatchRecord } | { kind: 'not-held' } | { kind: 'approved-price-up' } | { kind: 'hidden' };

interface BatchServiceDeps {
  store: BatchStore;
  limits: BatchLimitCheck;
  /** Whether a batch of this total needs an administrator's approval, counted on the person's day. */
  approvalNeeded: (personId: number, total: number) => Promise<boolean>;
  /** The cost centres' budgets, judged on the whole batch per cost centre at Confirm; absent: none. */
  budgets?: Pick<Budgets, 'judge' | 'window'>;
  pause: Pick<OrderingPauseStore, 'current'>;
  /**
   * Whether this administrator may approve this person's batch, read at the
   * press: another administrator, or the requester only where no other
   * administrator exists and dual control does not hold self-approval.
   */
  mayApprove: (approverId: number, requesterId: number) => Promise<boolean>;
  /** How long a confirmed batch waits for an administrator before it expires; the deadline is fixed at Confirm. */
  approvalExpiryMs?: number;
  clock: Clock;
  logger: Logger;
}

/** Approve or Refuse on a batch: 'expired' when it waited past its deadline (moved by the sweep or not yet): nothing changes. */
type DecideOutcome<K extends string> = { kind: K | 'not-waiting' | 'own' | 'expired'; batch: BatchRecord | null };

/**
 * Batches as people handle them: a checked plan becomes a draft with one
 * summary; one Confirm judges the whole batch (pause, limits, approval) and
 * starts it; Stop and Continue move it by compare-and-swap, so two presses
 * or two instances never both act. The placing itself is the runner's.
 */
export function createBatchService(deps: BatchServiceDeps) {
  const { store, clock, logger } = deps;
  const at = () => new Date(clock.now());
  const expiryMs = deps.approvalExpiryMs ?? DEFAULT_APPROVAL_EXPIRY_MS;
  /** Whether the batch waited past its deadline, whether or not the sweep has moved it yet. */
  const overdue = (batch: BatchRecord) => batch.state === 'expired' || (batch.state === 'waiting-approval' && batch.approvalExpiresAt !== null && batch.approvalExpiresAt.getTime() <= clock.now());

  /**
   * One administrator's decision, moved from 'waiting-approval' only while
   * the deadline is still ahead (a conditional update in the store): a
   * press after it, before or after the sweep moved the batch, changes nothing.
   */
  async function decide<K extends string>(id: number, by: number, kind: K, move: Omit<BatchMove, 'from' | 'at' | 'beforeDeadline'>): Promise<DecideOutcome<K>> {
    const batch = await store.get(id);
    if (batch && overdue(batch)) return { kind: 'expired', batch };
    if (!batch || batch.state !== 'waiting-approval') return { kind: 'not-waiting', batch };
    if (!(await deps.mayApprove(by, batch.requesterId))) return { kind: 'own', batch };
    const now = at();
    const moved = await store.move(id, { ...move, from: ['waiting-approval'], beforeDeadline: now, at: now });
    if (!moved) {
      const current = await store.get(id);
      return { kind: current && overdue(current) ? 'expired' : 'not-waiting', batch: current };
    }
    logger.info({ batchId: id, by }, `batch ${kind}`);
    return { kind, batch: moved };
  }
  const judgeBudgets = (plan: readonly BatchOrderPlan[]) => (deps.budgets ? judgeBatchBudgets(deps.budgets, plan, clock.now()) : Promise.resolve({ refused: null, approval: null } as const));

  return {
    async draft(input: { requesterId: number; chatId: number; source: BatchSource; fileHash: string | null; fileName: string | null; plan: BatchOrderPlan[] }): Promise<BatchRecord> {
      const { total } = planTotals(input.plan);
      return store.create({ ...input, key: randomUUID(), total }, at());
    },

    /** The earlier batch made from the same file, if any (other than `exceptId`, the draft being shown), so that the summary says so before Confirm. */
    sameFile: (requesterId: number, fileHash: string, exceptId?: number): Promise<BatchRecord | null> =>
      store.sameFile(requesterId, fileHash, new Date(clock.now() - SAME_FILE_WINDOW_MS), exceptId),

    async confirm(id: number, by: number): Promise<ConfirmOutcome> {
      const batch = await store.get(id);
      if (!batch || batch.requesterId !== by) return { kind: 'not-yours', batch };
      if (batch.state !== 'draft') return { kind: 'not-draft', batch };
      if (await deps.pause.current()) return { kind: 'paused' };
      const verdict = await deps.limits(by, planTotals(batch.plan).orders);
      if (!verdict.ok) return { kind: 'over-limit', verdict };
      const budget = await judgeBudgets(batch.plan);
      if (budget.refused) return { kind: 'over-limit', verdict: budget.refused };
      const waits = budget.approval !== null || (await deps.approvalNeeded(by, batch.total));
      const now = at();
      const moved = await store.move(id, { from: ['draft'], to: waits ? 'waiting-approval' : 'running', ...(waits ? { approvalExpiresAt: new Date(now.getTime() + expiryMs) } : {}), at: now });
      if (!moved) return { kind: 'not-draft', batch: await store.get(id) };
      logger.info({ batchId: id, orders: batch.plan.length, total: batch.total, approval: waits }, 'batch confirmed');
      return waits ? { kind: 'waiting-approval', batch: moved, overBudget: budget.approval } : { kind: 'running', batch: moved };
    },

    /** Orders not yet sent are never sent; what was placed is still delivered. A draft is simply cancelled. */
    async stop(id: number, by: number): Promise<BatchRecord | null> {
      const batch = await store.get(id);
      if (!batch || batch.requesterId !== by) return null;
      if (batch.state === 'draft') return store.move(id, { from: ['draft'], to: 'cancelled', at: at() });
      const stopped = await store.move(id, { from: ['waiting-approval', 'running', 'held'], to: 'stopped', at: at() });
      if (stopped) logger.info({ batchId: id, at: stopped.nextIndex }, 'batch stopped by its orderer');
      return stopped;
    },

    /**
     * A held batch goes on from the order it stopped at. After a price
     * change, Continue accepts the one new price that was shown: the orders
     * not yet sent are repriced to it, and a further change holds again.
     */
    async resume(id: number, by: number, accept?: AcceptedPrice): Promise<ResumeOutcome> {
      const batch = await store.get(id);
      if (!batch || batch.requesterId !== by || batch.state !== 'held') return { kind: 'not-held' };
      // Continue would only send the runner to the same hidden product: an older message's button, or a forged one, moves nothing.
      if (batch.heldReason === 'product-hidden') return { kind: 'hidden' };
      if (accept && batch.heldReason === 'price-changed') {
        // An approval covers exactly the batch that was shown: a higher price is a new batch for the administrators to see.
        if (batch.approvedBy !== null && accept.to > accept.from) return { kind: 'approved-price-up' };
        const plan = repriced(batch.plan, batch.nextIndex, accept);
        if (!(await store.setPlan(id, { plan, total: planTotals(plan).total, expectedIndex: batch.nextIndex }, at()))) return { kind: 'not-held' };
        logger.info({ batchId: id, productId: accept.productId, from: accept.from, to: accept.to }, 'batch goes on at a new price');
      }
      const running = await store.move(id, { from: ['held'], to: 'running', heldReason: null, at: at() });
      return running ? { kind: 'running', batch: running } : { kind: 'not-held' };
    },

    /** Whether this administrator may decide the batch now: asked before a step-up code is, so that nobody gives a code for nothing. */
    mayDecide: (batch: Pick<BatchRecord, 'requesterId'>, by: number): Promise<boolean> => deps.mayApprove(by, batch.requesterId),

    /**
     * An administrator approves the batch exactly as it was shown: it starts,
     * and its orders are not held to the threshold again (limits and the
     * pause still are, under the wallet lock). One press wins; none after the deadline.
     */
    approve: (id: number, by: number) => decide(id, by, 'approved', { to: 'running', approvedBy: by }),

    refuse: (id: number, by: number) => decide(id, by, 'refused', { to: 'cancelled' }),

    /** Whether the batch still waits for an administrator: confirmed above the threshold, its deadline not yet passed. */
    waitsForApproval: (batch: BatchRecord): boolean => batch.state === 'waiting-approval' && !overdue(batch),

    /** Every batch that waited for an administrator past its deadline, moved to 'expired' exactly once: nothing of it is placed. */
    async expireDue(): Promise<BatchRecord[]> {
      const expired = await store.expireDue(at());
      for (const batch of expired) logger.info({ batchId: batch.id, requesterId: batch.requesterId }, 'batch approval expired');
      return expired;
    },

    /**
     * The cost centre asked for a whole batch whose file named none: every
     * order of the draft is placed for it (null: none). Only the requester's
     * draft changes; anything else answers null.
     */
    async forCostCentre(id: number, by: number, costCentreId: number | null): Promise<BatchRecord | null> {
      const batch = await store.get(id);
      if (!batch || batch.requesterId !== by || batch.state !== 'draft') return null;
      const plan = batch.plan.map(({ costCentreId: _was, ...order }) => (costCentreId === null ? order : { ...order, costCentreId }));
      return store.setDraftPlan(id, plan, at());
    },

    /** Whether a batch of this total would wait for an administrator, as Confirm will judge it. */
    needsApproval: (personId: number, total: number) => deps.approvalNeeded(personId, total),
    /** The cost centres' budgets on this plan, as Confirm will judge them: for the summary to say before Confirm. */
    judgeBudgets: (plan: readonly BatchOrderPlan[]) => judgeBudgets(plan),
    get: (id: number) => store.get(id),
    orders: (id: number) => store.orders(id),
    listForUser: (requesterId: number, limit: number) => store.listForUser(requesterId, limit),
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
