import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src/db/ledger-store.js';
import type { MonthSnapshot } from '../../src/ledger/month-close.js';
import { decodeSnapshot, encodeSnapshot } from '../../src/ledger/snapshot-codec.js';
import { exceptionKey } from '../../src/ledger/exception-keys.js';

const entry = (id: number): LedgerEntry => ({ id, type: 'DEBIT', amount: 1_000 + id, balanceAfter: null, providerOrderId: id % 3 === 0 ? null : id, description: `خرید ${id}`, createdAt: null, at: id, seenAt: id, baseline: false, verdict: 'ours', judgedAt: id });

describe('a closed month\'s snapshot as text', () => {
  it('reads back exactly what was written, over many lines', async () => {
    const rows = Array.from({ length: 1_234 }, (_, i) => ({ entry: entry(i + 1), match: { kind: 'elsewhere' as const } }));
    const exceptions = [{ kind: 'foreign-debit' as const, entry: entry(7) }];
    const snapshot: MonthSnapshot = {
      version: 1,
      notes: [{ key: 'fd-7', kind: 'written-off', note: 'هزینه‌ی جاری\nwith a line break', actorId: 9001 }],
      statement: { from: 0, to: 10, opening: 5, credits: { topUps: 0, refunds: 0, total: 0 }, debits: { giftdesk: 0, elsewhere: 1, total: 1 }, closing: 4, balanced: true, difference: 0, rows, exceptions, orders: { placed: 0, matched: 0 }, awaitingDebit: [], copyStartsAt: null, caseRefunds: [], caseOf: new Map([[12, [3, 4]]]) },
    };
    const text = await encodeSnapshot(snapshot);
    expect(text.split('\n')).toHaveLength(1 + 3);
    expect(await decodeSnapshot(text)).toEqual(snapshot);
  });

  it('reads a snapshot written before cases were per card: one case per order, and the refund closing that one', async () => {
    const written = await encodeSnapshot({
      version: 1,
      notes: [],
      statement: { from: 0, to: 10, opening: 5, credits: { topUps: 0, refunds: 0, total: 0 }, debits: { giftdesk: 0, elsewhere: 0, total: 0 }, closing: 5, balanced: true, difference: 0, rows: [], exceptions: [], orders: { placed: 0, matched: 0 }, awaitingDebit: [], copyStartsAt: null, caseRefunds: [], caseOf: new Map() },
    });
    const [head, ...rest] = written.split('\n');
    const old = JSON.parse(head!);
    const order = { id: 12, userId: 1, totalAmount: 5, state: 'completed', providerOrderId: 900, placedAt: 0, finishedAt: null, batchId: null, products: [], costCentreId: null, purposeNote: null };
    old.statement.caseOf = [[12, 3]];
    old.statement.caseRefunds = [{ caseId: 3, order, entry: entry(1), closes: true }];
    const read = await decodeSnapshot([JSON.stringify(old), ...rest].join('\n'));
    expect(read.statement.caseOf).toEqual(new Map([[12, [3]]]));
    expect(read.statement.caseRefunds).toEqual([{ caseId: 3, open: [3], order, entry: entry(1), closes: true }]);
  });

  it('keys an exception by its kind and its transaction, or its order when it has none', () => {
    expect(exceptionKey({ kind: 'foreign-debit', entry: entry(41) })).toBe('fd-41');
    expect(exceptionKey({ kind: 'chain-break', entry: entry(41), expected: 3 })).toBe('cb-41');
    const order = { id: 12, userId: 1, totalAmount: 5, state: 'completed' as const, providerOrderId: 900, placedAt: 0, finishedAt: null, batchId: null, products: [], costCentreId: null, purposeNote: null };
    expect(exceptionKey({ kind: 'missing-debit', order })).toBe('md-12');
    expect(exceptionKey({ kind: 'amount-differs', entry: entry(5), order })).toBe('ad-5');
  });
});
