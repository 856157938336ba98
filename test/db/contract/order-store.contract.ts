import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderRow, OrderStore } from '../../../src/db/order-store.js';
import { intentInput, type IntentOverrides } from '../../support/order-fixtures.js';

/**
 * What every OrderStore does, whatever database keeps it: the same cases
 * run on each database by one small test file per dialect.
 */
export interface OrderStoreSubject {
  store: OrderStore;
  /** The order's audit rows in the order written. */
  audit(orderId: number): Promise<Array<{ action: string; amount: number | null; actorId: number | null }>>;
  /** The facts of the order's audit rows in the order written (null for a row without). */
  auditFacts(orderId: number): Promise<Array<Record<string, unknown> | null>>;
  /** A new batch of user 1's, for orders to name. */
  batch(): Promise<number>;
  /** The order's pending announcements, by kind. */
  notifications(orderId: number): Promise<string[]>;
  /** The store's clock. */
  clock: { advance(ms: number): void };
}

async function opened(store: OrderStore, overrides: IntentOverrides = {}): Promise<OrderRow> {
  const result = await store.openIntent(intentInput(overrides));
  if (result.kind !== 'created') throw new Error(`expected a new intent, got ${result.kind}`);
  return result.order;
}

/** `fresh` gives a store over empty orders, audit_log and notifications tables. */
export function orderStoreContract(database: string, fresh: () => Promise<OrderStoreSubject>): void {
  describe(`order store on ${database}`, () => {
    let subject: OrderStoreSubject;
    let repo: OrderStore;
    beforeEach(async () => {
      subject = await fresh();
      repo = subject.store;
    });

    it('saves an intent with its lines and total, and keeps a confirmation to one order', async () => {
      const order = await opened(repo, { confirmKey: 'a', quantity: 2 });
      expect(order).toMatchObject({ state: 'intent', totalAmount: 2_500_000, userId: 1, sandbox: true, confirmKey: 'a' });
      expect(order.createdAt).toBeInstanceOf(Date);
      expect(await repo.get(order.id)).toEqual(order);
      const again = await repo.openIntent(intentInput({ confirmKey: 'a', quantity: 2 }));
      expect(again).toEqual({ kind: 'already-confirmed', order });
    });

    it('refuses a new intent for the same order while one is open', async () => {
      const first = await opened(repo, { confirmKey: 'a' });
      await repo.claimForPlacing(first.id, 1);
      const second = await repo.openIntent(intentInput({ confirmKey: 'b' }));
      expect(second.kind).toBe('same-order-pending');
      expect(second.order.id).toBe(first.id);
    });

    it('answers null for an order that does not exist', async () => {
      expect(await repo.get(404)).toBeNull();
    });

    it('closes a queued intent as not placed when the same order became pending meanwhile', async () => {
      const first = await opened(repo, { confirmKey: 'a' });
      const second = await opened(repo, { confirmKey: 'b' });
      await repo.claimForPlacing(first.id, 1);
      await repo.transition({ id: first.id, from: 'placing', to: 'unknown', audit: { actorId: 1, action: 'order.unknown' } });

      const claim = await repo.claimForPlacing(second.id, 1);

      expect(claim.kind).toBe('same-order-pending');
      expect(claim.kind === 'same-order-pending' && claim.pending.id).toBe(first.id);
      expect((await repo.get(second.id))?.state).toBe('not_placed');
    });

    it('refuses to put a second order in flight while one is placing', async () => {
      const first = await opened(repo, { confirmKey: 'a', fingerprint: 'f1' });
      const second = await opened(repo, { confirmKey: 'b', fingerprint: 'f2' });
      expect((await repo.claimForPlacing(first.id, 1)).kind).toBe('placing');

      expect((await repo.claimForPlacing(second.id, 1)).kind).toBe('busy');
      expect((await repo.get(second.id))?.state).toBe('not_placed');
      expect((await subject.audit(second.id)).at(-1)).toMatchObject({ action: 'order.not_placed' });
    });

    it('answers moved when the intent already left intent', async () => {
      const order = await opened(repo);
      await repo.claimForPlacing(order.id, 1);
      const claim = await repo.claimForPlacing(order.id, 1);
      expect(claim.kind).toBe('moved');
      expect(claim.order.state).toBe('placing');
    });

    it('changes nothing when the order is no longer in the expected state', async () => {
      const order = await opened(repo);
      const moved = await repo.transition({ id: order.id, from: 'placing', to: 'unknown', audit: { actorId: 1, action: 'x' } });
      expect(moved).toBeNull();
      expect((await repo.get(order.id))?.state).toBe('intent');
      expect(await subject.audit(order.id)).toHaveLength(1);
    });

    it('announces a transition in the same change, once per kind', async () => {
      const order = await opened(repo);
      await repo.claimForPlacing(order.id, 1);
      const moved = await repo.transition({
        id: order.id,
        from: 'placing',
        to: 'needs_review',
        set: { nextCheckAt: null },
        audit: { actorId: 1, action: 'order.needs_review' },
        notify: ['needs_review'],
      });
      expect(moved?.state).toBe('needs_review');
      expect(await subject.notifications(order.id)).toEqual(['needs_review']);
    });

    it('writes an audit row with the amount for every transition', async () => {
      const order = await opened(repo, { quantity: 2 });
      await repo.claimForPlacing(order.id, 1);
      expect(await subject.audit(order.id)).toEqual([
        { action: 'order.intent', amount: 2_500_000, actorId: 1 },
        { action: 'order.placing', amount: 2_500_000, actorId: 1 },
      ]);
    });

    it('writes the batch id among the facts of every audit row of a batch’s order, and nothing for an order of its own', async () => {
      const batch = await subject.batch();
      const order = await opened(repo, { confirmKey: 'a', batch: { id: batch, index: 2 } });
      expect(order).toMatchObject({ batchId: batch, batchIndex: 2 });
      await repo.claimForPlacing(order.id, 1);
      await repo.transition({ id: order.id, from: 'placing', to: 'unknown', audit: { actorId: 1, action: 'order.unknown', facts: { cause: 'timeout' } } });
      expect(await subject.auditFacts(order.id)).toEqual([{ batch }, { batch }, { cause: 'timeout', batch }]);
      const alone = await opened(repo, { confirmKey: 'b', fingerprint: 'other' });
      expect(await subject.auditFacts(alone.id)).toEqual([null]);
    });

    it('recovers interrupted orders at start-up: a POST in flight becomes unknown, an intent never sent not placed, both told', async () => {
      const placing = await opened(repo, { confirmKey: 'a', fingerprint: 'f1' });
      await repo.claimForPlacing(placing.id, 1);
      const waiting = await opened(repo, { confirmKey: 'b', fingerprint: 'f2' });

      expect(await repo.recoverInterrupted(30_000)).toEqual({ unknown: 1, notPlaced: 1 });
      const unknown = await repo.get(placing.id);
      expect(unknown).toMatchObject({ state: 'unknown' });
      expect(unknown?.postEndedAt).toBeInstanceOf(Date);
      expect(unknown?.nextCheckAt).toBeInstanceOf(Date);
      expect((await repo.get(waiting.id))?.state).toBe('not_placed');
      expect(await subject.notifications(placing.id)).toEqual(['interrupted']);
      expect(await subject.notifications(waiting.id)).toEqual(['not_placed']);
      expect(await repo.recoverInterrupted(30_000)).toEqual({ unknown: 0, notPlaced: 0 });
    });

    it('with other instances serving, repairs only orders started before the cut-off and leaves newer ones in flight alone', async () => {
      const oldIntent = await opened(repo, { confirmKey: 'a', fingerprint: 'f1' });
      subject.clock.advance(10 * 60_000);
      const livePlacing = await opened(repo, { confirmKey: 'b', fingerprint: 'f2' });
      const posted = (await repo.claimForPlacing(livePlacing.id, 1)).order.postedAt!;
      const liveIntent = await opened(repo, { confirmKey: 'c', fingerprint: 'f3' });
      const cutOff = new Date(posted.getTime() - 60_000);

      expect(await repo.recoverInterrupted(30_000, cutOff)).toEqual({ unknown: 0, notPlaced: 1 });
      expect((await repo.get(oldIntent.id))?.state).toBe('not_placed');
      expect((await repo.get(livePlacing.id))?.state).toBe('placing');
      expect((await repo.get(liveIntent.id))?.state).toBe('intent');
      expect(await subject.notifications(livePlacing.id)).toEqual([]);
      expect(await subject.notifications(liveIntent.id)).toEqual([]);

      // Once they are older than the cut-off, their instance is taken to have stopped.
      subject.clock.advance(10 * 60_000);
      expect(await repo.recoverInterrupted(30_000, new Date(posted.getTime() + 60_000))).toEqual({ unknown: 1, notPlaced: 1 });
      expect((await repo.get(livePlacing.id))?.state).toBe('unknown');
      expect((await repo.get(liveIntent.id))?.state).toBe('not_placed');
    });

    it('ends the flight of a POST a crash interrupted at its timeout at the latest', async () => {
      const order = await opened(repo);
      const claim = await repo.claimForPlacing(order.id, 1);
      subject.clock.advance(60 * 60_000);
      await repo.recoverInterrupted(1_500);
      const recovered = await repo.get(order.id);
      expect(recovered?.postEndedAt?.getTime()).toBe(claim.order.postedAt!.getTime() + 1_500);
    });

    it('lists a person’s orders newest first, page by page', async () => {
      for (const key of ['a', 'b', 'c']) await opened(repo, { confirmKey: key, fingerprint: key });
      await opened(repo, { confirmKey: 'other', fingerprint: 'x', userId: 2 });
      const page = await repo.listForUser(1, { page: 1, pageSize: 2 });
      expect(page.items.map((o) => o.confirmKey)).toEqual(['c', 'b']);
      expect(page).toMatchObject({ page: 1, pageCount: 2, total: 3 });
      expect(await repo.listForUser(3, { page: 1, pageSize: 2 })).toMatchObject({ items: [], total: 0 });
    });
  });
}
