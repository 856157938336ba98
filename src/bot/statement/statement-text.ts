import { clipName, type DescribePerson } from '../describe-person.js';
import { formatId, formatNumber } from '../../text/format.js';
import type { LedgerEntry, LedgerOrder } from '../../db/ledger-store.js';
import type { Statement, StatementException } from '../../ledger/statement.js';
import { showAmount, showDateTime, showDay, type ReaderView } from '../../text/presentation.js';

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

/** The refunds of reported codes, each closing (or having closed) its case as refunded. */
function caseRefundLines(v: StatementView, statement: Statement): string[] {
  if (statement.caseRefunds.length === 0) return [];
  return [
    '',
    v.t('statement-cases-refunded'),
    ...statement.caseRefunds.slice(0, LISTED_EXCEPTIONS).map(
      (refund) =>
        `• ${v.t('statement-case-refunded-one', {
          case: `#${formatId(refund.caseId, v.locale)}`,
          order: formatId(refund.order.id, v.locale),
          person: v.describePerson(refund.order.userId),
          amount: amount(v, refund.entry.amount),
          transaction: formatId(refund.entry.id, v.locale),
        })}`,
    ),
  ];
}

/** The statement as the chat shows it: the figures, whether they add up, and the exceptions. */
export function statementText(v: StatementView, statement: Statement, extra: { stale: boolean; syncedAt: number }): string {
  const { t, locale } = v;
  const span = { from: showDay(v, statement.from), to: showDay(v, statement.to - 1), zone: v.timeZone };
  const lines: (string | null)[] = [t('statement-title', span)];
  if (statement.copyStartsAt !== null) lines.push(t('statement-copy-starts', { at: showDay(v, statement.copyStartsAt) }));
  if (extra.stale) lines.push(t('statement-stale', { at: showDateTime(v, extra.syncedAt) }));
  if (statement.opening === null) {
    lines.push(t('statement-empty'));
  } else {
    const { credits, debits } = statement;
    lines.push(
      '',
      t('statement-opening', { amount: amount(v, statement.opening) }),
      t('statement-credits', { amount: amount(v, credits.total), topUps: amount(v, credits.topUps), refunds: amount(v, credits.refunds) }),
      t('statement-debits', { amount: amount(v, debits.total), giftdesk: amount(v, debits.giftdesk), elsewhere: amount(v, debits.elsewhere) }),
      t('statement-closing', { amount: amount(v, statement.closing ?? statement.opening) }),
      statement.balanced ? t('statement-balanced') : t('statement-unbalanced', { difference: amount(v, statement.difference) }),
    );
  }
  lines.push(t('statement-orders', { placed: formatNumber(statement.orders.placed, locale), matched: formatNumber(statement.orders.matched, locale), count: statement.orders.placed }));
  // Placed moments ago: no exception yet, but every placed order is accounted for on the page.
  if (statement.awaitingDebit.length > 0) {
    lines.push(t('statement-awaiting-debit', { count: formatNumber(statement.awaitingDebit.length, locale) }));
    lines.push(...statement.awaitingDebit.slice(0, LISTED_EXCEPTIONS).map((order) => `• ${awaitingText(v, order)}`));
  }
  lines.push(...caseRefundLines(v, statement));
  const { exceptions } = statement;
  if (exceptions.length === 0) {
    lines.push('', t('statement-no-exceptions'));
  } else {
    lines.push('', t('statement-exceptions', { count: formatNumber(exceptions.length, locale) }));
    lines.push(...exceptions.slice(0, LISTED_EXCEPTIONS).map((exception) => `• ${exceptionText(v, exception)}`));
    if (exceptions.length > LISTED_EXCEPTIONS) lines.push(t('statement-more-in-file', { count: formatNumber(exceptions.length - LISTED_EXCEPTIONS, locale) }));
  }
  return lines.filter((line) => line !== null).join('\n');
}
