import { describe, expect, it } from 'vitest';
import { statementTable } from '../../../src/bot/statement/statement-csv.js';
import type { StatementView } from '../../../src/bot/statement/statement-text.js';
import type { LedgerEntry, LedgerOrder } from '../../../src/db/ledger-store.js';
import type { CostCentreName } from '../../../src/domain/cost-centre.js';
import { computeStatement, DEBIT_GRACE_MS } from '../../../src/ledger/statement.js';
import { buildCsv } from '../../../src/text/csv.js';
import { translatorFor, type Locale } from '../../../src/text/i18n.js';
import { readCsv } from '../../support/csv-reader.js';

const FROM = Date.UTC(2026, 10, 1);
const TO = Date.UTC(2026, 11, 1);
const HOUR = 3_600_000;
const CENTRES = new Map<number, CostCentreName>([[4, { name: 'بازاریابی', code: 'MKT-05' }]]);

function entry(id: number, at: number, type: string, amount: number, providerOrderId: number | null): LedgerEntry {
  return { id, type, amount, balanceAfter: null, providerOrderId, description: null, createdAt: new Date(at).toISOString(), at, seenAt: at, baseline: false, verdict: null, judgedAt: null };
}

function order(id: number, placedAt: number, purpose: { costCentreId: number | null; purposeNote: string | null }): LedgerOrder {
  return { id, userId: 7, totalAmount: 1_000, state: 'completed', providerOrderId: 500 + id, placedAt, finishedAt: null, batchId: null, products: ['Apple 25'], ...purpose };
}

/** The statement's CSV as read back: a matched order, an order with no debit, one whose debit may still come, and a top-up. */
async function rowsOf(locale: Locale): Promise<string[][]> {
  const syncedAt = FROM + 10 * 24 * HOUR;
  const matched = order(1, FROM + HOUR, { costCentreId: 4, purposeNote: '=cmd|"/c calc"!A1' });
  const missing = order(2, FROM + 2 * HOUR, { costCentreId: null, purposeNote: 'Team lunch' });
  const awaiting = order(3, syncedAt - DEBIT_GRACE_MS / 2, { costCentreId: 4, purposeNote: null });
  const entries = [entry(1, FROM + 30 * 60_000, 'CREDIT', 50_000, null), entry(2, matched.placedAt + 60_000, 'DEBIT', 1_000, matched.providerOrderId)];
  const statement = computeStatement({ from: FROM, to: TO, entries, before: null, placed: [matched, missing, awaiting], named: [matched], entriesOfPlaced: [entries[1]!], copyFrom: 0, syncedAt, now: syncedAt });
  const v: StatementView = { t: translatorFor(locale), locale, timeZone: 'UTC', monthCalendar: 'gregorian', amountUnit: 'IRR', sandbox: false, describePerson: () => 'Sara' };
  const table = statementTable(v, statement, CENTRES);
  const csv = await buildCsv(table.header, table.rows, 1_000_000);
  return readCsv(csv.content).rows;
}

describe("the statement's CSV: what each order was for", () => {
  it('gives every row of an order its cost centre, code and note, and rows of no order none; a formula stays text', async () => {
    const [header, ...body] = await rowsOf('en');
    expect(header!.slice(-4, -1)).toEqual(['Cost centre', 'Cost centre code', 'Note']);
    const byOrder = (id: string) => body.find((row) => row[8] === id)!.slice(-4, -1);
    expect(byOrder('1')).toEqual(['بازاریابی', 'MKT-05', `'=cmd|"/c calc"!A1`]);
    expect(byOrder('2')).toEqual(['', '', 'Team lunch']);
    expect(byOrder('3')).toEqual(['بازاریابی', 'MKT-05', '']);
    expect(body.find((row) => row[2] === 'CREDIT')!.slice(-4, -1)).toEqual(['', '', '']);
    expect(body.every((row) => row.length === header!.length)).toBe(true);
  });

  it('names the columns in Persian for a Persian reader', async () => {
    const [header] = await rowsOf('fa');
    expect(header!.slice(-4, -1)).toEqual(['مرکز هزینه', 'کد مرکز هزینه', 'یادداشت']);
  });
});
