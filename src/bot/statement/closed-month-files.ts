import type { ClosedMonthView } from '../../ledger/month-close.js';
import { formatLocalDate } from '../../reports/local-dates.js';
import { buildCsv } from '../../text/csv.js';
import { statementTable } from './statement-csv.js';
import type { StatementView } from './statement-text.js';

/**
 * A closed month's CSV, from its snapshot alone: the same transactions,
 * matches and exceptions as at the close, whatever the wallet listed since.
 */
export async function closedMonthCsv(v: StatementView, view: ClosedMonthView, maxBytes: number): Promise<{ content: Buffer; fileName: string; rows: number; cut: boolean }> {
  const { closed, snapshot } = view;
  const table = statementTable(v, snapshot.statement);
  const csv = await buildCsv(table.header, table.rows, maxBytes);
  const first = formatLocalDate(closed.fromAt, v.timeZone);
  const last = formatLocalDate(closed.toAt - 1, v.timeZone);
  return { content: csv.content, fileName: `giftdesk-statement-${first}_${last}-closed.csv`, rows: csv.rows, cut: csv.cut };
}
