import { Composer, GrammyError, InputFile } from 'grammy';
import type { SpendChartInput } from '../../chart/spend-chart.js';
import type { Clock } from '../../clock.js';
import type { StatementReading } from '../../ledger/statement-reader.js';
import type { Statement } from '../../ledger/statement.js';
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
import { statementChartInput } from '../statement/statement-chart-input.js';
import { statementTable } from '../statement/statement-csv.js';
import { statementText, type StatementView } from '../statement/statement-text.js';
import { MAX_EXPORT_BYTES } from './export.js';

export interface StatementDeps {
  read(span: DayRange): Promise<StatementReading>;
  /** Draws the month's chart as PNG; absent, the statement is sent without one. */
  chart?: (input: SpendChartInput) => Promise<Buffer>;
  periods: LocalPeriods;
  describePerson: DescribePerson;
  audit: AuditTrail;
  clock: Clock;
  logger: Logger;
  maxBytes?: number;
  /** Right under the statement's text, before its file and chart: what else the reader is shown of it (the exceptions' annotations, to administrators). */
  underText?: (ctx: BaseContext, statement: Statement, month: DayRange) => Promise<void>;
}

/**
 * /statement [month] (administrators and viewers): the wallet's statement for
 * a month in TIME_ZONE and MONTH_CALENDAR: the figures and whether they add
 * up, with every exception, then the same as a CSV for the accountant and
 * the month's spending as a picture. Read from the local copy of the
 * wallet's transactions, after one look at the newest page.
 */
export function statementFeature(deps: StatementDeps) {
  const composer = new Composer<BaseContext>();

  /** The month's picture, or null when there is no chart or it could not be drawn (the statement stands without it). */
  async function drawChart(ctx: BaseContext, statement: Statement, month: DayRange): Promise<Buffer | null> {
    if (!deps.chart) return null;
    try {
      return await deps.chart(statementChartInput(readerView(ctx), statement, month, deps));
    } catch (error) {
      deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'statement chart could not be drawn; the statement went without it');
      return null;
    }
  }

  composer.command('statement', readersOnly, async (ctx) => {
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
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
    const v: StatementView = { ...readerView(ctx), describePerson: deps.describePerson };
    await ctx.reply(statementText(v, statement, reading));
    await deps.underText?.(ctx, statement, month);

    const first = formatLocalDate(month.from, timeZone);
    const last = formatLocalDate(month.to - 1, timeZone);
    const table = statementTable(v, statement);
    const csv = await buildCsv(table.header, table.rows, deps.maxBytes ?? MAX_EXPORT_BYTES);
    try {
      await ctx.replyWithDocument(new InputFile(csv.content, `giftdesk-statement-${first}_${last}.csv`), { caption: ctx.t('statement-caption') });
      const png = await drawChart(ctx, statement, month);
      if (png) await ctx.replyWithPhoto(new InputFile(png, `giftdesk-statement-${first}_${last}.png`), { caption: ctx.t('statement-chart-caption') });
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
      deps.logger.warn({ actorId: ctx.member.telegramId, status: error.error_code }, 'statement file not accepted by Telegram');
      return void (await ctx.reply(ctx.t('export-not-sent')));
    }
    await deps.audit.record({
      actorId: ctx.member.telegramId,
      action: 'export.sent',
      orderId: null,
      amount: null,
      facts: { kind: 'statement', from: first, to: last, rows: csv.rows, cut: csv.cut, exceptions: statement.exceptions.length },
    });
    deps.logger.info({ actorId: ctx.member.telegramId, transactions: statement.rows.length, exceptions: statement.exceptions.length, balanced: statement.balanced }, 'statement sent');
  });

  return composer;
}
