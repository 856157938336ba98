import type { MonthSnapshot } from './month-close.js';
import type { StatementRow } from './statement.js';

/** Transactions per line: one line is stringified or parsed in a few milliseconds. */
const ROWS_PER_LINE = 500;

const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A closed month's snapshot as text: a first line with the figures, the
 * exceptions and the annotations, then the transactions a few hundred to a
 * line. A month of 10,000 transactions is megabytes of JSON, and one
 * JSON.stringify or JSON.parse of it would hold every other chat for a
 * large part of a second: line by line, other chats run in between.
 */
export async function encodeSnapshot(snapshot: MonthSnapshot): Promise<string> {
  const { rows, caseOf, ...figures } = snapshot.statement;
  // A Map has no JSON of its own: its pairs are written instead.
  const lines = [JSON.stringify({ ...snapshot, statement: { ...figures, caseOf: [...caseOf] } })];
  for (let at = 0; at < rows.length; at += ROWS_PER_LINE) {
    lines.push(JSON.stringify(rows.slice(at, at + ROWS_PER_LINE)));
    await breather();
  }
  return lines.join('\n');
}

export async function decodeSnapshot(text: string): Promise<MonthSnapshot> {
  const lines = text.split('\n');
  const head = JSON.parse(lines[0]!) as Omit<MonthSnapshot, 'statement'> & { statement: Omit<MonthSnapshot['statement'], 'rows' | 'caseOf'> & { caseOf?: [number, number | number[]][] } };
  const rows: StatementRow[] = [];
  for (const line of lines.slice(1)) {
    for (const row of JSON.parse(line) as StatementRow[]) rows.push(row);
    await breather();
  }
  // A snapshot written before cases were weighed has none; one written before cases were per card, one case per order.
  const { caseOf = [], ...figures } = head.statement;
  const caseRefunds = (figures.caseRefunds ?? []).map((refund) => ({ ...refund, open: refund.open ?? (refund.closes ? [refund.caseId] : []) }));
  return { ...head, statement: { ...figures, caseRefunds, caseOf: new Map(caseOf.map(([orderId, ids]) => [orderId, typeof ids === 'number' ? [ids] : ids])), rows } };
}
