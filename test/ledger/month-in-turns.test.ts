import { describe, expect, it } from 'vitest';
import type { LedgerEntry, LedgerOrder } from '../../src/db/ledger-store.js';
import type { MonthSnapshot } from '../../src/ledger/month-close.js';
import { encodeSnapshot } from '../../src/ledger/snapshot-codec.js';
import { packSnapshot, unpackSnapshot } from '../../src/ledger/snapshot-packing.js';
import { computeStatement, computeStatementInTurns, type StatementInput } from '../../src/ledger/statement.js';

const NOV = Date.UTC(2026, 10, 1);
const DEC = Date.UTC(2026, 11, 1);
const MINUTE = 60_000;

/** A busy month: orders debited (one of every 50 for a wrong amount), one debit of every 40 placed elsewhere, a top-up a day, a broken chain once. */
function busyMonth(count: number): StatementInput {
  const entries: LedgerEntry[] = [];
  const placed: LedgerOrder[] = [];
  let balance = 500_000_000;
  for (let id = 1; id <= count; id++) {
    const at = NOV + id * 4 * MINUTE;
    const topUp = id % 360 === 0;
    const elsewhere = id % 40 === 0;
    const amount = topUp ? 50_000_000 : 10_000 + (id % 7) * 1_000;
    let providerOrderId: number | null = null;
    if (!topUp && !elsewhere) {
      providerOrderId = 70_000 + id;
      placed.push({ id, userId: 100 + (id % 50), totalAmount: id % 50 === 0 ? amount + 1 : amount, state: 'completed', providerOrderId, placedAt: at - MINUTE, finishedAt: at, batchId: null, products: ['کارت ۵۰'], costCentreId: null, purposeNote: null });
    }
    balance += topUp ? amount : -amount;
    if (id === count / 2) balance -= 1;
    entries.push({ id, type: topUp ? 'CREDIT' : 'DEBIT', amount, balanceAfter: balance, providerOrderId, description: `تراکنش ${id}`, createdAt: null, at, seenAt: at, baseline: false, verdict: null, judgedAt: null });
  }
  return { from: NOV, to: DEC, entries, before: null, placed, named: placed, entriesOfPlaced: entries.filter((entry) => entry.providerOrderId !== null), copyFrom: 0, syncedAt: DEC, now: DEC + MINUTE };
}

/** Runs `work`, counting the turns of the event loop other work got meanwhile. */
async function turnsBeside<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  running = false;
  return { result, turns };
}

describe('a large month worked out and kept without holding other chats', () => {
  it('works the statement out in turns, to exactly what one go gives', async () => {
    const input = busyMonth(6_000);
    const { result, turns } = await turnsBeside(() => computeStatementInTurns(input));
    expect(result).toEqual(computeStatement(input));
    expect(result.exceptions.map((exception) => exception.kind)).toEqual(expect.arrayContaining(['amount-differs', 'foreign-debit', 'chain-break']));
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('keeps the snapshot compressed, reads it back as it was, and serves other chats meanwhile', async () => {
    const statement = computeStatement(busyMonth(3_000));
    const snapshot: MonthSnapshot = { version: 1, statement: { ...statement, caseOf: new Map([[12, [3]]]) }, notes: [{ key: 'fd-40', kind: 'explained', note: 'پنل\nsecond line', actorId: 9001 }] };
    const packing = await turnsBeside(() => packSnapshot(snapshot));
    const kept = packing.result;
    expect(kept.length).toBeLessThan((await encodeSnapshot(snapshot)).length / 4);
    const reading = await turnsBeside(() => unpackSnapshot(kept));
    expect(reading.result).toEqual(snapshot);
    expect(packing.turns).toBeGreaterThanOrEqual(5);
    expect(reading.turns).toBeGreaterThanOrEqual(5);
  });

  it('reads a snapshot kept before snapshots were compressed as it was written', async () => {
    const snapshot: MonthSnapshot = { version: 1, statement: computeStatement(busyMonth(1_200)), notes: [] };
    expect(await unpackSnapshot(await encodeSnapshot(snapshot))).toEqual(snapshot);
  });
});
