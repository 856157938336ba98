import type { ClosedMonthView } from '../../ledger/month-close.js';
import { formatLocalDate } from '../../reports/local-dates.js';
import { buildCsv } from '../../text/csv.js';
import { costCentresOf, type CostCentresByIds } from './statement-cost-centres.js';
import { statementTable } from './statement-csv.js';
import type { StatementView } from './statement-text.js';

/**
 * A closed month's CSV, from its snapshot alone: the same transactions,
 * matches and exceptions as at the close, whatever the wallet listed since.
 */
export async function closedMonthCsv(v: StatementView, view: ClosedMonthView, maxBytes: number, byIds?: CostCentresByIds): Promise<{ content: Buffer; fileName: string; rows: number; cut: boolean }> {
  const { closed, snapshot } = view;
  // The cost centres by their names now, as the open month's file names them.
  const table = statementTable(v, snapshot.statement, await costCentresOf(snapshot.statement, byIds));
  const csv = await buildCsv(table.header, table.rows, maxBytes);
  const first = formatLocalDate(closed.fromAt, v.timeZone);
  const last = formatLocalDate(closed.toAt - 1, v.timeZone);
  return { content: csv.content, fileName: `giftdesk-statement-${first}_${last}-closed.csv`, rows: csv.rows, cut: csv.cut };
}
