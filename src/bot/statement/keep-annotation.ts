import { MAX_NOTE_TEXT, type NoteKind } from '../../domain/month-close.js';
import type { MonthClose, MonthSpan } from '../../ledger/month-close.js';
import type { Statement } from '../../ledger/statement.js';
import type { DayRange } from '../../reports/export-range.js';
import { formatLocalDate } from '../../reports/local-dates.js';
import { formatId, formatNumber } from '../../text/format.js';
import { showDateTime, showDay } from '../../text/presentation.js';
import type { BaseContext } from '../context.js';
import type { DescribePerson } from '../describe-person.js';
import { readerView } from '../reader-view.js';
import { monthWord } from './month-close-text.js';

export const spanOf = (range: DayRange, timeZone: string): MonthSpan => ({ month: formatLocalDate(range.from, timeZone), from: range.from, to: range.to });

/** "The statement of … was closed on …": said to a note or a close of a month that no longer changes. */
export async function alreadyClosedText(ctx: BaseContext, deps: { monthClose: Pick<MonthClose, 'closedView'>; describePerson: DescribePerson }, span: MonthSpan): Promise<string> {
  const closed = await deps.monthClose.closedView(span.month);
  const v = { ...readerView(ctx), describePerson: deps.describePerson };
  return ctx.t('month-close-already-closed', { from: showDay(v, span.from), to: showDay(v, span.to - 1), at: closed ? showDateTime(v, closed.closed.closedAt.getTime()) : '?' });
}

/**
 * Keeps one administrator's annotation and says how it went: the one way
 * an annotation is kept, whether typed (/statement note) or given through
 * the buttons under the statement. The month is checked open and the
 * exception present from the wallet read afresh (or just read by the
 * caller's check); the store audits it.
 */
export async function keepAnnotation(
  ctx: BaseContext,
  deps: { monthClose: Pick<MonthClose, 'annotate' | 'closedView'>; describePerson: DescribePerson },
  span: MonthSpan,
  input: { key: string; kind: NoteKind; note: string },
  /** The month's statement, when the caller has just read it: the wallet is then not read again. */
  statement?: Statement,
): Promise<string> {
  const { locale } = ctx.member;
  if (input.note.length > MAX_NOTE_TEXT) return ctx.t('month-close-note-too-long', { max: formatNumber(MAX_NOTE_TEXT, locale) });
  const outcome = await deps.monthClose.annotate(span, { ...input, actorId: ctx.member.telegramId }, statement);
  const month = monthWord(span, ctx.presentation.timeZone);
  if (outcome.kind === 'closed') return alreadyClosedText(ctx, deps, span);
  if (outcome.kind === 'unreadable') {
    const { reading } = outcome;
    return reading.problem === 'history-replaced' ? ctx.t('statement-history-replaced', { transaction: formatId(reading.transactionId, locale) }) : ctx.t('statement-not-filled');
  }
  if (outcome.kind === 'no-such-exception') return ctx.t('month-close-no-such-exception', { key: input.key, month });
  const { note, left } = outcome;
  return ctx.t('month-close-noted', { key: note.key, kind: ctx.t(`month-close-note-kind-${note.kind}`), note: note.note, left: formatNumber(left, locale), count: left, month });
}
