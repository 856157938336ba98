import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MonthSnapshot } from './month-close.js';
import type { StatementRow } from './statement.js';

/** Transactions per line: one line is stringified or parsed in a few milliseconds. */
const ROWS_PER_LINE = 500;

/**
 * A closed month's snapshot as text: a first line with the figures, the
 * exceptions and the annotations, then the transactions a few hundred to a
 * line. A month of 10,000 transactions is megabytes of JSON, and one
 * JSON.stringify or JSON.parse of it would hold every other chat for a
 * large part of a second: line by line, other chats run in between.
 */
export async function encodeSnapshot(snapshot: MonthSnapshot): Promise<string> {
  const lines: string[] = [];
  for await (const line of snapshotLines(snapshot)) lines.push(line);
  return lines.join('\n');
}

/** The snapshot's lines as encodeSnapshot joins them, each made in a turn of its own. */
export async function* snapshotLines(snapshot: MonthSnapshot): AsyncGenerator<string> {
  const { rows, caseOf, ...figures } = snapshot.statement;
  // A Map has no JSON of its own: its pairs are written instead.
  yield JSON.stringify({ ...snapshot, statement: { ...figures, caseOf: [...caseOf] } });
  for (let at = 0; at < rows.length; at += ROWS_PER_LINE) {
    await nextTurn();
    yield JSON.stringify(rows.slice(at, at + ROWS_PER_LINE));
  }
}

export async function decodeSnapshot(text: string): Promise<MonthSnapshot> {
  return decodeSnapshotLines(text.split('\n'));
}

type SnapshotHead = Omit<MonthSnapshot, 'statement'> & { statement: Omit<MonthSnapshot['statement'], 'rows' | 'caseOf'> & { caseOf?: [number, number | number[]][] } };

/** The snapshot from its lines as encodeSnapshot wrote them; each line is taken (and may be made) in a turn of its own. */
export async function decodeSnapshotLines(lines: Iterable<string>): Promise<MonthSnapshot> {
  let head: SnapshotHead | undefined;
  const rows: StatementRow[] = [];
  for (const line of lines) {
    if (head === undefined) head = JSON.parse(line) as SnapshotHead;
    else for (const row of JSON.parse(line) as StatementRow[]) rows.push(row);
    await nextTurn();
  }
  if (head === undefined) throw new Error('an empty month snapshot');
  // A snapshot written before cases were weighed has none; one written before cases were per card, one case per order.
  const { caseOf = [], ...figures } = head.statement;
  const caseRefunds = (figures.caseRefunds ?? []).map((refund) => ({ ...refund, open: refund.open ?? (refund.closes ? [refund.caseId] : []) }));
  return { ...head, statement: { ...figures, caseRefunds, caseOf: new Map(caseOf.map(([orderId, ids]) => [orderId, typeof ids === 'number' ? [ids] : ids])), rows } };
}
