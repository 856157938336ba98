import { describe, expect, it } from 'vitest';
import type { BatchOrderPlan, BatchStore, NewBatch } from '../../../src/db/batch-store.js';
import { batchConfirmKey } from '../../../src/domain/batches.js';
import type { OrderLine } from '../../../src/orders/order-line.js';
import type { OrderStore } from '../../../src/db/order-store.js';
import { intentInput } from '../../support/order-fixtures.js';

/** What every BatchStore does, whatever database keeps it: one small test file per dialect runs these cases. */
export interface BatchSubject {
  store: BatchStore;
  /** The orders of the same database, to place a batch's intents through. */
  orders: OrderStore;
  /** The batches whose expiry news is owed (expiry-news-store.ts), by id. */
  owedNews(): Promise<number[]>;
}

export const T0 = 1_700_000_000_000;
const at = (seconds: number) => new Date(T0 + seconds * 1000 + 123);
const PERSON = 7_000_000_001;
const OTHER = 7_000_000_002;
/** The largest amount a number holds exactly: a total must come back as it went in. */
const BIG_TOTAL = Number.MAX_SAFE_INTEGER;

const RECORD_KEYS = [
  'approvalExpiresAt', 'approvedBy', 'chatId', 'createdAt', 'fileHash', 'fileName', 'fileSentAt', 'heldReason', 'id', 'key', 'nextIndex', 'plan',
  'progressEditedAt', 'progressMessageId', 'requesterId', 'source', 'state', 'total', 'updatedAt',
];

function line(productId: number, title: string, price: number, quantity = 1, fields: OrderLine['fields'] = []): OrderLine {
  return { product: { id: productId, title }, region: { regionPropertyId: productId * 10, title: productId % 2 ? 'US' : null, price }, quantity, fields };
}

const PLAN: BatchOrderPlan[] = [
  { lines: [line(101, 'Google Play 10 USD', 1_250_000, 2, [{ fieldId: 7, title: 'Email', value: 'a@example.com' }])], rows: [2, 3] },
  { lines: [line(102, 'گیفت کارت اپل ۲۵ دلاری', 3_100_000, 1, [{ fieldId: 9, title: 'نام', value: 'علی' }]), line(103, 'Steam 50', 4_000_000)], rows: [4] },
  { lines: [line(101, 'Google Play 10 USD', 1_250_000)], rows: [5] },
];

let keys = 0;
function newBatch(overrides: Partial<NewBatch> = {}): NewBatch {
  keys += 1;
  return { key: `batch-${keys}-${Math.random().toString(36).slice(2, 8)}`, requesterId: PERSON, chatId: -1_002_000_000_001, source: 'file', fileHash: 'ab'.repeat(32), fileName: 'کارت‌ها.xlsx', plan: PLAN, total: BIG_TOTAL, ...overrides };
}

export function batchStoreContract(name: string, open: () => Promise<BatchSubject>) {
  describe(`batch store (${name})`, () => {
    it('keeps a new batch as a draft at its first order, and reads back its plan and an exact total', async () => {
      const { store } = await open();
      const input = newBatch();
      const created = await store.create(input, at(1));
      expect(Object.keys(created).sort()).toEqual(RECORD_KEYS);
      expect(created).toEqual({
        ...input,
        id: created.id,
        state: 'draft',
        heldReason: null,
        nextIndex: 0,
        progressMessageId: null,
        progressEditedAt: null,
        fileSentAt: null,
        approvedBy: null,
        approvalExpiresAt: null,
        createdAt: at(1),
        updatedAt: at(1),
      });
      expect(created.total).toBe(BIG_TOTAL);
      expect(await store.get(created.id)).toEqual(created);
      expect(await store.get(created.id + 1000)).toBeNull();

      const quantity = await store.create(newBatch({ source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [line(101, 'x', 5)], rows: [] }], total: 5 }), at(2));
      expect(await store.get(quantity.id)).toMatchObject({ source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [line(101, 'x', 5)], rows: [] }], total: 5 });
    });

    it('refuses a second batch with the same key', async () => {
      const { store } = await open();
      const input = newBatch();
      await store.create(input, at(1));
      await expect(store.create({ ...input, fileHash: null }, at(2))).rejects.toThrow();
    });

    it('moves the state only from an expected one: of two moves from draft, the second finds it moved', async () => {
      const { store } = await open();
      const batch = await store.create(newBatch(), at(1));
      const running = await store.move(batch.id, { from: ['draft'], to: 'running', at: at(2) });
      expect(running).toMatchObject({ id: batch.id, state: 'running', heldReason: null, updatedAt: at(2), createdAt: at(1) });
      expect(await store.move(batch.id, { from: ['draft'], to: 'cancelled', at: at(3) })).toBeNull();
      expect(await store.get(batch.id)).toEqual(running);

      const held = await store.move(batch.id, { from: ['running', 'waiting-approval'], to: 'held', heldReason: 'price-changed', at: at(4) });
      expect(held).toMatchObject({ state: 'held', heldReason: 'price-changed', updatedAt: at(4) });
      // Leaving the hold without a reason clears it.
      expect(await store.move(batch.id, { from: ['held'], to: 'running', at: at(5) })).toMatchObject({ state: 'running', heldReason: null, updatedAt: at(5) });
      expect(await store.move(batch.id + 1000, { from: ['running'], to: 'stopped', at: at(6) })).toBeNull();
    });

    it('records who approved a batch with its move out of waiting, and keeps it through later moves', async () => {
      const { store } = await open();
      const batch = await store.create(newBatch(), at(1));
      await store.move(batch.id, { from: ['draft'], to: 'waiting-approval', at: at(2) });
      expect(await store.move(batch.id, { from: ['waiting-approval'], to: 'running', approvedBy: 42, at: at(3) })).toMatchObject({ state: 'running', approvedBy: 42 });
      expect(await store.move(batch.id, { from: ['running'], to: 'placed', at: at(4) })).toMatchObject({ state: 'placed', approvedBy: 42 });
    });

    it('keeps the approval deadline given with the move into waiting, and expires exactly the waiting batches whose deadline came', async () => {
      const subject = await open();
      const { store } = subject;
      const waiting = async (created: number, deadline: number) => {
        const batch = await store.create(newBatch(), at(created));
        return (await store.move(batch.id, { from: ['draft'], to: 'waiting-approval', approvalExpiresAt: at(deadline), at: at(created) }))!;
      };
      const due = await waiting(1, 100);
      const early = await waiting(2, 50);
      const later = await waiting(3, 101);
      const approved = await waiting(4, 60);
      expect(due).toMatchObject({ state: 'waiting-approval', approvalExpiresAt: at(100) });
      await store.move(approved.id, { from: ['waiting-approval'], to: 'running', approvedBy: 42, at: at(5) });
      // A batch never sent for approval has no deadline and never expires.
      const draft = await store.create(newBatch(), at(6));

      expect(await store.expireDue(at(49))).toEqual([]);
      const expired = await store.expireDue(at(100));
      expect(expired.map((batch) => batch.id)).toEqual([due.id, early.id]);
      expect(expired[0]).toEqual({ ...due, state: 'expired', heldReason: null, updatedAt: at(100) });
      expect(await store.get(early.id)).toEqual(expired[1]);
      // Once: the next sweep finds nothing more, and the others are as they were.
      expect(await store.expireDue(at(100))).toEqual([]);
      expect(await store.get(later.id)).toEqual(later);
      expect(await store.get(approved.id)).toMatchObject({ state: 'running', approvedBy: 42, approvalExpiresAt: at(60) });
      expect(await store.get(draft.id)).toMatchObject({ state: 'draft', approvalExpiresAt: null });
      expect((await store.expireDue(at(1_000))).map((batch) => batch.id)).toEqual([later.id]);
      // Owed in the same transaction as each move: a process stopping right after it leaves the news to the next pass.
      expect(await subject.owedNews()).toEqual([due.id, early.id, later.id]);
    });

    it('decides a waiting batch only before its deadline where the move asks, and a batch without one whenever', async () => {
      const { store } = await open();
      const batch = await store.create(newBatch(), at(1));
      await store.move(batch.id, { from: ['draft'], to: 'waiting-approval', approvalExpiresAt: at(10), at: at(1) });
      expect(await store.move(batch.id, { from: ['waiting-approval'], to: 'running', approvedBy: 42, beforeDeadline: at(10), at: at(10) })).toBeNull();
      expect(await store.move(batch.id, { from: ['waiting-approval'], to: 'cancelled', beforeDeadline: at(11), at: at(11) })).toBeNull();
      expect(await store.get(batch.id)).toMatchObject({ state: 'waiting-approval', approvedBy: null, updatedAt: at(1) });
      expect(await store.move(batch.id, { from: ['waiting-approval'], to: 'running', approvedBy: 42, beforeDeadline: at(9), at: at(9) })).toMatchObject({ state: 'running', approvedBy: 42 });

      const undated = await store.create(newBatch(), at(2));
      await store.move(undated.id, { from: ['draft'], to: 'waiting-approval', at: at(2) });
      expect(await store.move(undated.id, { from: ['waiting-approval'], to: 'cancelled', beforeDeadline: at(1_000_000), at: at(3) })).toMatchObject({ state: 'cancelled' });
    });

    it('moves the cursor only from where it is', async () => {
      const { store } = await open();
      const batch = await store.create(newBatch(), at(1));
      expect(await store.advance(batch.id, 0, at(2))).toMatchObject({ nextIndex: 1, updatedAt: at(2), state: 'draft' });
      expect(await store.advance(batch.id, 0, at(3))).toBeNull();
      expect(await store.advance(batch.id, 2, at(3))).toBeNull();
      expect(await store.advance(batch.id, 1, at(4))).toMatchObject({ nextIndex: 2, updatedAt: at(4) });
      expect(await store.get(batch.id)).toMatchObject({ nextIndex: 2, updatedAt: at(4) });
    });

    it('replaces the plan and total only while held with the cursor where it was expected', async () => {
      const { store } = await open();
      const batch = await store.create(newBatch(), at(1));
      const repriced: BatchOrderPlan[] = [PLAN[0]!, { ...PLAN[1]!, lines: [line(102, 'گیفت کارت اپل ۲۵ دلاری', 3_300_000)] }, PLAN[2]!];
      const change = { plan: repriced, total: BIG_TOTAL - 1, expectedIndex: 1 };
      await store.move(batch.id, { from: ['draft'], to: 'running', at: at(2) });
      await store.advance(batch.id, 0, at(3));
      expect(await store.setPlan(batch.id, change, at(4))).toBe(false);

      await store.move(batch.id, { from: ['running'], to: 'held', heldReason: 'price-changed', at: at(5) });
      expect(await store.setPlan(batch.id, { ...change, expectedIndex: 0 }, at(6))).toBe(false);
      expect(await store.get(batch.id)).toMatchObject({ plan: PLAN, total: BIG_TOTAL, updatedAt: at(5) });

      expect(await store.setPlan(batch.id, change, at(7))).toBe(true);
      expect(await store.get(batch.id)).toMatchObject({ plan: repriced, total: BIG_TOTAL - 1, state: 'held', heldReason: 'price-changed', nextIndex: 1, updatedAt: at(7) });
      expect(await store.setPlan(batch.id + 1000, change, at(8))).toBe(false);
    });

    it('replaces a draft\'s plan, and nothing once it is confirmed', async () => {
      const { store } = await open();
      const batch = await store.create(newBatch(), at(1));
      const forCentre: BatchOrderPlan[] = PLAN.map((order) => ({ ...order, costCentreId: 7 }));
      expect(await store.setDraftPlan(batch.id, forCentre, at(2))).toMatchObject({ plan: forCentre, state: 'draft', total: BIG_TOTAL, updatedAt: at(2) });
      expect((await store.get(batch.id))!.plan.map((order) => order.costCentreId)).toEqual([7, 7, 7]);
      await store.move(batch.id, { from: ['draft'], to: 'running', at: at(3) });
      expect(await store.setDraftPlan(batch.id, PLAN, at(4))).toBeNull();
      expect((await store.get(batch.id))!.plan).toEqual(forCentre);
    });

    it("finds the person's newest batch from the same file since a time, not a cancelled one", async () => {
      const { store } = await open();
      const hash = 'cd'.repeat(32);
      const first = await store.create(newBatch({ fileHash: hash }), at(10));
      const second = await store.create(newBatch({ fileHash: hash }), at(20));
      await store.create(newBatch({ fileHash: hash, requesterId: OTHER }), at(30));
      await store.create(newBatch({ fileHash: 'ef'.repeat(32) }), at(40));
      expect((await store.sameFile(PERSON, hash, at(0)))?.id).toBe(second.id);
      // The draft being shown is left out: the batch before it is the one named.
      expect((await store.sameFile(PERSON, hash, at(0), second.id))?.id).toBe(first.id);
      expect(await store.sameFile(PERSON, hash, at(0), first.id).then((b) => b?.id)).toBe(second.id);
      await store.move(second.id, { from: ['draft'], to: 'cancelled', at: at(50) });
      expect((await store.sameFile(PERSON, hash, at(0)))?.id).toBe(first.id);
      expect((await store.sameFile(PERSON, hash, at(10)))?.id).toBe(first.id);
      expect(await store.sameFile(PERSON, hash, at(11))).toBeNull();
      // Whatever its state but cancelled: a batch done is still the same file sent again.
      await store.move(first.id, { from: ['draft'], to: 'done', at: at(60) });
      expect(await store.sameFile(PERSON, hash, at(0))).toMatchObject({ id: first.id, state: 'done' });
      expect(await store.sameFile(OTHER + 1, hash, at(0))).toBeNull();
    });

    it('lists batches in given states oldest first, and a person’s batches newest first', async () => {
      const { store } = await open();
      const a = await store.create(newBatch(), at(1));
      const b = await store.create(newBatch({ requesterId: OTHER }), at(2));
      const c = await store.create(newBatch(), at(3));
      const d = await store.create(newBatch(), at(4));
      await store.move(c.id, { from: ['draft'], to: 'running', at: at(5) });
      await store.move(a.id, { from: ['draft'], to: 'held', heldReason: 'funds', at: at(6) });
      await store.move(d.id, { from: ['draft'], to: 'done', at: at(7) });
      expect((await store.inStates(['running', 'held'])).map((r) => r.id)).toEqual([a.id, c.id]);
      expect((await store.inStates(['draft'])).map((r) => r.id)).toEqual([b.id]);
      expect(await store.inStates([])).toEqual([]);
      expect((await store.listForUser(PERSON, 10)).map((r) => r.id)).toEqual([d.id, c.id, a.id]);
      expect((await store.listForUser(PERSON, 2)).map((r) => r.id)).toEqual([d.id, c.id]);
      expect(await store.listForUser(OTHER + 1, 10)).toEqual([]);
      expect(await store.listForUser(OTHER, 10)).toEqual([await store.get(b.id)]);
    });

    it('records the progress message once (a second finds the first), its last edit and the file sent, each bumping updatedAt', async () => {
      const { store } = await open();
      const batch = await store.create(newBatch(), at(1));
      expect(await store.setProgressMessage(batch.id, 3_000_000_001, at(2))).toBe(true);
      expect(await store.get(batch.id)).toMatchObject({ progressMessageId: 3_000_000_001, progressEditedAt: at(2), updatedAt: at(2) });
      expect(await store.setProgressMessage(batch.id, 3_000_000_002, at(2))).toBe(false);
      expect((await store.get(batch.id))?.progressMessageId).toBe(3_000_000_001);
      await store.setProgressEdited(batch.id, at(3));
      expect(await store.get(batch.id)).toMatchObject({ progressEditedAt: at(3), updatedAt: at(3) });
      await store.setFileSent(batch.id, at(4));
      expect(await store.get(batch.id)).toMatchObject({ progressMessageId: 3_000_000_001, progressEditedAt: at(3), fileSentAt: at(4), updatedAt: at(4), state: 'draft' });
    });

    it('lists as unsettled the running and held batches and the placed or stopped ones whose file is not sent, oldest first', async () => {
      const { store } = await open();
      const ids: Record<string, number> = {};
      for (const [name, to] of [['draft', null], ['running', 'running'], ['held', 'held'], ['placed', 'placed'], ['stopped', 'stopped'], ['sent', 'placed'], ['cancelled', 'cancelled']] as const) {
        const batch = await store.create(newBatch(), at(1));
        ids[name] = batch.id;
        if (to) await store.move(batch.id, { from: ['draft'], to, at: at(2) });
      }
      await store.setFileSent(ids['sent']!, at(3));
      expect((await store.unsettled()).map((batch) => batch.id)).toEqual([ids['running'], ids['held'], ids['placed'], ids['stopped']]);
    });

    it("returns the batch's orders by their index in the plan, each carrying the batch", async () => {
      const { store, orders } = await open();
      const batch = await store.create(newBatch(), at(1));
      const other = await store.create(newBatch(), at(2));
      const place = async (index: number, batchId = batch.id, key = batch.key) => {
        const opened = await orders.openIntent(
          intentInput({ confirmKey: batchConfirmKey(key, index), fingerprint: `f-${key}-${index}`, userId: PERSON, lines: PLAN[index]!.lines, batch: { id: batchId, index } }),
        );
        if (opened.kind !== 'created') throw new Error(`intent ${index} was not created: ${opened.kind}`);
        return opened.order;
      };
      const second = await place(1);
      const first = await place(0);
      await place(0, other.id, other.key);
      const alone = await orders.openIntent(intentInput({ confirmKey: 'alone', fingerprint: 'alone' }));
      expect(alone.order).toMatchObject({ batchId: null, batchIndex: null });
      expect(second).toMatchObject({ batchId: batch.id, batchIndex: 1, confirmKey: `${batch.key}:1`, state: 'intent' });

      const listed = await store.orders(batch.id);
      expect(listed.map((o) => [o.id, o.batchIndex])).toEqual([
        [first.id, 0],
        [second.id, 1],
      ]);
      expect(listed[0]).toEqual(first);
      expect(listed[1]).toEqual(await orders.get(second.id));
      expect(Object.keys(listed[0]!)).toEqual(expect.arrayContaining(['batchId', 'batchIndex', 'totalAmount', 'lines']));
      expect(await store.orders(batch.id + 1000)).toEqual([]);
    });
  });
}
