import { Composer } from 'grammy';
import type { SpendChartInput } from '../../chart/spend-chart.js';
import type { Clock } from '../../clock.js';
import type { StatementReading } from '../../ledger/statement-reader.js';
import type { Statement } from '../../ledger/statement.js';
import type { LedgerOrder } from '../../db/ledger-store.js';
import type { Logger } from '../../logger.js';
import type { AuditTrail } from '../../db/audit-trail.js';
import { buildCsv } from '../../text/csv.js';
import { readMonth, type DayRange } from '../../reports/export-range.js';
import { formatLocalDate } from '../../reports/local-dates.js';
import { formatId } from '../../text/format.js';
import type { LocalPeriods } from '../../text/local-periods.js';
import type { BaseContext } from '../context.js';
import { readerView } from '../reader-view.js';
import type { DescribePerson } from '../describe-person.js';
import { readersOnly } from '../middleware/roles.js';
import { statementChartInput, type ChartStacking } from '../statement/statement-chart-input.js';
import { costCentresOf } from '../statement/statement-cost-centres.js';
import type { CostCentreStore } from '../../db/cost-centre-store.js';
import type { CostCentreName } from '../../domain/cost-centre.js';
import { statementTable } from '../statement/statement-csv.js';
import { sendStatementFiles } from '../statement/send-statement-files.js';
import { statementReport, type StatementView } from '../statement/statement-text.js';
import { reportPlainText } from '../../text/rich/report.js';
import type { RichReports } from '../rich-report.js';
import { MAX_EXPORT_BYTES } from './export.js';
import type { SettleCaseRefunds } from '../cases/case-refunds.js';

export interface StatementDeps {
  read(span: DayRange): Promise<StatementReading>;
  /** Draws the month's chart as PNG; absent, the statement is sent without one. */
  chart?: (input: SpendChartInput) => Promise<Buffer>;
  periods: LocalPeriods;
  describePerson: DescribePerson;
  /** The cost centres the month's orders name (retired ones too), for the CSV's columns and the chart per cost centre; absent, those stay empty. */
  costCentres?: Pick<CostCentreStore, 'byIds'>;
  audit: AuditTrail;
  clock: Clock;
  logger: Logger;
  maxBytes?: number;
  /** Closes the cases this statement's refunds settle, and tells their orderers; absent, cases are left as they are. */
  settleCaseRefunds?: SettleCaseRefunds;
  /** Right under the statement's text, before its file and chart: what else the reader is shown of it (the exceptions' annotations, to administrators). */
  underText?: (ctx: BaseContext, statement: Statement, month: DayRange) => Promise<void>;
  /** The statement as a table with expandable blocks where Telegram shows rich messages; absent, plain text. */
  reports?: RichReports;
}

/** The word after /statement that stacks the chart per cost centre; the month may come before or after it. */
const PER_COST_CENTRE = /^(cost-?centres?|cc)$/i;

/**
 * /statement [month] [costcentres] (administrators and viewers): the wallet's statement for
 * a month in TIME_ZONE and MONTH_CALENDAR: the figures and whether they add
 * up, with every exception, then the same as a CSV for the accountant and
 * the month's spending as a picture. Read from the local copy of the
 * wallet's transactions, after one look at the newest page.
 */
export function statementFeature(deps: StatementDeps) {
  const composer = new Composer<BaseContext>();

  /** The month's picture, or null when there is no chart or it could not be drawn (the statement stands without it). */
  async function drawChart(ctx: BaseContext, statement: Statement, month: DayRange, how: { stacking: ChartStacking; costCentres: ReadonlyMap<number, CostCentreName> }): Promise<Buffer | null> {
    if (!deps.chart) return null;
    try {
      const input = statementChartInput(readerView(ctx), statement, month, { ...deps, costCentres: how.costCentres }, how.stacking);
      // What was stacked, by totals only (names are people's and cost centres'): enough to tell one stacking from the other in the log.
      deps.logger.debug({ stacking: how.stacking, seriesTotals: input.series.map((series) => series.values.reduce((sum, value) => sum + value, 0)) }, 'statement chart input');
      return await deps.chart(input);
    } catch (error) {
      deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'statement chart could not be drawn; the statement went without it');
      return null;
    }
  }

  composer.command('statement', readersOnly, async (ctx) => {
    const given = ctx.match.trim().split(/\s+/).filter(Boolean);
    const words = given.filter((word) => !PER_COST_CENTRE.test(word));
    const stacking: ChartStacking = words.length < given.length ? 'cost-centre' : 'person';
    const { timeZone } = ctx.presentation;
    const month = words.length <= 1 ? readMonth(words[0], { timeZone, periods: deps.periods, now: deps.clock.now() }) : null;
    if (!month) {
      const value = words.join(' ').slice(0, 32);
      return void (await ctx.reply(value === '' ? ctx.t('statement-usage') : `${ctx.t('statement-bad-month', { value })}\n\n${ctx.t('statement-usage')}`));
    }
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    const reading = await deps.read(month);
    if (!reading.ok && reading.problem === 'history-replaced') {
      return void (await ctx.reply(ctx.t('statement-history-replaced', { transaction: formatId(reading.transactionId, ctx.member.locale) })));
    }
    if (!reading.ok) return void (await ctx.reply(ctx.t('statement-not-filled')));
    const { statement } = reading;
    await deps.settleCaseRefunds?.(statement, ctx.api);
    const v: StatementView = { ...readerView(ctx), describePerson: deps.describePerson };
    // A table and expandable blocks where Telegram shows them; else the plain text, in parts past 4,096 characters.
    const report = statementReport(v, statement, reading);
    await (deps.reports ? deps.reports.send(ctx.api, ctx.chat.id, report) : ctx.reply(reportPlainText(report)));
    await deps.underText?.(ctx, statement, month);

    const first = formatLocalDate(month.from, timeZone);
    const last = formatLocalDate(month.to - 1, timeZone);
    const costCentres = await costCentresOf(statement, deps.costCentres && ((ids) => deps.costCentres!.byIds(ids)));
    const table = statementTable(v, statement, costCentres);
    const csv = await buildCsv(table.header, table.rows, deps.maxBytes ?? MAX_EXPORT_BYTES);
    const chartCaption = ctx.t(stacking === 'cost-centre' ? 'statement-chart-caption-cost-centres' : 'statement-chart-caption');
    const sent = await sendStatementFiles(ctx, deps, {
      csv: { content: csv.content, fileName: `giftdesk-statement-${first}_${last}.csv`, caption: ctx.t('statement-caption') },
      chart: async () => {
        const png = await drawChart(ctx, statement, month, { stacking, costCentres });
        return png && { png, caption: chartCaption };
      },
      facts: { kind: 'statement', from: first, to: last, rows: csv.rows, cut: csv.cut, exceptions: statement.exceptions.length },
    });
    if (!sent) return;
    deps.logger.info({ actorId: ctx.member.telegramId, transactions: statement.rows.length, exceptions: statement.exceptions.length, balanced: statement.balanced }, 'statement sent');
  });

  return composer;
}
