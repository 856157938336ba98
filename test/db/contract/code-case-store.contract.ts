import { beforeEach, describe, expect, it } from 'vitest';
import type { CodeCaseStore, NewCase } from '../../../src/db/code-case-store.js';
import type { ManualClock } from '../../support/manual-clock.js';

export const T0 = Date.UTC(2026, 0, 5, 9);
const ANNA = 1001;
const ADMIN = 9001;
const DAY = 86_400_000;

const report = (orderId: number, extra: Partial<NewCase> = {}): NewCase => ({
  orderId,
  card: null,
  ordererId: ANNA,
  reportedBy: ANNA,
  reason: 'invalid',
  note: null,
  providerOrderId: 500 + orderId,
  amount: 1_250_000,
  ...extra,
});

/** `fresh` gives a store over an empty cases table, the clock it reads, and the audit rows written so far; `other` the same data as a second instance sees it. */
export function codeCaseStoreContract(
  database: string,
  fresh: () => Promise<{ store: CodeCaseStore; other: CodeCaseStore; clock: ManualClock; audit: () => Promise<{ action: string; orderId: number | null; detail: string | null }[]> }>,
): void {
  describe(`case store on ${database}`, () => {
    let store: CodeCaseStore;
    let other: CodeCaseStore;
    let clock: ManualClock;
    let audit: () => Promise<{ action: string; orderId: number | null; detail: string | null }[]>;
    beforeEach(async () => {
      ({ store, other, clock, audit } = await fresh());
    });

    it('numbers a case, keeps what was reported, audits it, and another instance reads it', async () => {
      const opened = await store.report(report(7, { note: 'the shop says already redeemed', reason: 'used' }));
      expect(opened.kind).toBe('opened');
      const id = opened.case.id;
      const kept = await other.get(id);
      expect(kept).toMatchObject({ orderId: 7, ordererId: ANNA, reportedBy: ANNA, reason: 'used', note: 'the shop says already redeemed', state: 'open', providerOrderId: 507, providerAnswer: null, closedAt: null });
      expect(kept!.openedAt.getTime()).toBe(T0);
      expect(await other.openFor(7, null)).toMatchObject({ id });
      expect(kept!.card).toBeNull();
      const rows = await audit();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'case.opened', orderId: 7 });
      expect(JSON.parse(rows[0]!.detail!)).toEqual({ facts: { case: id, reason: 'used', note: 'the shop says already redeemed' } });
    });

    it('refuses a second report of the same order while its case is open, and takes one again once it is closed', async () => {
      const first = await store.report(report(7));
      const again = await other.report(report(7, { reportedBy: ADMIN }));
      expect(again).toMatchObject({ kind: 'already', case: { id: first.case.id } });
      // Another order is another case.
      expect((await store.report(report(8))).kind).toBe('opened');
      await store.move(first.case.id, 'open', 'rejected', ADMIN);
      const later = await store.report(report(7));
      expect(later.kind).toBe('opened');
      expect(later.case.id).not.toBe(first.case.id);
    });

    it('keeps one open case per card of an order: another card is another case, the same card or the whole order is refused', async () => {
      const first = await store.report(report(7, { card: 1 }));
      expect(first.kind).toBe('opened');
      expect(first.case.card).toBe(1);
      const second = await other.report(report(7, { card: 2, reportedBy: ADMIN }));
      expect(second.kind).toBe('opened');
      expect(await other.report(report(7, { card: 1, reportedBy: ADMIN }))).toMatchObject({ kind: 'already', case: { id: first.case.id } });
      // The whole order while a card's case is open, and a card while the whole order's is, repeat a case.
      expect(await store.report(report(7))).toMatchObject({ kind: 'already', case: { id: first.case.id } });
      expect(await other.openFor(7, 2)).toMatchObject({ id: second.case.id });
      expect(await other.openFor(7, 3)).toBeNull();
      expect((await other.openOf(7)).map((row) => row.id)).toEqual([first.case.id, second.case.id]);
      expect(JSON.parse((await audit())[1]!.detail!)).toEqual({ facts: { case: second.case.id, card: 2, reason: 'invalid' } });
      // Card 1 closed: reported again; its old case cannot be reopened beside the new one.
      await store.move(first.case.id, 'open', 'closed', ADMIN);
      const again = await store.report(report(7, { card: 1 }));
      expect(again.kind).toBe('opened');
      expect(await store.move(first.case.id, 'closed', 'open', ADMIN)).toMatchObject({ kind: 'stale' });
      const whole = await store.report(report(8));
      expect(await other.report(report(8, { card: 2 }))).toMatchObject({ kind: 'already', case: { id: whole.case.id } });
      expect((await other.forOrders([7])).map((row) => row.card)).toEqual([1, 2, 1]);
    });

    it('two reports of one card at once open one case', async () => {
      const both = await Promise.all([store.report(report(9, { card: 2 })), other.report(report(9, { card: 2, reportedBy: ADMIN }))]);
      expect(both.map((r) => r.kind).sort()).toEqual(['already', 'opened']);
    });

    it('two reports of one order at once open one case', async () => {
      const both = await Promise.all([store.report(report(9)), other.report(report(9, { reportedBy: ADMIN }))]);
      expect(both.map((r) => r.kind).sort()).toEqual(['already', 'opened']);
      expect(new Set(both.map((r) => r.case.id)).size).toBe(1);
    });

    it('moves a case only from the state the press was made on, audits each move, and stamps a close', async () => {
      const { case: opened } = await store.report(report(7));
      clock.advance(60_000);
      const waiting = await store.move(opened.id, 'open', 'waiting', ADMIN);
      expect(waiting).toMatchObject({ kind: 'moved', from: 'open', case: { state: 'waiting', closedAt: null } });
      // An old card still showing "open".
      expect(await other.move(opened.id, 'open', 'closed', ADMIN)).toMatchObject({ kind: 'stale', case: { state: 'waiting' } });
      expect(await other.move(opened.id, 'open', 'waiting', ADMIN)).toMatchObject({ kind: 'same' });
      clock.advance(60_000);
      const refunded = await other.move(opened.id, 'waiting', 'refunded', null, { transaction: 44 });
      expect(refunded.kind).toBe('moved');
      expect(refunded.kind === 'moved' && refunded.case.closedAt?.getTime()).toBe(T0 + 120_000);
      expect(await store.openFor(7, null)).toBeNull();
      expect(await store.move(99_999, 'open', 'closed', ADMIN)).toEqual({ kind: 'gone' });
      const moves = (await audit()).filter((row) => row.action === 'case.moved').map((row) => JSON.parse(row.detail!).facts);
      expect(moves).toEqual([
        { case: opened.id, from: 'open', to: 'waiting' },
        { case: opened.id, from: 'waiting', to: 'refunded', transaction: 44 },
      ]);
    });

    it('does not reopen a case while another case of its order is open', async () => {
      const { case: first } = await store.report(report(7));
      await store.move(first.id, 'open', 'closed', ADMIN);
      await store.report(report(7));
      expect(await store.move(first.id, 'closed', 'open', ADMIN)).toMatchObject({ kind: 'stale' });
    });

    it("keeps the provider's answer, audited", async () => {
      const { case: opened } = await store.report(report(7));
      expect(await store.noteAnswer(opened.id, 'ticket 8812: refund within 3 days', ADMIN)).toMatchObject({ providerAnswer: 'ticket 8812: refund within 3 days' });
      expect(await other.get(opened.id)).toMatchObject({ providerAnswer: 'ticket 8812: refund within 3 days' });
      expect(await store.noteAnswer(99_999, 'x', ADMIN)).toBeNull();
      expect((await audit()).map((row) => row.action)).toEqual(['case.opened', 'case.answered']);
    });

    it('lists the open cases oldest first and the recent others newest first', async () => {
      const a = (await store.report(report(1))).case;
      clock.advance(1_000);
      const b = (await store.report(report(2))).case;
      clock.advance(1_000);
      const c = (await store.report(report(3))).case;
      await store.move(a.id, 'open', 'replaced', ADMIN);
      clock.advance(1_000);
      await store.move(c.id, 'open', 'closed', ADMIN);
      const listed = await other.list(10);
      expect(listed.open.map((x) => x.id)).toEqual([b.id]);
      expect(listed.recent.map((x) => x.id)).toEqual([c.id, a.id]);
      expect((await other.list(1)).recent.map((x) => x.id)).toEqual([c.id]);
    });

    it('finds the cases of given orders, and the open ones older than a moment', async () => {
      const a = (await store.report(report(1))).case;
      clock.advance(20 * DAY);
      const b = (await store.report(report(2))).case;
      expect((await other.forOrders([1, 2, 3])).map((x) => x.id)).toEqual([b.id, a.id]);
      expect(await other.forOrders([])).toEqual([]);
      expect((await other.openSince(T0 + 14 * DAY)).map((x) => x.id)).toEqual([a.id]);
      await store.move(a.id, 'open', 'closed', ADMIN);
      expect(await other.openSince(T0 + 14 * DAY)).toEqual([]);
    });
  });
}
