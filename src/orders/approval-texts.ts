import type { FormattedString } from '@grammyjs/parse-mode';
import { type AmountUnit, formatAmount, formatDateTimeWithZone, formatGoods, formatId } from '../text/format.js';
import { bold, joinLines } from '../text/formatted.js';
import type { Locale, Translate } from '../text/i18n.js';
import { totalOf, type ApprovalRow } from './approval-repo.js';
import { goodsOf, lineTotal } from './order-line.js';

/** What every approval text needs: the reader's language and how amounts, times and people are written. */
export interface ApprovalTextContext {
  t: Translate;
  locale: Locale;
  amountUnit: AmountUnit;
  timeZone: string;
  /** A person as administrators know them; the names module supplies this, the id otherwise. */
  describePerson: (id: number) => string;
}

/** ap:y:<approval>:<revision> approves the numbers that summary showed; ap:n:<approval> rejects. */
export const APPROVE_DATA = /^ap:y:([0-9]{1,15}):([0-9]{1,9})$/;
export const REJECT_DATA = /^ap:n:([0-9]{1,15})$/;
export const approveData = (approval: Pick<ApprovalRow, 'id' | 'revision'>) => `ap:y:${approval.id}:${approval.revision}`;
export const rejectData = (approval: Pick<ApprovalRow, 'id'>) => `ap:n:${approval.id}`;

/** A short answer to show at most this long; the summary itself keeps them whole up to this bound. */
const ANSWER_CHARS = 120;
const MAX_ANSWERS = 20;

const money = (c: ApprovalTextContext, value: number) => formatAmount(value, c.locale, c.amountUnit);
const clipped = (text: string, max: number) => {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
};

/** "Product × quantity (region), total": how a request is named in one line. */
export function approvalLine(c: ApprovalTextContext, approval: ApprovalRow): string {
  return c.t('approval-line', {
    id: formatId(approval.id, c.locale),
    goods: formatGoods(goodsOf(approval.lines), c.locale),
    total: money(c, totalOf(approval)),
  });
}

/**
 * The request as administrators decide on it: who, what, the answers given,
 * the total, the wallet, the threshold and the deadline. `notice` (a change
 * since the last summary) leads in bold.
 */
export function adminSummary(
  c: ApprovalTextContext,
  approval: ApprovalRow,
  facts: { balance: number | null; threshold: number | null; selfApproval: boolean; notice?: string | null },
): { text: FormattedString; buttons: { text: string; callbackData: string }[][] } {
  const total = totalOf(approval);
  const several = approval.lines.length > 1;
  const text = joinLines(
    facts.notice ? bold(facts.notice) : null,
    bold(c.t('approval-admin-title', { id: formatId(approval.id, c.locale) })),
    c.t('approval-admin-who', { person: c.describePerson(approval.requesterId) }),
    ...approval.lines.flatMap((line, index) => [
      several ? '' : null,
      several ? bold(c.t('summary-line-heading', { index: index + 1, count: approval.lines.length })) : null,
      c.t('summary-product', { value: line.product.title }),
      line.region.title ? c.t('summary-region', { value: line.region.title }) : null,
      c.t('summary-quantity', { value: line.quantity }),
      c.t('summary-unit-price', { value: money(c, line.region.price) }),
      several ? c.t('summary-line-total', { value: money(c, lineTotal(line)) }) : null,
      ...line.fields.slice(0, MAX_ANSWERS).map((f) => `${clipped(f.title, 60)}: ${clipped(f.value, ANSWER_CHARS)}`),
      line.fields.length > MAX_ANSWERS ? c.t('summary-more-answers', { count: line.fields.length - MAX_ANSWERS }) : null,
    ]),
    several ? '' : null,
    bold(c.t('summary-total', { value: money(c, total) })),
    '',
    facts.balance === null ? c.t('summary-balance-unknown') : c.t('summary-balance-now', { value: money(c, facts.balance) }),
    facts.threshold === null ? null : c.t('approval-admin-threshold', { value: money(c, facts.threshold) }),
    c.t('approval-admin-until', { until: formatDateTimeWithZone(approval.expiresAt.getTime(), c.locale, c.timeZone) }),
    facts.selfApproval ? c.t('approval-admin-self') : null,
    c.t('approval-admin-reject-hint', { id: formatId(approval.id, c.locale) }),
  );
  return {
    text,
    buttons: [[{ text: c.t('btn-approve'), callbackData: approveData(approval) }, { text: c.t('btn-reject'), callbackData: rejectData(approval) }]],
  };
}

/** Why a request a press found is no longer waiting. */
export function notPendingText(c: ApprovalTextContext, approval: ApprovalRow): string {
  const person = approval.decidedBy === null ? '?' : c.describePerson(approval.decidedBy);
  switch (approval.state) {
    case 'approved':
      return c.t('approval-already-approved', { person });
    case 'approving':
      return c.t('approval-being-approved', { person });
    case 'rejected':
      return c.t('approval-already-rejected', { person });
    case 'expired':
      return c.t('approval-already-expired');
    case 'pending':
      return c.t('approval-stale');
  }
}

export function expiredTexts(c: ApprovalTextContext, approval: ApprovalRow): { staff: string; admin: string } {
  const line = approvalLine(c, approval);
  return {
    staff: c.t('approval-staff-expired', { order: line }),
    admin: c.t('approval-admin-expired', { order: line, person: c.describePerson(approval.requesterId) }),
  };
}
