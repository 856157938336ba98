import type { LedgerEntry, LedgerOrder } from '../../db/ledger-store.js';
import type { StatementNote } from '../../db/month-close-store.js';
import { exceptionKey } from '../../ledger/exception-keys.js';
import type { CloseBlockers, ClosedMonthView, KeptNote, MonthSpan } from '../../ledger/month-close.js';
import type { Statement } from '../../ledger/statement.js';
import { formatLocalDate } from '../../reports/local-dates.js';
import { formatId, formatNumber } from '../../text/format.js';
import { showAmount, showDateTime, showDay } from '../../text/presentation.js';
import { clipName } from '../describe-person.js';
import { exceptionText, statementText, type StatementView } from './statement-text.js';

/** Lines of annotations in the chat; the rest are counted. */
const LISTED = 15;
/** Keys and orders named in one refusal line. */
const NAMED = 10;

/**
 * The month as it is typed to close it: YYYY-MM in the calendar its span
 * starts on the first of (Gregorian), else in the Persian calendar, which
 * /statement reads back from a year below 1700.
 */
export function monthWord(span: Pick<MonthSpan, 'from'>, timeZone: string): string {
  const date = formatLocalDate(span.from, timeZone);
  if (date.endsWith('-01')) return date.slice(0, 7);
  const parts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', { year: 'numeric', month: '2-digit', timeZone }).formatToParts(new Date(span.from));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

const spanWords = (v: StatementView, span: Pick<MonthSpan, 'from' | 'to'>) => ({ from: showDay(v, span.from), to: showDay(v, span.to - 1) });

const list = (v: StatementView, items: readonly string[]) =>
  items.slice(0, NAMED).join(', ') + (items.length > NAMED ? ` … (+${formatNumber(items.length - NAMED, v.locale)})` : '');

/** One annotation in a line: the key, what it was and who said so. */
function noteLine(v: StatementView, key: string, note: Pick<KeptNote, 'kind' | 'note' | 'actorId'> | undefined): string {
  if (!note) return v.t('month-close-note-missing', { key });
  return v.t('month-close-note-line', { key, kind: v.t(`month-close-note-kind-${note.kind}`), person: v.describePerson(note.actorId), note: clipName(note.note, 120) });
}

/** Each exception's key and what administrators said of it: sent under an open month's statement, to administrators. */
export function annotationsText(v: StatementView, statement: Statement, notes: readonly Pick<StatementNote, 'key' | 'kind' | 'note' | 'actorId'>[], span: MonthSpan): string {
  const byKey = new Map(notes.map((note) => [note.key, note]));
  const keys = statement.exceptions.map(exceptionKey);
  const annotated = keys.filter((key) => byKey.has(key)).length;
  const lines = [v.t('month-close-notes-title', { ...spanWords(v, span), annotated: formatNumber(annotated, v.locale), count: formatNumber(keys.length, v.locale) })];
  lines.push(...keys.slice(0, LISTED).map((key) => noteLine(v, key, byKey.get(key))));
  if (keys.length > LISTED) lines.push(v.t('month-close-notes-more', { count: formatNumber(keys.length - LISTED, v.locale) }));
  lines.push('', v.t('month-close-notes-hint', { month: monthWord(span, v.timeZone) }));
  return lines.join('\n');
}

const orderIds = (v: StatementView, orders: readonly { id: number }[]) => orders.map((order) => formatId(order.id, v.locale));

/** Why the month cannot be closed yet, each missing thing named. */
export function blockedText(v: StatementView, span: MonthSpan, blockers: CloseBlockers): string {
  const lines = [v.t('month-close-blocked', spanWords(v, span))];
  const { unannotated, openOrders, awaitingDebit } = blockers;
  if (unannotated.length > 0) lines.push(`• ${v.t('month-close-blocked-unannotated', { count: formatNumber(unannotated.length, v.locale), keys: list(v, unannotated.map(exceptionKey)) })}`);
  if (openOrders.length > 0) lines.push(`• ${v.t('month-close-blocked-open', { count: formatNumber(openOrders.length, v.locale), orders: list(v, orderIds(v, openOrders)) })}`);
  if (awaitingDebit.length > 0) lines.push(`• ${v.t('month-close-blocked-awaiting', { count: formatNumber(awaitingDebit.length, v.locale), orders: list(v, orderIds(v, awaitingDebit as LedgerOrder[])) })}`);
  // The first few unannotated ones in full, so that the key can be matched to the exception.
  lines.push(...unannotated.slice(0, 5).map((exception) => `  ${exceptionKey(exception)}: ${exceptionText(v, exception)}`));
  lines.push('', v.t('month-close-blocked-hint', { month: monthWord(span, v.timeZone) }));
  return lines.join('\n');
}

function lateLine(v: StatementView, entry: LedgerEntry): string {
  return v.t('month-close-late-line', {
    transaction: formatId(entry.id, v.locale),
    amount: showAmount(v, entry.amount),
    at: entry.at === null ? (entry.createdAt ?? '?') : showDateTime(v, entry.at),
    type: entry.type.slice(0, 40),
    providerOrder: entry.providerOrderId === null ? '-' : formatId(entry.providerOrderId, v.locale),
  });
}

/** The header of a closed month: who closed and confirmed it, and when. */
export function closedHeader(v: StatementView, view: Pick<ClosedMonthView, 'closed'>): string {
  const { closed } = view;
  const words = { at: showDateTime(v, closed.closedAt.getTime()), requester: v.describePerson(closed.requestedBy) };
  return closed.confirmedBy === null ? v.t('month-close-closed-header-alone', words) : v.t('month-close-closed-header', { ...words, confirmer: v.describePerson(closed.confirmedBy) });
}

/** A closed month's statement: its header, the figures and exceptions as kept, what was said of each, and the late entries beside them. */
export function closedStatementText(v: StatementView, view: ClosedMonthView): string {
  const { closed, snapshot, late } = view;
  const lines = [closedHeader(v, view), '', statementText(v, snapshot.statement, { stale: false, syncedAt: closed.closedAt.getTime() })];
  if (snapshot.statement.exceptions.length > 0) {
    const byKey = new Map(snapshot.notes.map((note) => [note.key, note]));
    const keys = snapshot.statement.exceptions.map(exceptionKey);
    lines.push('', ...keys.slice(0, LISTED).map((key) => noteLine(v, key, byKey.get(key))));
  }
  if (late.length > 0) {
    lines.push('', v.t('month-close-late-title', { count: formatNumber(late.length, v.locale) }), ...late.slice(0, LISTED).map((entry) => lateLine(v, entry)));
    if (late.length > LISTED) lines.push(v.t('month-close-notes-more', { count: formatNumber(late.length - LISTED, v.locale) }));
  }
  return lines.join('\n');
}

/** The alert of a late entry, told once to each administrator. */
export function lateAlertText(v: StatementView, span: MonthSpan, entry: LedgerEntry): string {
  return v.t('month-close-late-alert', {
    ...spanWords(v, span),
    transaction: formatId(entry.id, v.locale),
    amount: showAmount(v, entry.amount),
    at: entry.at === null ? (entry.createdAt ?? '?') : showDateTime(v, entry.at),
    type: entry.type.slice(0, 40),
    month: monthWord(span, v.timeZone),
  });
}
