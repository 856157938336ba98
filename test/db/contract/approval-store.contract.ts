import { beforeEach, describe, expect, it } from 'vitest';
import { decodeAuditDetail } from '../../../src/db/audit-log.js';
import type { ApprovalRequest, ApprovalStore } from '../../../src/db/approval-store.js';
import type { OrderLine } from '../../../src/orders/order-line.js';
import type { ManualClock } from '../../support/manual-clock.js';

/**
 * What every ApprovalStore does, whatever database keeps
 * them: the same cases run on each database by one small test file per
 * dialect.
 */
export interface ApprovalStoreSubject {
  store: ApprovalStore;
  /** The clock both read: starts at T0 and moves only when advanced. */
  clock: ManualClock;
  /** Adds an order placed with this confirm key, as the order service would after an Approve; its id. */
  insertOrder(confirmKey: string): Promise<number>;
  /** The approval audit rows in the order written. */
  audit(): Promise<ApprovalAuditEntry[]>;
  /** The requests whose expiry news is owed (expiry-news-store.ts), by id. */
  owedNews(): Promise<number[]>;
}

export interface ApprovalAuditEntry {
  actorId: number | null;
  action: string;
  orderId: number | null;
  amount: number | null;
  facts: unknown;
}

export const T0 = 1_700_000_000_000;
export const HOUR = 60 * 60_000;
const ADMIN = 1;
const OTHER_ADMIN = 2;
const STAFF = 11;

export const APPROVAL_AUDIT_SQL = "select actor_id, action, order_id, amount, detail from audit_log where action like 'approval.%' order by id";

/** The approval audit rows from either database's raw rows (PostgreSQL gives bigints as strings). */
export function approvalAuditOf(
  rows: Array<{ actor_id: number | string | null; action: string; order_id: number | string | null; amount: number | string | null; detail: string | null }>,
): ApprovalAuditEntry[] {
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => {
    const detail = decodeAuditDetail(row.detail);
    return { actorId: num(row.actor_id), action: row.action, orderId: num(row.order_id), amount: num(row.amount), facts: detail?.kind === 'facts' ? detail.facts : detail };
  });
}

export const line = (price: number, quantity = 1, productId = 101): OrderLine => ({
  product: { id: productId, title: `Product ${productId}` },
  region: { regionPropertyId: 5001, title: 'US', price },
  quantity,
  fields: [],
});

export const requestOf = (confirmKey: string, lines: OrderLine[] = [line(1_250_000, 2)], requesterId = STAFF): ApprovalRequest => ({
  confirmKey,
  requesterId,
  chatId: requesterId,
  lines,
});

/** The values of an order row with this confirm key, for either database's orders table. */
export function orderValues(confirmKey: string, at: Date) {
  return {
    userId: STAFF,
    chatId: STAFF,
    confirmKey,
    fingerprint: `fp-${confirmKey}`,
    lines: [line(1_250_000, 2)],
    totalAmount: 2_500_000,
    state: 'placing' as const,
    sandbox: true,
    createdAt: at,
    updatedAt: at,
  };
}

export function approvalStoreContract(database: string, fresh: () => Promise<ApprovalStoreSubject>): void {
  describe(`approval store on ${database}`, () => {
    let subject: ApprovalStoreSubject;
    let approvals: ApprovalStore;
    const deadline = () => new Date(subject.clock.now() + HOUR);
    beforeEach(async () => {
      subject = await fresh();
      approvals = subject.store;
    });

    it('stores a request as pending with its numbers and deadline, and audits it with its total', async () => {
      const { created, approval } = await approvals.request(requestOf('k1'), new Date(T0 + HOUR));
      expect(created).toBe(true);
      expect(approval).toMatchObject({ confirmKey: 'k1', requesterId: STAFF, chatId: STAFF, state: 'pending', revision: 0, orderId: null, decidedBy: null, decidedAt: null, reason: null });
      expect(approval.lines).toEqual([line(1_250_000, 2)]);
      expect(approval.expiresAt).toEqual(new Date(T0 + HOUR));
      expect(approval.createdAt).toEqual(new Date(T0));
      expect(await approvals.get(approval.id)).toEqual(approval);
      expect(await approvals.byConfirmKey('k1')).toEqual(approval);
      expect(await subject.audit()).toEqual([
        { actorId: STAFF, action: 'approval.requested', orderId: null, amount: 2_500_000, facts: { approval: approval.id, goods: expect.anything() } },
      ]);
    });

    it('stores one request for a replayed Confirm', async () => {
      const first = await approvals.request(requestOf('same'), deadline());
      const again = await approvals.request(requestOf('same', [line(9)]), deadline());
      expect(first.created).toBe(true);
      expect(again).toEqual({ created: false, approval: first.approval });
      expect((await subject.audit()).map((row) => row.action)).toEqual(['approval.requested']);
    });

    it('finds nothing for an unknown number or confirm key', async () => {
      expect(await approvals.get(404)).toBeNull();
      expect(await approvals.byConfirmKey('nope')).toBeNull();
      expect(await approvals.claim(404, ADMIN, 0)).toEqual({ kind: 'not-found' });
      expect(await approvals.release(404, ADMIN, { why: { change: 'price' } })).toBeNull();
    });

    it('lets one claim through and answers not-pending to the next', async () => {
      const { approval } = await approvals.request(requestOf('k1'), deadline());
      const first = await approvals.claim(approval.id, ADMIN, 0);
      expect(first).toMatchObject({ kind: 'claimed', approval: { state: 'approving', decidedBy: ADMIN } });
      expect(await approvals.claim(approval.id, OTHER_ADMIN, 0)).toMatchObject({ kind: 'not-pending', approval: { state: 'approving', decidedBy: ADMIN } });
      expect((await subject.audit()).map((row) => [row.action, row.actorId])).toEqual([
        ['approval.requested', STAFF],
        ['approval.checking', ADMIN],
      ]);
    });

    it('refuses a claim for an older revision, and one at or after the deadline even before the sweep', async () => {
      const { approval } = await approvals.request(requestOf('k1'), deadline());
      expect(await approvals.claim(approval.id, ADMIN, 1)).toMatchObject({ kind: 'stale', approval: { state: 'pending' } });
      subject.clock.advance(HOUR);
      expect(await approvals.claim(approval.id, ADMIN, 0)).toMatchObject({ kind: 'expired', approval: { state: 'pending' } });
      expect((await approvals.get(approval.id))?.state).toBe('pending');
    });

    it('sends a claimed request back to waiting, raising its revision only when a price changed', async () => {
      const { approval } = await approvals.request(requestOf('k1', [line(100), line(200, 1, 102)]), deadline());
      await approvals.claim(approval.id, ADMIN, 0);
      expect(await approvals.release(approval.id, ADMIN, { why: { blocked: 'funds' } })).toMatchObject({ state: 'pending', revision: 0, decidedBy: null });
      await approvals.claim(approval.id, ADMIN, 0);
      const repriced = await approvals.release(approval.id, ADMIN, { lines: [line(100), line(250, 1, 102)], why: { change: 'price' } });
      expect(repriced).toMatchObject({ state: 'pending', revision: 1 });
      expect(repriced?.lines.map((l) => l.region.price)).toEqual([100, 250]);
      // Not being checked: nothing to release.
      expect(await approvals.release(approval.id, ADMIN, { why: { change: 'price' } })).toBeNull();
      const audit = await subject.audit();
      expect(audit.filter((row) => row.action === 'approval.not_yet').map((row) => [row.amount, row.facts])).toEqual([
        [300, { approval: approval.id, blocked: 'funds' }],
        [350, { approval: approval.id, change: 'price' }],
      ]);
    });

    it('approves only a claimed request, records a self-approval as such, and links its order once', async () => {
      const { approval } = await approvals.request(requestOf('k1'), deadline());
      expect(await approvals.approve(approval.id, ADMIN, false)).toBeNull();
      await approvals.claim(approval.id, STAFF, 0);
      const approved = await approvals.approve(approval.id, STAFF, true);
      expect(approved).toMatchObject({ state: 'approved', decidedBy: STAFF, decidedAt: new Date(T0) });
      expect(await approvals.approve(approval.id, STAFF, true)).toBeNull();
      const first = await subject.insertOrder('k1');
      await approvals.attachOrder(approval.id, first);
      await approvals.attachOrder(approval.id, first + 1);
      expect((await approvals.get(approval.id))?.orderId).toBe(first);
      expect((await subject.audit()).map((row) => row.action)).toEqual(['approval.requested', 'approval.checking', 'approval.self_approved']);
    });

    it('rejects a waiting request once, with its reason', async () => {
      const { approval } = await approvals.request(requestOf('k1'), deadline());
      expect(await approvals.reject(approval.id, ADMIN, 'over budget')).toMatchObject({ state: 'rejected', decidedBy: ADMIN, reason: 'over budget' });
      expect(await approvals.reject(approval.id, OTHER_ADMIN, null)).toBeNull();
      expect(await approvals.claim(approval.id, OTHER_ADMIN, 0)).toMatchObject({ kind: 'not-pending', approval: { state: 'rejected' } });
      expect((await subject.audit()).at(-1)).toEqual({ actorId: ADMIN, action: 'approval.rejected', orderId: null, amount: 2_500_000, facts: { approval: approval.id, reason: 'over budget' } });
    });

    it('lets only the orderer withdraw a waiting request, once, audited as withdrawn; an Approve then finds it withdrawn', async () => {
      const { approval } = await approvals.request(requestOf('k1'), deadline());
      expect(await approvals.withdraw(approval.id, ADMIN)).toEqual({ kind: 'not-found' });
      expect(await approvals.withdraw(404, STAFF)).toEqual({ kind: 'not-found' });
      const withdrawn = await approvals.withdraw(approval.id, STAFF);
      expect(withdrawn).toMatchObject({ kind: 'withdrawn', approval: { state: 'withdrawn', decidedBy: STAFF, decidedAt: new Date(T0) } });
      expect(await approvals.withdraw(approval.id, STAFF)).toMatchObject({ kind: 'not-pending', approval: { state: 'withdrawn' } });
      expect(await approvals.claim(approval.id, ADMIN, 0)).toMatchObject({ kind: 'not-pending', approval: { state: 'withdrawn' } });
      expect(await approvals.reject(approval.id, ADMIN, null)).toBeNull();
      expect(await approvals.listPending()).toEqual([]);
      subject.clock.advance(HOUR);
      expect(await approvals.expireDue()).toEqual([]);
      expect((await subject.audit()).map((row) => [row.action, row.actorId])).toEqual([
        ['approval.requested', STAFF],
        ['approval.withdrawn', STAFF],
      ]);
      expect((await subject.audit()).at(-1)).toEqual({ actorId: STAFF, action: 'approval.withdrawn', orderId: null, amount: 2_500_000, facts: { approval: approval.id } });
    });

    it('refuses a withdrawal once an administrator is approving or approved it, and after its deadline', async () => {
      const checking = (await approvals.request(requestOf('checking'), deadline())).approval;
      const approved = (await approvals.request(requestOf('approved'), deadline())).approval;
      const late = (await approvals.request(requestOf('late'), deadline())).approval;
      await approvals.claim(checking.id, ADMIN, 0);
      await approvals.claim(approved.id, ADMIN, 0);
      await approvals.approve(approved.id, ADMIN, false);
      expect(await approvals.withdraw(checking.id, STAFF)).toMatchObject({ kind: 'not-pending', approval: { state: 'approving', decidedBy: ADMIN } });
      expect(await approvals.withdraw(approved.id, STAFF)).toMatchObject({ kind: 'not-pending', approval: { state: 'approved', decidedBy: ADMIN } });
      subject.clock.advance(HOUR);
      expect(await approvals.withdraw(late.id, STAFF)).toMatchObject({ kind: 'expired', approval: { state: 'pending' } });
      expect((await subject.audit()).filter((row) => row.action === 'approval.withdrawn')).toEqual([]);
    });

    it('expires every waiting request whose deadline came, once, and lists the ones still waiting', async () => {
      const soon = (await approvals.request(requestOf('a'), new Date(T0 + HOUR))).approval;
      const later = (await approvals.request(requestOf('b'), new Date(T0 + 2 * HOUR))).approval;
      const alsoSoon = (await approvals.request(requestOf('c'), new Date(T0 + HOUR))).approval;
      const decided = (await approvals.request(requestOf('d'), new Date(T0 + HOUR))).approval;
      await approvals.reject(decided.id, ADMIN, null);
      expect((await approvals.listPending()).map((row) => row.id)).toEqual([soon.id, later.id, alsoSoon.id]);
      expect(await approvals.expireDue()).toEqual([]);
      subject.clock.advance(HOUR);
      const expired = await approvals.expireDue();
      expect(expired.map((row) => [row.id, row.state])).toEqual([
        [soon.id, 'expired'],
        [alsoSoon.id, 'expired'],
      ]);
      expect(await approvals.expireDue()).toEqual([]);
      expect((await approvals.listPending()).map((row) => row.id)).toEqual([later.id]);
      expect((await subject.audit()).filter((row) => row.action === 'approval.expired').map((row) => row.actorId)).toEqual([null, null]);
      // Owed in the same transaction as the move: a process stopping right after it leaves the news to the next pass.
      expect(await subject.owedNews()).toEqual([soon.id, alsoSoon.id]);
    });

    it('repairs at start-up: a cut-short check waits again, an approved request finds its order or waits again', async () => {
      const checking = (await approvals.request(requestOf('checking'), deadline())).approval;
      const ordered = (await approvals.request(requestOf('ordered'), deadline())).approval;
      const unordered = (await approvals.request(requestOf('unordered'), deadline())).approval;
      await approvals.claim(checking.id, ADMIN, 0);
      for (const row of [ordered, unordered]) {
        await approvals.claim(row.id, ADMIN, 0);
        await approvals.approve(row.id, ADMIN, false);
      }
      const orderId = await subject.insertOrder('ordered');
      expect(await approvals.recoverInterrupted()).toEqual({ requeued: 2, attached: 1 });
      expect(await approvals.get(checking.id)).toMatchObject({ state: 'pending', decidedBy: null });
      expect(await approvals.get(ordered.id)).toMatchObject({ state: 'approved', orderId });
      expect(await approvals.get(unordered.id)).toMatchObject({ state: 'pending', decidedBy: null, decidedAt: null, orderId: null });
      const repairs = (await subject.audit()).filter((row) => row.action === 'approval.not_yet').map((row) => row.facts);
      expect(repairs).toEqual([
        { approval: checking.id, interrupted: 'checking' },
        { approval: unordered.id, interrupted: 'before-order' },
      ]);
      expect(await approvals.recoverInterrupted()).toEqual({ requeued: 0, attached: 0 });
    });

    it('with other instances serving, repairs only approvals left unchanged since before the cut-off', async () => {
      const old = (await approvals.request(requestOf('old'), deadline())).approval;
      const live = (await approvals.request(requestOf('live'), deadline())).approval;
      await approvals.claim(old.id, ADMIN, 0);
      subject.clock.advance(10 * 60_000);
      const cutOff = new Date(subject.clock.now() - 60_000);
      await approvals.claim(live.id, ADMIN, 0);
      expect(await approvals.recoverInterrupted(cutOff)).toEqual({ requeued: 1, attached: 0 });
      expect(await approvals.get(old.id)).toMatchObject({ state: 'pending' });
      expect(await approvals.get(live.id)).toMatchObject({ state: 'approving' });
    });
  });
}
