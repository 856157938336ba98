import type { TopUpRequest } from '../db/top-up-store.js';
import { formatId, formatNumber } from '../text/format.js';
import { showAmount, showDateTime, showDay, type ReaderView } from '../text/presentation.js';
import type { Runway } from './forecast.js';
import { runwayText } from './runway-text.js';

/** This month's statement so far, as the draft shows it (src/ledger/statement.ts works it out). */
export interface MonthSoFar {
  from: number;
  opening: number | null;
  credits: number;
  debits: number;
  closing: number | null;
  exceptions: number;
  /** Debits less refunds: what the month spent. */
  spent: number;
}

export interface TopUpDraftFacts {
  request: TopUpRequest;
  /** Null when the provider could not be asked. */
  balance: number | null;
  before: Runway | null;
  after: Runway | null;
  month: MonthSoFar | null;
  requester: string;
}

type DraftReader = Pick<ReaderView, 't' | 'locale' | 'timeZone' | 'amountUnit'>;

/** The message for finance: everything they need to approve the top-up, in one message an administrator forwards. */
export function topUpDraftText(v: DraftReader, facts: TopUpDraftFacts): string {
  const { t } = v;
  const money = (value: number | null) => (value === null ? '?' : showAmount(v, value));
  const runway = (value: Runway | null) => (value === null ? t('topup-runway-unknown') : runwayText(v, value));
  const { request, month } = facts;
  const lines = [
    t('topup-draft-title', { id: formatId(request.id, v.locale) }),
    t('topup-draft-amount', { amount: showAmount(v, request.amount) }),
    t('topup-draft-balance', { balance: money(facts.balance) }),
    t('topup-draft-before', { runway: runway(facts.before) }),
    t('topup-draft-after', { runway: runway(facts.after) }),
    month === null
      ? t('topup-draft-month-unknown')
      : [
          t('topup-draft-spent', { spent: showAmount(v, month.spent) }),
          t('topup-draft-statement', {
            from: showDay(v, month.from),
            opening: money(month.opening),
            credits: showAmount(v, month.credits),
            debits: showAmount(v, month.debits),
            closing: money(month.closing),
            count: month.exceptions,
            exceptions: formatNumber(month.exceptions, v.locale),
          }),
        ].join('\n'),
    request.note === null ? null : t('topup-draft-note', { note: request.note }),
    t('topup-draft-by', { who: facts.requester, at: showDateTime(v, request.createdAt.getTime()) }),
  ];
  return lines.filter((line) => line !== null).join('\n');
}

/** The requester's news: the credit came. */
export function topUpReceivedText(v: DraftReader, request: TopUpRequest, runway: Runway | null): string {
  const line = v.t('topup-received', {
    id: formatId(request.id, v.locale),
    amount: showAmount(v, request.amount),
    credit: request.creditAmount === null ? '?' : showAmount(v, request.creditAmount),
    at: request.receivedAt === null ? '?' : showDateTime(v, request.receivedAt.getTime()),
  });
  return runway === null ? line : `${line}\n${runwayText(v, runway)}`;
}
