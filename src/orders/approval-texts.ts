import { costCentreWords, type CostCentreName } from '../domain/cost-centre.js';
import type { FormattedString } from '@grammyjs/parse-mode';
import type { ButtonStyle } from '../text/send-port.js';
import { formatGoods, formatId } from '../text/format.js';
import { bold, joinLines } from '../text/formatted.js';
import { withoutUnsafeCharacters } from '../text/unsafe-characters.js';
import { totalOf, type ApprovalRow } from '../db/approval-store.js';
import { goodsOf, lineTotal } from './order-line.js';
import { showAmount, showDateTimeWithZone, type ReaderView } from '../text/presentation.js';

/** What every approval text needs: the reader's language and how amounts, times and people are written. */
export type ApprovalTextContext = ReaderView & {
  /** A person as administrators know them; the names module supplies this, the id otherwise. */
  describePerson: (id: number) => string;
};

/** ap:y:<approval>:<revision> approves the numbers that summary showed; ap:n:<approval> rejects. */
export const APPROVE_DATA = /^ap:y:([0-9]{1,15}):([0-9]{1,9})$/;
export const REJECT_DATA = /^ap:n:([0-9]{1,15})$/;
const approveData = (approval: Pick<ApprovalRow, 'id' | 'revision'>) => `ap:y:${approval.id}:${approval.revision}`;
const rejectData = (approval: Pick<ApprovalRow, 'id'>) => `ap:n:${approval.id}`;
/** ap:w:<approval>: the orderer withdraws their waiting request (on the news that its price changed). */
export const WITHDRAW_DATA = /^ap:w:([0-9]{1,15})$/;
export const withdrawData = (approval: Pick<ApprovalRow, 'id'>) => `ap:w:${approval.id}`;

/**
 * How much of each line the card shows, tried in turn until the card fits
 * one Telegram message: a card that does not fit is never seen, and the
 * request would wait unseen until it expires. The answers are kept whole by
 * the order itself; the card only shortens what it shows.
 */
const SHOWN = [
  { title: 80, fieldTitle: 60, answer: 120, answers: 20 },
  { title: 60, fieldTitle: 40, answer: 60, answers: 10 },
  { title: 40, fieldTitle: 30, answer: 30, answers: 4 },
  { title: 30, fieldTitle: 20, answer: 20, answers: 0 },
] as const;
/** Below Telegram's 4,096 characters, with room for the sandbox badge. */
const CARD_CHARS = 3_900;
const NOTICE_CHARS = 500;

const money = (c: ApprovalTextContext, value: number) => showAmount(c, value);
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

/** What a card shows beside the request itself; `costCentre`: the one the request names, read by id. */
type CardFacts = {
  balance: number | null;
  threshold: number | null;
  dayTotal?: number | null;
  selfApproval: boolean;
  notice?: string | null;
  costCentre?: CostCentreName | null;
  /** Where the order would take its cost centre over the month's budget: the figures that say so. */
  overBudget?: OverBudget | null;
};

/** A cost centre's month as an over-budget order meets it (src/budgets/budget-judge.ts). */
export interface OverBudget {
  name: string;
  spent: number;
  committed: number;
  total: number;
  budget: number;
}

/**
 * The request as administrators decide on it: who, what, the answers given,
 * the total, the wallet, the threshold and the deadline. `notice` (a change
 * since the last summary) leads in bold.
 */
export function adminSummary(
  c: ApprovalTextContext,
  approval: ApprovalRow,
  facts: CardFacts,
): { text: FormattedString; buttons: { text: string; callbackData: string; style?: ButtonStyle }[][] } {
  let text = cardText(c, approval, facts, SHOWN[0]);
  for (const shown of SHOWN.slice(1)) {
    if (text.text.length <= CARD_CHARS) break;
    text = cardText(c, approval, facts, shown);
  }
  return {
    text,
    buttons: [[{ text: c.t('btn-approve'), callbackData: approveData(approval), style: 'success' }, { text: c.t('btn-reject'), callbackData: rejectData(approval), style: 'danger' }]],
  };
}

function cardText(
  c: ApprovalTextContext,
  approval: ApprovalRow,
  facts: CardFacts,
  shown: (typeof SHOWN)[number],
): FormattedString {
  const several = approval.lines.length > 1;
  return joinLines(
    facts.notice ? bold(clipped(facts.notice, NOTICE_CHARS)) : null,
    bold(c.t('approval-admin-title', { id: formatId(approval.id, c.locale) })),
    c.t('approval-admin-who', { person: c.describePerson(approval.requesterId) }),
    // The name is the requester's own to choose (the @username beside it is Telegram's); the id, on a line of its own, cannot be dressed up.
    c.t('approval-admin-who-id', { id: String(approval.requesterId) }),
    ...approval.lines.flatMap((line, index) => [
      several ? '' : null,
      several ? bold(c.t('summary-line-heading', { index: index + 1, count: approval.lines.length })) : null,
      c.t('summary-product', { value: clipped(line.product.title, shown.title) }),
      line.region.title ? c.t('summary-region', { value: clipped(line.region.title, shown.title) }) : null,
      c.t('summary-quantity', { value: line.quantity }),
      c.t('summary-unit-price', { value: money(c, line.region.price) }),
      several ? c.t('summary-line-total', { value: money(c, lineTotal(line)) }) : null,
      // A request made before answers were cleaned on entry may still hold characters that reorder the card.
      ...line.fields.slice(0, shown.answers).map((f) => `${clipped(f.title, shown.fieldTitle)}: ${clipped(withoutUnsafeCharacters(f.value), shown.answer)}`),
      line.fields.length > shown.answers ? c.t('summary-more-answers', { count: line.fields.length - shown.answers }) : null,
    ]),
    several ? '' : null,
    facts.costCentre ? c.t('order-cost-centre', { centre: costCentreWords(facts.costCentre) }) : null,
    approval.purposeNote ? c.t('order-note', { note: clipped(withoutUnsafeCharacters(approval.purposeNote), 200) }) : null,
    bold(c.t('summary-total', { value: money(c, totalOf(approval)) })),
    '',
    facts.balance === null ? c.t('summary-balance-unknown') : c.t('summary-balance-now', { value: money(c, facts.balance) }),
    facts.threshold === null ? null : c.t('approval-admin-threshold', { value: money(c, facts.threshold) }),
    facts.threshold === null || facts.dayTotal === undefined || facts.dayTotal === null ? null : c.t('approval-admin-day-total', { value: money(c, facts.dayTotal) }),
    facts.overBudget ? overBudgetLine(c, facts.overBudget) : null,
    c.t('approval-admin-until', { until: showDateTimeWithZone(c, approval.expiresAt.getTime()) }),
    facts.selfApproval ? c.t('approval-admin-self') : null,
    c.t('approval-admin-reject-hint', { id: formatId(approval.id, c.locale) }),
  );
}

/** "Over the budget of Support: spent …, committed …, this order …, budget …". */
function overBudgetLine(c: ApprovalTextContext, over: OverBudget): string {
  const { name, ...amounts } = over;
  return c.t('budgets-over-card', { centre: name, ...Object.fromEntries(Object.entries(amounts).map(([key, value]) => [key, money(c, value)])) });
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
    case 'withdrawn':
      return c.t('approval-already-withdrawn', { person: c.describePerson(approval.requesterId) });
    case 'pending':
      return c.t('approval-stale');
  }
}

/** What the orderer is told when their Withdraw comes too late: what became of the request instead. */
export function withdrawTooLateText(c: ApprovalTextContext, approval: ApprovalRow): string {
  const person = approval.decidedBy === null ? '?' : c.describePerson(approval.decidedBy);
  switch (approval.state) {
    // 'pending' only if it moved and came back within the press: an administrator is at it.
    case 'pending':
    case 'approving':
      return c.t('approval-withdraw-being-approved', { person });
    case 'approved':
      return c.t('approval-withdraw-approved', { person });
    case 'rejected':
      return c.t('approval-withdraw-rejected', { person });
    case 'expired':
      return c.t('approval-withdraw-expired');
    case 'withdrawn':
      return c.t('approval-withdraw-already');
  }
}

/** What every administrator's copy of a withdrawn request says instead of its summary: nobody approves it afterwards. */
export function withdrawnCardText(c: ApprovalTextContext, approval: ApprovalRow): string {
  return c.t('approval-admin-withdrawn', { person: c.describePerson(approval.requesterId), order: approvalLine(c, approval) });
}

export function expiredTexts(c: ApprovalTextContext, approval: ApprovalRow): { staff: string; admin: string } {
  const line = approvalLine(c, approval);
  return {
    staff: c.t('approval-staff-expired', { order: line }),
    admin: c.t('approval-admin-expired', { order: line, person: c.describePerson(approval.requesterId) }),
  };
}
