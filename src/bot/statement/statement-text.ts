import { clipName, type DescribePerson } from '../describe-person.js';
import { formatId, formatNumber } from '../../text/format.js';
import type { LedgerEntry, LedgerOrder } from '../../db/ledger-store.js';
import type { Statement, StatementException } from '../../ledger/statement.js';
import { showAmount, showDateTime, showDay, type ReaderView } from '../../text/presentation.js';
import { lines, reportPlainText, type Report, type ReportPart } from '../../text/rich/report.js';

export type StatementView = ReaderView & { describePerson: DescribePerson };

/** Exceptions listed in the chat; the file lists them all. */
const LISTED_EXCEPTIONS = 15;
const MAX_DESCRIPTION = 60;

const amount = (v: StatementView, value: number) => showAmount(v, value);
const when = (v: StatementView, at: number | null, text: string | null) => (at === null ? (text ?? '?') : showDateTime(v, at));

function entryWords(v: StatementView, entry: LedgerEntry): Record<string, string> {
  return {
    transaction: formatId(entry.id, v.locale),
    amount: amount(v, entry.amount),
    at: when(v, entry.at, entry.createdAt),
    providerOrder: entry.providerOrderId === null ? '-' : formatId(entry.providerOrderId, v.locale),
    description: clipName(entry.description ?? '-', MAX_DESCRIPTION),
  };
}

function orderWords(v: StatementView, order: LedgerOrder): Record<string, string> {
  return {
    order: formatId(order.id, v.locale),
    providerOrder: formatId(order.providerOrderId, v.locale),
    person: v.describePerson(order.userId),
    confirmed: amount(v, order.totalAmount),
  };
}

/** An order whose debit has not reached the wallet yet, in one line. */
export function awaitingText(v: StatementView, order: LedgerOrder): string {
  return v.t('statement-awaiting-one', { ...orderWords(v, order), at: showDateTime(v, order.placedAt) });
}

/** One exception in one line, in the reader's language. */
export function exceptionText(v: StatementView, exception: StatementException): string {
  switch (exception.kind) {
    case 'foreign-debit':
    case 'unknown-type':
      return v.t(`statement-x-${exception.kind}`, entryWords(v, exception.entry));
    case 'second-debit':
    case 'amount-differs':
      return v.t(`statement-x-${exception.kind}`, { ...entryWords(v, exception.entry), ...orderWords(v, exception.order) });
    case 'unplaced-refund':
      return exception.order === null
        ? v.t('statement-x-refund-unknown', entryWords(v, exception.entry))
        : v.t('statement-x-refund-unreturned', { ...entryWords(v, exception.entry), ...orderWords(v, exception.order) });
    case 'missing-debit':
    case 'missing-refund':
      return v.t(`statement-x-${exception.kind}`, orderWords(v, exception.order));
    case 'chain-break':
      return v.t('statement-x-chain-break', { ...entryWords(v, exception.entry), expected: amount(v, exception.expected), found: amount(v, exception.entry.balanceAfter ?? 0) });
    case 'case-overdue':
      return v.t('statement-x-case-overdue', {
        ...orderWords(v, exception.order),
        case: `#${formatId(exception.caseId, v.locale)}`,
        at: showDateTime(v, exception.openedAt),
        days: formatNumber(exception.days, v.locale),
      });
  }
}

/** The refunds of reported codes, each closing (or having closed) its case as refunded: an expandable block. */
function caseRefundParts(v: StatementView, statement: Statement): ReportPart[] {
  if (statement.caseRefunds.length === 0) return [];
  const refunds = statement.caseRefunds.slice(0, LISTED_EXCEPTIONS).map(
    (refund) =>
      `• ${v.t('statement-case-refunded-one', {
        // Every case the refund closed (one per card reported), or the one it stands for.
        case: (refund.open.length > 0 ? refund.open : [refund.caseId]).map((id) => `#${formatId(id, v.locale)}`).join(v.locale === 'fa' ? '، ' : ', '),
        order: formatId(refund.order.id, v.locale),
        person: v.describePerson(refund.order.userId),
        amount: amount(v, refund.entry.amount),
        transaction: formatId(refund.entry.id, v.locale),
      })}`,
  );
  return [lines(''), { kind: 'details', summary: v.t('statement-cases-refunded'), parts: [lines(...refunds)] }];
}

/** The wallet's figures for the month as a table (plain text: the lines they have always been), and whether they add up. */
function figureParts(v: StatementView, statement: Statement & { opening: number }): ReportPart[] {
  const { t } = v;
  const { credits, debits } = statement;
  const closing = statement.closing ?? statement.opening;
  const row = (key: string, value: number) => [t(`statement-row-${key}`), amount(v, value)];
  return [
    lines(''),
    {
      kind: 'table',
      header: [t('statement-col-item'), t('statement-col-amount')],
      rows: [
        row('opening', statement.opening),
        row('credits', credits.total),
        row('top-ups', credits.topUps),
        row('refunds', credits.refunds),
        row('debits', debits.total),
        row('giftdesk', debits.giftdesk),
        row('elsewhere', debits.elsewhere),
        row('closing', closing),
      ],
      align: ['start', 'end'],
      plain: [
        t('statement-opening', { amount: amount(v, statement.opening) }),
        t('statement-credits', { amount: amount(v, credits.total), topUps: amount(v, credits.topUps), refunds: amount(v, credits.refunds) }),
        t('statement-debits', { amount: amount(v, debits.total), giftdesk: amount(v, debits.giftdesk), elsewhere: amount(v, debits.elsewhere) }),
        t('statement-closing', { amount: amount(v, closing) }),
      ],
    },
    lines(statement.balanced ? t('statement-balanced') : t('statement-unbalanced', { difference: amount(v, statement.difference) })),
  ];
}

/** The statement as the chat shows it: the figures, whether they add up, and the exceptions. */
export function statementText(v: StatementView, statement: Statement, extra: { stale: boolean; syncedAt: number }): string {
  return reportPlainText(statementReport(v, statement, extra));
}

/**
 * The same described once: the figures as a table, the orders awaiting
 * their debit, the cases refunded and the exceptions each in an
 * expandable block, so that a long month reads on a phone.
 */
export function statementReport(v: StatementView, statement: Statement, extra: { stale: boolean; syncedAt: number }): Report {
  const { t, locale } = v;
  const span = { from: showDay(v, statement.from), to: showDay(v, statement.to - 1), zone: v.timeZone };
  const parts: ReportPart[] = [{ kind: 'heading', text: t('statement-title', span) }];
  parts.push(
    lines(
      statement.copyStartsAt !== null ? t('statement-copy-starts', { at: showDay(v, statement.copyStartsAt) }) : null,
      extra.stale ? t('statement-stale', { at: showDateTime(v, extra.syncedAt) }) : null,
    ),
  );
  const { opening } = statement;
  parts.push(...(opening === null ? [lines(t('statement-empty'))] : figureParts(v, { ...statement, opening })));
  parts.push(lines(t('statement-orders', { placed: formatNumber(statement.orders.placed, locale), matched: formatNumber(statement.orders.matched, locale), count: statement.orders.placed })));
  // Placed moments ago: no exception yet, but every placed order is accounted for on the page.
  if (statement.awaitingDebit.length > 0) {
    parts.push({
      kind: 'details',
      summary: t('statement-awaiting-debit', { count: formatNumber(statement.awaitingDebit.length, locale) }),
      parts: [lines(...statement.awaitingDebit.slice(0, LISTED_EXCEPTIONS).map((order) => `• ${awaitingText(v, order)}`))],
    });
  }
  parts.push(...caseRefundParts(v, statement));
  const { exceptions } = statement;
  if (exceptions.length === 0) {
    parts.push(lines('', t('statement-no-exceptions')));
  } else {
    const listed = exceptions.slice(0, LISTED_EXCEPTIONS).map((exception) => `• ${exceptionText(v, exception)}`);
    const more = exceptions.length > LISTED_EXCEPTIONS ? t('statement-more-in-file', { count: formatNumber(exceptions.length - LISTED_EXCEPTIONS, locale) }) : null;
    parts.push(lines(''), { kind: 'details', summary: t('statement-exceptions', { count: formatNumber(exceptions.length, locale) }), parts: [lines(...listed, more)] });
  }
  return { parts, rtl: locale === 'fa' };
}
