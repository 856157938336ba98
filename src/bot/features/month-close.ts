import { Composer } from 'grammy';
import type { SpendChartInput } from '../../chart/spend-chart.js';
import type { Clock } from '../../clock.js';
import type { AuditTrail } from '../../db/audit-trail.js';
import { NOTE_KINDS, type NoteKind } from '../../domain/month-close.js';
import { EXCEPTION_KEY } from '../../ledger/exception-keys.js';
import type { ClosedMonthView, MonthClose, MonthSpan } from '../../ledger/month-close.js';
import type { Statement } from '../../ledger/statement.js';
import type { Logger } from '../../logger.js';
import { readMonth, type DayRange } from '../../reports/export-range.js';
import type { LocalPeriods } from '../../text/local-periods.js';
import { showDay } from '../../text/presentation.js';
import type { BaseContext } from '../context.js';
import type { DescribePerson } from '../describe-person.js';
import { readersOnly } from '../middleware/roles.js';
import { readerView } from '../reader-view.js';
import { closedMonthCsv } from '../statement/closed-month-files.js';
import { sendStatementFiles } from '../statement/send-statement-files.js';
import type { CostCentresByIds } from '../statement/statement-cost-centres.js';
import { annotationKeyboard } from '../statement/annotation-data.js';
import { alreadyClosedText, keepAnnotation, spanOf } from '../statement/keep-annotation.js';
import { annotationsText, blockedText, closedStatementText } from '../statement/month-close-text.js';
import { statementChartInput } from '../statement/statement-chart-input.js';
import type { StatementView } from '../statement/statement-text.js';
import { throughDualControl, type DualControlFeatureDeps } from './dual-control.js';
import { MAX_EXPORT_BYTES } from './export.js';

export interface MonthCloseFeatureDeps {
  monthClose: MonthClose;
  /** Sends a month just closed to the administrators and the finance chat. */
  deliver: (view: ClosedMonthView) => Promise<void>;
  /** Whether a finance chat is set (FINANCE_CHAT_ID): said in the reply to a close. */
  financeChat: boolean;
  chart?: (input: SpendChartInput) => Promise<Buffer>;
  periods: LocalPeriods;
  describePerson: DescribePerson;
  audit: AuditTrail;
  dual?: DualControlFeatureDeps;
  clock: Clock;
  logger: Logger;
  maxBytes?: number;
  /** The cost centres the month's orders name, for the CSV's columns and the chart per cost centre. */
  costCentres?: CostCentresByIds;
}

/**
 * The month's sign-off, beside /statement (registered before it):
 *   /statement note [YYYY-MM] <key> <kind> <text>   an administrator says what an exception was
 *   /statement close <YYYY-MM>                      an administrator closes the month; a second one confirms
 *   /statement <closed month>                       the statement as kept at the close, with its late entries
 * Anything else goes on to /statement itself.
 */
export function monthCloseFeature(deps: MonthCloseFeatureDeps) {
  const composer = new Composer<BaseContext>();
  const view = (ctx: BaseContext): StatementView => ({ ...readerView(ctx), describePerson: deps.describePerson });
  const now = () => deps.clock.now();

  async function note(ctx: BaseContext, words: string[]): Promise<unknown> {
    const { timeZone } = ctx.presentation;
    const typedMonth = words[0] !== undefined && !EXCEPTION_KEY.test(words[0].toLowerCase()) ? readMonth(words[0], { timeZone, periods: deps.periods, now: now() }) : null;
    const range = typedMonth ?? readMonth(undefined, { timeZone, periods: deps.periods, now: now() })!;
    const [key = '', kind = '', ...text] = typedMonth ? words.slice(1) : words;
    const line = text.join(' ').trim();
    if (!EXCEPTION_KEY.test(key.toLowerCase()) || !(NOTE_KINDS as readonly string[]).includes(kind.toLowerCase()) || line === '') return ctx.reply(ctx.t('month-close-bad-note'));
    return ctx.reply(await keepAnnotation(ctx, deps, spanOf(range, timeZone), { key: key.toLowerCase(), kind: kind.toLowerCase() as NoteKind, note: line }));
  }

  const alreadyClosed = async (ctx: BaseContext, span: MonthSpan): Promise<unknown> => ctx.reply(await alreadyClosedText(ctx, deps, span));

  async function close(ctx: BaseContext, words: string[]): Promise<unknown> {
    const { timeZone } = ctx.presentation;
    const range = words.length === 1 ? readMonth(words[0], { timeZone, periods: deps.periods, now: now() }) : null;
    if (!range) return ctx.reply(ctx.t('month-close-bad-month'));
    const span = spanOf(range, timeZone);
    const v = view(ctx);
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    // Checked here to say what is missing; checked again, from the wallet read afresh, when the second administrator confirms.
    const checked = await deps.monthClose.check(span);
    if (checked.kind === 'future') return ctx.reply(ctx.t('month-close-future', { from: showDay(v, span.from), to: showDay(v, span.to - 1) }));
    if (checked.kind === 'closed') return alreadyClosed(ctx, span);
    if (checked.kind === 'unreadable') return ctx.reply(ctx.t('statement-not-filled'));
    if (checked.kind === 'blocked') return ctx.reply(blockedText(v, span, checked));
    const change = { kind: 'month-close' as const, month: span.month, from: span.from, to: span.to };
    if (deps.dual && !(await throughDualControl(ctx, deps.dual, change))) return;
    // No second administrator on the team: dual control is not in force, and the one administrator closes it.
    const outcome = await deps.monthClose.close(span, { requestedBy: ctx.member.telegramId, confirmedBy: null, requestedAt: now() });
    if (outcome.kind === 'blocked') return ctx.reply(blockedText(v, span, outcome));
    if (outcome.kind === 'closed') return alreadyClosed(ctx, span);
    if (outcome.kind !== 'done') return ctx.reply(ctx.t('statement-not-filled'));
    await ctx.reply(ctx.t('month-close-done', { from: showDay(v, span.from), to: showDay(v, span.to - 1), finance: deps.financeChat ? 'yes' : 'no' }));
    const closedView = await deps.monthClose.closedView(span.month);
    if (closedView) await deps.deliver(closedView);
  }

  /** A closed month's statement, CSV and chart, all from the snapshot. */
  async function showClosed(ctx: BaseContext, closed: ClosedMonthView): Promise<void> {
    const v = view(ctx);
    await ctx.reply(closedStatementText(v, closed));
    const csv = await closedMonthCsv(v, closed, deps.maxBytes ?? MAX_EXPORT_BYTES, deps.costCentres);
    const range = { from: closed.closed.fromAt, to: closed.closed.toAt };
    await sendStatementFiles(ctx, deps, {
      csv: { content: csv.content, fileName: csv.fileName, caption: ctx.t('month-close-sent-caption', { from: showDay(v, range.from), to: showDay(v, range.to - 1) }) },
      chart: async () => {
        if (!deps.chart) return null;
        const png = await deps.chart(statementChartInput(v, closed.snapshot.statement, range, { periods: deps.periods, describePerson: deps.describePerson })).catch((error: unknown) => {
          deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'closed statement chart could not be drawn; sent without it');
          return null;
        });
        return png && { png, caption: ctx.t('statement-chart-caption') };
      },
      facts: { kind: 'statement', closed: closed.closed.month, rows: csv.rows, cut: csv.cut, late: closed.late.length },
    });
  }

  composer.command('statement', readersOnly, async (ctx, next) => {
    const words = ctx.match.trim().split(/\s+/).filter(Boolean);
    const verb = words[0]?.toLowerCase();
    if (verb === 'note' || verb === 'close') {
      if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
      await (verb === 'note' ? note(ctx, words.slice(1)) : close(ctx, words.slice(1)));
      return;
    }
    if (words.length > 1) return next();
    const range = readMonth(words[0], { timeZone: ctx.presentation.timeZone, periods: deps.periods, now: now() });
    if (!range) return next();
    const closed = await deps.monthClose.closedView(spanOf(range, ctx.presentation.timeZone).month);
    if (!closed) return next();
    await showClosed(ctx, closed);
  });

  return composer;
}

/**
 * Under an open month's statement, to administrators: each exception's key
 * and what was said of it, and how to annotate and close, with a button
 * for each exception still to annotate (annotation-buttons.ts).
 */
export function annotationsUnderStatement(deps: Pick<MonthCloseFeatureDeps, 'monthClose' | 'describePerson'>) {
  return async (ctx: BaseContext, statement: Statement, range: DayRange): Promise<void> => {
    if (ctx.member.role !== 'admin' || statement.exceptions.length === 0) return;
    const span = spanOf(range, ctx.presentation.timeZone);
    const notes = await deps.monthClose.notes(span.month);
    // A button for each exception still to annotate: on a phone, quicker than typing its key.
    const keyboard = annotationKeyboard(statement, new Set(notes.map((note) => note.key)), span, ctx.presentation.timeZone, ctx.t);
    await ctx.reply(annotationsText({ ...readerView(ctx), describePerson: deps.describePerson }, statement, notes, span), keyboard ? { reply_markup: keyboard } : {});
  };
}
