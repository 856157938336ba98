import { describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerOrder } from '../../src/db/ledger-store.js';
import { computeStatement, type StatementCase, type StatementInput } from '../../src/ledger/statement.js';

const NOV = Date.UTC(2026, 10, 1);
const DEC = Date.UTC(2026, 11, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function entry(id: number, at: number, type: 'DEBIT' | 'CREDIT', amount: number, balanceAfter: number, providerOrderId: number | null = null): LedgerEntry {
  return { id, type, amount, balanceAfter, providerOrderId, description: null, createdAt: new Date(at).toISOString(), at, seenAt: at, baseline: false, verdict: null, judgedAt: null };
}

function order(id: number, providerOrderId: number, totalAmount: number, placedAt: number): LedgerOrder {
  return { id, userId: 100 + id, totalAmount, state: 'completed', providerOrderId, placedAt, finishedAt: placedAt + HOUR, batchId: null, products: ['Apple 25'], costCentreId: null, purposeNote: null };
}

const reported = (id: number, orderId: number, state: StatementCase['state'], openedAt: number): StatementCase => ({ id, orderId, state, openedAt });

function statementOf(entries: LedgerEntry[], placed: LedgerOrder[], extra: Partial<StatementInput>) {
  return computeStatement({
    from: NOV,
    to: DEC,
    entries,
    before: null,
    placed,
    named: placed,
    entriesOfPlaced: entries.filter((e) => placed.some((o) => o.providerOrderId === e.providerOrderId)),
    copyFrom: 0,
    syncedAt: DEC + HOUR,
    now: DEC + HOUR,
    caseOverdueDays: 14,
    ...extra,
  });
}

describe('cases in the wallet statement', () => {
  const d = (day: number) => NOV + (day - 1) * DAY;
  const entries = [
    entry(10, d(1), 'CREDIT', 500_000, 500_000),
    entry(11, d(2), 'DEBIT', 200_000, 300_000, 901),
    entry(12, d(3), 'DEBIT', 100_000, 200_000, 902),
    // The support's refund of 901's code that did not work: the order stays completed.
    entry(13, d(20), 'CREDIT', 200_000, 400_000, 901),
  ];
  const placed = [order(1, 901, 200_000, d(2)), order(2, 902, 100_000, d(3))];

  it('matches a refund of a delivered order to its open case, which it closes, instead of listing it as an exception', () => {
    const s = statementOf(entries, placed, { cases: [reported(7, 1, 'waiting', d(10))] });
    expect(s.rows.map((row) => row.match.kind)).toEqual(['top-up', 'order', 'order', 'case-refund']);
    expect(s.exceptions).toEqual([]);
    expect(s.credits.refunds).toBe(200_000);
    expect(s.caseRefunds).toEqual([{ caseId: 7, open: [7], order: placed[0], entry: entries[3], closes: true }]);
    expect(s.caseOf.get(1)).toEqual([7]);
  });

  it('without a case, the same refund is an exception; after its case closed as refunded, it stays matched and closes nothing', () => {
    expect(statementOf(entries, placed, {}).exceptions.map((x) => x.kind)).toEqual(['unplaced-refund']);
    const later = statementOf(entries, placed, { cases: [reported(7, 1, 'refunded', d(10))] });
    expect(later.exceptions).toEqual([]);
    expect(later.caseRefunds).toEqual([{ caseId: 7, open: [], order: placed[0], entry: entries[3], closes: false }]);
    // A case the administrators rejected does not make the credit a refund of it.
    expect(statementOf(entries, placed, { cases: [reported(7, 1, 'rejected', d(10))] }).exceptions.map((x) => x.kind)).toEqual(['unplaced-refund']);
  });

  it('lists a case open longer than the setting among the exceptions, not one opened since, nor one its refund settles', () => {
    const s = statementOf(entries, placed, {
      cases: [reported(7, 1, 'open', d(1)), reported(8, 2, 'open', d(16)), reported(9, 3, 'waiting', d(5))],
      caseOrders: [order(3, 903, 50_000, NOV - 40 * DAY)],
    });
    // Case 7 is settled by transaction 13; case 8 opened on the 16th, 15 days and an hour before now: over 14.
    expect(s.exceptions.map((x) => (x.kind === 'case-overdue' ? [x.caseId, x.order.id, x.days] : x.kind))).toEqual([
      [8, 2, 14],
      [9, 3, 14],
    ]);
    const strict = statementOf(entries, placed, { cases: [reported(7, 1, 'open', d(1)), reported(8, 2, 'open', d(16))], caseOverdueDays: 16 });
    expect(strict.exceptions).toEqual([]);
    // Every case of an order is listed, oldest first: an old closed one and a fresh open one.
    const newest = statementOf(entries, placed, { cases: [reported(1, 1, 'refunded', d(1)), reported(3, 2, 'open', d(25)), reported(2, 2, 'closed', d(1))] });
    expect(newest.caseOf.get(2)).toEqual([2, 3]);
    expect(newest.exceptions).toEqual([]);
  });

  it('one refund of an order with a case per card closes every open case of it, each counted once however often it is read', () => {
    const cards = [reported(7, 1, 'open', d(10)), reported(8, 1, 'waiting', d(11)), reported(6, 1, 'rejected', d(9))];
    const s = statementOf(entries, placed, { cases: [...cards, reported(8, 1, 'waiting', d(11))] });
    expect(s.rows.map((row) => row.match.kind)).toEqual(['top-up', 'order', 'order', 'case-refund']);
    expect(s.caseRefunds).toEqual([{ caseId: 8, open: [7, 8], order: placed[0], entry: entries[3], closes: true }]);
    expect(s.caseOf.get(1)).toEqual([6, 7, 8]);
    expect(s.exceptions).toEqual([]);
  });
});
