import { beforeEach, describe, expect, it } from 'vitest';
import { encodeAuditFacts } from '../../../src/db/audit-log.js';
import type { ReviewCandidate } from '../../../src/domain/order-states.js';
import type { IntentInput, OrderRow, OrderStore } from '../../../src/db/order-store.js';
import type { ReviewStore } from '../../../src/db/review-store.js';
import type { OrderDetail } from '../../../src/provider/schemas.js';
import type { ManualClock } from '../../support/manual-clock.js';
import { intentInput, type IntentOverrides } from '../../support/order-fixtures.js';

/** The start of every case's clock. */
export const REVIEW_T0 = 1_700_000_000_000;
const T0 = REVIEW_T0;
const ADMIN = 1001;
const STAFF = 2002;

/**
 * What every ReviewStore does, whatever database keeps it: the same cases
 * run on each database by one small test file per dialect.
 */
export interface ReviewStoreSubject {
  review: ReviewStore;
  /** The orders on the same database, to bring orders to review. */
  orders: OrderStore;
  clock: ManualClock;
  /** The order's announcements, by kind, in the order written. */
  kinds(orderId: number): Promise<string[]>;
  /** The order's audit rows in the order written, detail as stored. */
  audit(orderId: number): Promise<Array<{ actorId: number | null; action: string; amount: number | null; detail: string | null }>>;
}

function providerOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    orderId: 9001,
    orderReference: 'A9001',
    amount: 1_250_000,
    status: 'PREPARING',
    createdAt: new Date(T0).toISOString(),
    items: [{ id: 1, productId: 101, regionPropertyId: 5001, quantity: 1, totalAmount: 1_250_000, delivery: null }],
    ...overrides,
  };
}

function sameOrder(order: OrderRow): IntentInput {
  return { confirmKey: order.confirmKey, userId: order.userId, chatId: order.chatId, fingerprint: order.fingerprint, lines: order.lines, sandbox: order.sandbox };
}

/** `fresh` gives stores over empty orders, audit_log and notifications tables, the manual clock at REVIEW_T0. */
export function reviewStoreContract(database: string, fresh: () => Promise<ReviewStoreSubject>): void {
  describe(`settling an order that waits for review on ${database}`, () => {
    let kit: ReviewStoreSubject;
    let review: ReviewStore;
    let repo: OrderStore;
    beforeEach(async () => {
      kit = await fresh();
      review = kit.review;
      repo = kit.orders;
    });

    async function placing(overrides: IntentOverrides): Promise<OrderRow> {
      const opened = await repo.openIntent(intentInput(overrides));
      if (opened.kind !== 'created') throw new Error(`expected a new intent, got ${opened.kind}`);
      const claim = await repo.claimForPlacing(opened.order.id, opened.order.userId);
      if (claim.kind !== 'placing') throw new Error(`expected placing, got ${claim.kind}`);
      return opened.order;
    }

    async function unknown(confirmKey: string): Promise<OrderRow> {
      const order = await placing({ confirmKey, userId: STAFF, chatId: STAFF, fingerprint: `fp-${confirmKey}` });
      const moved = await repo.transition({ id: order.id, from: 'placing', to: 'unknown', audit: { actorId: STAFF, action: 'order.unknown' } });
      if (!moved) throw new Error('could not move the order to unknown');
      return moved;
    }

    /** An order whose POST had an unknown outcome and that reconciliation handed to administrators. */
    async function inReview(confirmKey: string, candidates: ReviewCandidate[] = []): Promise<OrderRow> {
      const moved = await repo.transition({
        id: (await unknown(confirmKey)).id,
        from: 'unknown',
        to: 'needs_review',
        set: { reviewCandidates: candidates, nextCheckAt: null },
        audit: { actorId: null, action: 'order.needs_review' },
      });
      if (!moved) throw new Error('could not move the order to needs_review');
      return moved;
    }

    /** An order the provider accepted as 9001 (A9001) whose recording collided with an older order holding 9001. */
    async function acceptedButHeld(holderReference: string) {
      const holder = await inReview('old');
      await review.settleReview({ orderId: holder.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder({ orderReference: holderReference }) } });
      const order = await placing({ confirmKey: 'new', userId: STAFF, chatId: STAFF, fingerprint: 'fp-new' });
      const held = await repo.transition({
        id: order.id,
        from: 'placing',
        to: 'needs_review',
        set: { acceptedOrderId: 9001, acceptedReference: 'A9001', acceptedAmount: 1_250_000, nextCheckAt: null },
        audit: { actorId: STAFF, action: 'order.needs_review' },
      });
      if (!held) throw new Error('could not hold the order for review');
      return { holder, order: held };
    }

    it('adopts a provider order still in progress and makes it due for the poller at once', async () => {
      const order = await inReview('a');
      kit.clock.advance(60_000);

      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });

      expect(result.kind).toBe('settled');
      expect(result.kind === 'settled' && result.enqueued).toEqual(['adopted']);
      expect(await repo.get(order.id)).toMatchObject({
        state: 'in_progress',
        providerOrderId: 9001,
        providerReference: 'A9001',
        providerStatus: 'PREPARING',
        nextCheckAt: new Date(T0 + 60_000),
        checkCount: 0,
        finishedAt: null,
      });
      expect(await kit.kinds(order.id)).toEqual(['adopted']);
    });

    it('writes an audit row naming the administrator, the provider order and the amount charged', async () => {
      const order = await inReview('a');
      await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder({ amount: 1_300_000 }) } });
      expect((await kit.audit(order.id)).at(-1)).toEqual({
        actorId: ADMIN,
        action: 'order.adopted',
        amount: 1_300_000,
        detail: encodeAuditFacts({ byReview: true, providerOrder: 9001, status: 'PREPARING' }),
      });
    });

    it('adopts a provider order that is already complete and announces both the adoption and the delivery', async () => {
      const order = await inReview('a');
      await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder({ status: 'COMPLETED' }) } });
      expect(await repo.get(order.id)).toMatchObject({ state: 'completed', nextCheckAt: null, finishedAt: new Date(T0) });
      expect(await kit.kinds(order.id)).toEqual(['adopted', 'delivered']);
    });

    it('adopts a provider order in a state nobody knows as unrecognised, still followed', async () => {
      const order = await inReview('a');
      await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder({ status: 'ON_HOLD' }) } });
      expect(await repo.get(order.id)).toMatchObject({ state: 'unrecognised', providerStatus: 'ON_HOLD', nextCheckAt: new Date(T0) });
      expect(await kit.kinds(order.id)).toEqual(['adopted', 'unrecognised']);
    });

    it('never settles an order the provider accepted as not placed', async () => {
      const { order } = await acceptedButHeld('SBX-1');
      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });
      expect(result.kind).toBe('accepted');
      expect((await repo.get(order.id))?.state).toBe('needs_review');
      expect(await kit.kinds(order.id)).toEqual([]);
    });

    it('adopts an accepted order whose provider id an older order holds under another reference, releasing that stale link', async () => {
      const { holder, order } = await acceptedButHeld('SBX-1');
      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });
      expect(result.kind === 'settled' && result.released?.id).toBe(holder.id);
      expect(await repo.get(order.id)).toMatchObject({ state: 'in_progress', providerOrderId: 9001, providerReference: 'A9001' });
      expect(await repo.get(holder.id)).toMatchObject({ providerOrderId: null, providerReference: 'SBX-1' });
      expect((await kit.audit(holder.id)).at(-1)).toMatchObject({
        action: 'order.link_released',
        actorId: ADMIN,
        detail: encodeAuditFacts({ providerOrder: 9001, reference: 'A9001', order: order.id, was: 'SBX-1' }),
      });
    });

    it('keeps the link of an older order that holds the same provider order under the same reference', async () => {
      const { holder, order } = await acceptedButHeld('A9001');
      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });
      expect(result.kind).toBe('already-linked');
      expect((await repo.get(holder.id))?.providerOrderId).toBe(9001);
    });

    it('adopts an accepted order whose provider number and reference an older order holds, when the provider created it long after that order was sent', async () => {
      const { holder, order } = await acceptedButHeld('A9001');
      // A provider that started its numbering over: the same A9001, created a day after the holder's request.
      const restarted = providerOrder({ createdAt: new Date(T0 + 24 * 60 * 60_000).toISOString() });
      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: restarted } });
      expect(result.kind === 'settled' && result.released?.id).toBe(holder.id);
      expect(await repo.get(order.id)).toMatchObject({ providerOrderId: 9001, providerReference: 'A9001' });
      expect((await repo.get(holder.id))?.providerOrderId).toBeNull();
    });

    it('refuses a provider order another local order already follows, and changes nothing', async () => {
      const first = await inReview('a');
      const second = await inReview('b');
      await review.settleReview({ orderId: first.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });
      const result = await review.settleReview({ orderId: second.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });
      expect(result.kind === 'already-linked' && result.linked.id).toBe(first.id);
      expect(await repo.get(second.id)).toMatchObject({ state: 'needs_review', providerOrderId: null });
      expect(await kit.kinds(second.id)).toEqual([]);
    });

    it('refuses a provider order for another product or quantity', async () => {
      const order = await inReview('a');
      const other = providerOrder({ items: [{ id: 1, productId: 102, regionPropertyId: 5001, quantity: 2, totalAmount: 1_250_000, delivery: null }] });
      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: other } });
      expect(result.kind === 'mismatch' && result.mismatches).toEqual(['product', 'quantity']);
      expect((await repo.get(order.id))?.state).toBe('needs_review');
    });

    it('marks the order not placed, tells the staff member, and lets the same order be placed again', async () => {
      const order = await inReview('a');
      kit.clock.advance(5_000);
      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });
      expect(result.kind).toBe('settled');
      expect(result.kind === 'settled' && result.enqueued).toEqual(['not_placed']);
      expect(await repo.get(order.id)).toMatchObject({ state: 'not_placed', finishedAt: new Date(T0 + 5_000), nextCheckAt: null });
      expect(await kit.kinds(order.id)).toEqual(['not_placed']);
      expect((await kit.audit(order.id)).at(-1)).toMatchObject({ actorId: ADMIN, action: 'order.not_placed', amount: 1_250_000 });
      expect((await repo.openIntent({ ...sameOrder(order), confirmKey: 'again' })).kind).toBe('created');
    });

    it('changes nothing on a second decision about an order already settled', async () => {
      const order = await inReview('a');
      await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });
      const second = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });
      expect(second.kind).toBe('not-in-review');
      expect(await repo.get(order.id)).toMatchObject({ state: 'not_placed', providerOrderId: null });
      expect(await kit.kinds(order.id)).toEqual(['not_placed']);
    });

    it('does not settle an order whose outcome reconciliation is still looking for', async () => {
      const order = await unknown('a');
      const result = await review.settleReview({ orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });
      expect(result.kind).toBe('not-in-review');
      expect((await repo.get(order.id))?.state).toBe('unknown');
    });

    it('answers not-found for an order that does not exist', async () => {
      expect(await review.settleReview({ orderId: 404, actorId: ADMIN, decision: { kind: 'none' } })).toEqual({ kind: 'not-found' });
      expect(await review.findForReview(404)).toEqual({ kind: 'not-found' });
    });

    it('tells whether an order waits for review', async () => {
      const waiting = await inReview('a');
      const other = await unknown('b');
      expect(await review.findForReview(waiting.id)).toEqual({ kind: 'waiting', order: waiting });
      expect(await review.findForReview(other.id)).toEqual({ kind: 'not-in-review', order: other });
    });

    it('lists the orders waiting for review, oldest first, with the candidates reconciliation recorded', async () => {
      const candidate: ReviewCandidate = { orderId: 9001, reference: 'A9001', status: 'COMPLETED', amount: 1_250_000, createdAt: null };
      const first = await inReview('a', [candidate]);
      const second = await inReview('b');
      await inReview('c');
      await review.settleReview({ orderId: second.id, actorId: ADMIN, decision: { kind: 'none' } });

      const listed = await review.listAwaitingReview(1);

      expect(listed.total).toBe(2);
      expect(listed.items.map((row) => [row.id, row.reviewCandidates])).toEqual([[first.id, [candidate]]]);
      expect((await review.listAwaitingReview(0)).items).toEqual([]);
    });
  });
}
