import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, type ReviewCandidate } from '../../src/db/schema.js';
import { createSqliteOrderLeaseStore } from '../../src/tracking/order-leases.js';
import type { OrderRow } from '../../src/orders/order-repo.js';
import { listAwaitingReview, reviewMismatches, settleReview } from '../../src/orders/review.js';
import type { OrderDetail } from '../../src/provider/schemas.js';
import { orderRepoWorld, placingOrder } from '../support/order-fixtures.js';
import type { IntentInput } from '../../src/orders/order-repo.js';
import { encodeAuditFacts } from '../../src/db/audit-log.js';

const T0 = 1_700_000_000_000;
const ADMIN = 1001;
const STAFF = 2002;

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

describe('settling an order that waits for review', () => {
  function setup() {
    const { db, clock, repo } = orderRepoWorld(T0);

    function unknown(confirmKey: string): OrderRow {
      const order = placingOrder(repo, { confirmKey, userId: STAFF, chatId: STAFF, fingerprint: `fp-${confirmKey}` });
      const moved = repo.transition({ id: order.id, from: 'placing', to: 'unknown', audit: { actorId: STAFF, action: 'order.unknown' } });
      if (!moved) throw new Error('could not move the order to unknown');
      return moved;
    }

    /** An order whose POST had an unknown outcome and that reconciliation handed to administrators. */
    function inReview(confirmKey: string, candidates: ReviewCandidate[] = []): OrderRow {
      const review = repo.transition({
        id: unknown(confirmKey).id,
        from: 'unknown',
        to: 'needs_review',
        set: { reviewCandidates: candidates, nextCheckAt: null },
        audit: { actorId: null, action: 'order.needs_review' },
      });
      if (!review) throw new Error('could not move the order to needs_review');
      return review;
    }

    const kinds = (orderId: number) =>
      db.select().from(notifications).where(eq(notifications.orderId, orderId)).orderBy(asc(notifications.id)).all().map((n) => n.kind);
    const audit = (orderId: number) =>
      db.select().from(auditLog).where(eq(auditLog.orderId, orderId)).orderBy(asc(auditLog.id)).all();
    return { db, clock, repo, unknown, inReview, kinds, audit };
  }

  it('adopts a provider order still in progress and makes it due for the poller at once', async () => {
    const { db, clock, repo, inReview, kinds } = setup();
    const order = inReview('a');
    clock.advance(60_000);

    const result = settleReview(db, clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });

    expect(result.kind).toBe('settled');
    expect(repo.get(order.id)).toMatchObject({
      state: 'in_progress',
      providerOrderId: 9001,
      providerReference: 'A9001',
      providerStatus: 'PREPARING',
      nextCheckAt: new Date(T0 + 60_000),
      checkCount: 0,
      finishedAt: null,
    });
    expect(kinds(order.id)).toEqual(['adopted']);
    const claimed = await createSqliteOrderLeaseStore({ db }).claimDue({ owner: 'poller', now: clock.now(), leaseMs: 30_000, limit: 10 });
    expect(claimed.map((row) => row.id)).toEqual([order.id]);
  });

  it('writes an audit row naming the administrator, the provider order and the amount charged', () => {
    const { db, clock, inReview, audit } = setup();
    const order = inReview('a');

    settleReview(db, clock, {
      orderId: order.id,
      actorId: ADMIN,
      decision: { kind: 'adopt', providerOrder: providerOrder({ amount: 1_300_000 }) },
    });

    expect(audit(order.id).at(-1)).toMatchObject({
      actorId: ADMIN,
      action: 'order.adopted',
      amount: 1_300_000,
      detail: encodeAuditFacts({ byReview: true, providerOrder: 9001, status: 'PREPARING' }),
    });
  });

  it('adopts a provider order that is already complete and announces both the adoption and the delivery', () => {
    const { db, clock, repo, inReview, kinds } = setup();
    const order = inReview('a');

    settleReview(db, clock, {
      orderId: order.id,
      actorId: ADMIN,
      decision: { kind: 'adopt', providerOrder: providerOrder({ status: 'COMPLETED' }) },
    });

    expect(repo.get(order.id)).toMatchObject({ state: 'completed', nextCheckAt: null, finishedAt: new Date(T0) });
    expect(kinds(order.id)).toEqual(['adopted', 'delivered']);
  });

  it('adopts a provider order in a state nobody knows as unrecognised, still followed', () => {
    const { db, clock, repo, inReview, kinds } = setup();
    const order = inReview('a');

    settleReview(db, clock, {
      orderId: order.id,
      actorId: ADMIN,
      decision: { kind: 'adopt', providerOrder: providerOrder({ status: 'ON_HOLD' }) },
    });

    expect(repo.get(order.id)).toMatchObject({ state: 'unrecognised', providerStatus: 'ON_HOLD', nextCheckAt: new Date(T0) });
    expect(kinds(order.id)).toEqual(['adopted', 'unrecognised']);
  });

  /** An order the provider accepted as 9001 (A9001) whose recording collided with an older order holding 9001. */
  function acceptedButHeld(kit: ReturnType<typeof setup>, holderReference: string) {
    const holder = kit.inReview('old');
    settleReview(kit.db, kit.clock, { orderId: holder.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder({ orderReference: holderReference }) } });
    const order = placingOrder(kit.repo, { confirmKey: 'new', userId: STAFF, chatId: STAFF, fingerprint: 'fp-new' });
    const held = kit.repo.transition({
      id: order.id,
      from: 'placing',
      to: 'needs_review',
      set: { acceptedOrderId: 9001, acceptedReference: 'A9001', acceptedAmount: 1_250_000, nextCheckAt: null },
      audit: { actorId: STAFF, action: 'order.needs_review' },
    });
    if (!held) throw new Error('could not hold the order for review');
    return { holder, order: held };
  }

  it('never settles an order the provider accepted as not placed', () => {
    const kit = setup();
    const { order } = acceptedButHeld(kit, 'SBX-1');

    const result = settleReview(kit.db, kit.clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });

    expect(result.kind).toBe('accepted');
    expect(kit.repo.get(order.id)?.state).toBe('needs_review');
    expect(kit.kinds(order.id)).toEqual([]);
  });

  it('adopts an accepted order whose provider id an older order holds under another reference, releasing that stale link', () => {
    const kit = setup();
    const { holder, order } = acceptedButHeld(kit, 'SBX-1');

    const result = settleReview(kit.db, kit.clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });

    expect(result.kind === 'settled' && result.released?.id).toBe(holder.id);
    expect(kit.repo.get(order.id)).toMatchObject({ state: 'in_progress', providerOrderId: 9001, providerReference: 'A9001' });
    expect(kit.repo.get(holder.id)).toMatchObject({ providerOrderId: null, providerReference: 'SBX-1' });
    expect(kit.audit(holder.id).map((row) => row.action)).toContain('order.link_released');
  });

  it('keeps the link of an older order that holds the same provider order under the same reference', () => {
    const kit = setup();
    const { holder, order } = acceptedButHeld(kit, 'A9001');

    const result = settleReview(kit.db, kit.clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });

    expect(result.kind).toBe('already-linked');
    expect(kit.repo.get(holder.id)?.providerOrderId).toBe(9001);
  });

  it('adopts an accepted order whose provider number and reference an older order holds, when the provider created it long after that order was sent', () => {
    const kit = setup();
    const { holder, order } = acceptedButHeld(kit, 'A9001');
    // A provider that started its numbering over: the same A9001, created a day after the holder's request.
    const restarted = providerOrder({ createdAt: new Date(T0 + 24 * 60 * 60_000).toISOString() });

    const result = settleReview(kit.db, kit.clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: restarted } });

    expect(result.kind === 'settled' && result.released?.id).toBe(holder.id);
    expect(kit.repo.get(order.id)).toMatchObject({ providerOrderId: 9001, providerReference: 'A9001' });
    expect(kit.repo.get(holder.id)?.providerOrderId).toBeNull();
  });

  it('refuses a provider order another local order already follows, and changes nothing', () => {
    const { db, clock, repo, inReview, kinds } = setup();
    const first = inReview('a');
    const second = inReview('b');
    settleReview(db, clock, { orderId: first.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });

    const result = settleReview(db, clock, { orderId: second.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });

    expect(result.kind === 'already-linked' && result.linked.id).toBe(first.id);
    expect(repo.get(second.id)).toMatchObject({ state: 'needs_review', providerOrderId: null });
    expect(kinds(second.id)).toEqual([]);
  });

  it('refuses a provider order for another product or quantity', () => {
    const { db, clock, repo, inReview } = setup();
    const order = inReview('a');
    const other = providerOrder({
      items: [{ id: 1, productId: 102, regionPropertyId: 5001, quantity: 2, totalAmount: 1_250_000, delivery: null }],
    });

    const result = settleReview(db, clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: other } });

    expect(result.kind === 'mismatch' && result.mismatches).toEqual(['product', 'quantity']);
    expect(repo.get(order.id)?.state).toBe('needs_review');
  });

  it('marks the order not placed, tells the staff member, and lets the same order be placed again', () => {
    const { db, clock, repo, inReview, kinds, audit } = setup();
    const order = inReview('a');
    clock.advance(5_000);

    const result = settleReview(db, clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });

    expect(result.kind).toBe('settled');
    expect(repo.get(order.id)).toMatchObject({ state: 'not_placed', finishedAt: new Date(T0 + 5_000), nextCheckAt: null });
    expect(kinds(order.id)).toEqual(['not_placed']);
    expect(audit(order.id).at(-1)).toMatchObject({ actorId: ADMIN, action: 'order.not_placed', amount: 1_250_000 });
    const again = repo.openIntent({ ...sameOrder(order), confirmKey: 'again' });
    expect(again.kind).toBe('created');
  });

  it('changes nothing on a second decision about an order already settled', () => {
    const { db, clock, repo, inReview, kinds } = setup();
    const order = inReview('a');
    settleReview(db, clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });

    const second = settleReview(db, clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'adopt', providerOrder: providerOrder() } });

    expect(second.kind).toBe('not-in-review');
    expect(repo.get(order.id)).toMatchObject({ state: 'not_placed', providerOrderId: null });
    expect(kinds(order.id)).toEqual(['not_placed']);
  });

  it('does not settle an order whose outcome reconciliation is still looking for', () => {
    const { db, clock, repo, unknown } = setup();
    const order = unknown('a');

    const result = settleReview(db, clock, { orderId: order.id, actorId: ADMIN, decision: { kind: 'none' } });

    expect(result.kind).toBe('not-in-review');
    expect(repo.get(order.id)?.state).toBe('unknown');
  });

  it('answers not-found for an order that does not exist', () => {
    const { db, clock } = setup();

    expect(settleReview(db, clock, { orderId: 404, actorId: ADMIN, decision: { kind: 'none' } })).toEqual({ kind: 'not-found' });
  });

  it('lists the orders waiting for review, oldest first, with the candidates reconciliation recorded', () => {
    const { db, clock, inReview } = setup();
    const candidate: ReviewCandidate = { orderId: 9001, reference: 'A9001', status: 'COMPLETED', amount: 1_250_000, createdAt: null };
    const first = inReview('a', [candidate]);
    const second = inReview('b');
    inReview('c');
    settleReview(db, clock, { orderId: second.id, actorId: ADMIN, decision: { kind: 'none' } });

    const listed = listAwaitingReview(db, 1);

    expect(listed.total).toBe(2);
    expect(listed.items.map((row) => [row.id, row.reviewCandidates])).toEqual([[first.id, [candidate]]]);
  });
});

describe('telling a provider order apart from the order under review', () => {
  const order = { lines: [{ product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: null, price: 1 }, quantity: 3, fields: [] }] };
  const item = { id: 1, productId: 101, regionPropertyId: 5001, quantity: 1, totalAmount: 1, delivery: null };

  it('accepts the same product and region split over several items adding up to the quantity', () => {
    expect(reviewMismatches(order, { items: [item, { ...item, quantity: 2 }] })).toEqual([]);
  });

  it('accepts items whose region the provider does not say', () => {
    expect(reviewMismatches(order, { items: [{ ...item, regionPropertyId: null, quantity: 3 }] })).toEqual([]);
  });

  it('rejects another region', () => {
    expect(reviewMismatches(order, { items: [{ ...item, regionPropertyId: 5002, quantity: 3 }] })).toEqual(['region']);
  });

  it('rejects a provider order without items', () => {
    expect(reviewMismatches(order, { items: [] })).toEqual(['no-items']);
  });
});

function sameOrder(order: OrderRow): IntentInput {
  return {
    confirmKey: order.confirmKey,
    userId: order.userId,
    chatId: order.chatId,
    fingerprint: order.fingerprint,
    lines: order.lines,
    sandbox: order.sandbox,
  };
}
