import { planTotals } from './batch-plan.js';
import type { FormattedString } from '@grammyjs/parse-mode';
import { lineLabel } from '../orders/order-line.js';
import type { OrderRow } from '../db/order-row.js';
import { formatId, formatNumber } from '../text/format.js';
import { bold, joinLines, plain } from '../text/formatted.js';
import type { OutgoingButton } from '../text/send-port.js';
import { isLive } from './batch-orders.js';
import { planUnits } from '../domain/batches.js';
import type { BatchRecord } from '../db/batch-store.js';
import type { PriceMove } from './batch-runner.js';
import { showAmount, showDateTimeWithZone, type ReaderView } from '../text/presentation.js';
import { batchOverBudgetText } from '../budgets/budget-texts.js';
import type { BatchOverBudget } from './batch-limits.js';

/** How one reader is written to. */
export type BatchViewContext = ReaderView;

/** Buttons of batch messages: 'bt:<verb>:<batch>[:<price>]'; every check is made again at the press. 'sh' shows the batch (from /orders). */
export const BATCH_DATA = /^bt:(ok|no|stop|go|ap|rf|sh):([0-9]{1,12})(?::([0-9]{1,16}))?$/;

/** Approve and Refuse on a batch's approval card, exactly as the card carries them: the only batch buttons that act in the administrators' group. */
export const BATCH_APPROVE_DATA = /^bt:ap:([0-9]{1,12})$/;
export const BATCH_REFUSE_DATA = /^bt:rf:([0-9]{1,12})$/;

export const batchData = (verb: 'ok' | 'no' | 'stop' | 'go' | 'ap' | 'rf' | 'sh', id: number, price?: number): string => `bt:${verb}:${id}${price === undefined ? '' : `:${price}`}`;

const money = (c: BatchViewContext, value: number) => showAmount(c, value);

/** Each product of the batch with its units, in the order they first appear. */
function productLines(c: BatchViewContext, batch: BatchRecord): string[] {
  const units = new Map<string, number>();
  for (const order of batch.plan) for (const line of order.lines) units.set(lineLabel(line), (units.get(lineLabel(line)) ?? 0) + line.quantity);
  return [...units].map(([product, count]) => c.t('batch-summary-product', { product, units: formatNumber(count, c.locale) }));
}

/** What a cost centre's budget makes of the batch at Confirm, judged as Confirm will: refused, or waiting for an administrator. */
export interface BatchBudgetFacts {
  refused: BatchOverBudget | null;
  approval: BatchOverBudget | null;
}

/** The over-budget line of the summary: whose budget and by how much, and whether that means an approval or a refusal. */
function budgetWords(c: BatchViewContext, over: BatchOverBudget, mode: 'approve' | 'refuse'): string {
  return batchOverBudgetText(c, over.cap, over.budget, `batch-summary-over-budget-${mode}`);
}

/**
 * The one summary a batch is confirmed on: orders, units, total, the wallet
 * before and after, and what else the orderer must know. A batch that a
 * cost centre's budget would refuse has no Confirm, as an order's summary
 * has none: Confirm could only say the same.
 */
export function batchSummaryView(
  c: BatchViewContext,
  batch: BatchRecord,
  facts: { balance: number | null; sameFile: BatchRecord | null; approval: boolean; budget?: BatchBudgetFacts },
): { text: FormattedString; buttons: OutgoingButton[][] } {
  const id = formatId(batch.id, c.locale);
  const title = batch.fileName ? c.t('batch-summary-title', { id, file: batch.fileName }) : c.t('batch-summary-title-quantity', { id });
  const lines: (FormattedString | string)[] = [bold(title), ''];
  lines.push(c.t('batch-summary-counts', { n: batch.plan.length, orders: formatNumber(batch.plan.length, c.locale), units: formatNumber(planUnits(batch.plan), c.locale), total: money(c, batch.total) }));
  lines.push(...productLines(c, batch));
  const short = facts.balance !== null && facts.balance < batch.total;
  if (facts.balance !== null && short) lines.push('', shortWords(c, batch, facts.balance));
  else if (facts.balance !== null) lines.push('', c.t('batch-summary-wallet', { balance: money(c, facts.balance), after: money(c, facts.balance - batch.total) }));
  if (facts.sameFile) {
    const earlier = facts.sameFile;
    lines.push('', c.t('batch-summary-same-file', { when: showDateTimeWithZone(c, earlier.createdAt.getTime()), batch: formatId(earlier.id, c.locale), state: c.t(`batch-state-${earlier.state}`) }));
  }
  const refused = facts.budget?.refused ?? null;
  const overBudget = facts.budget?.approval ?? null;
  if (refused) lines.push('', budgetWords(c, refused, 'refuse'));
  else if (overBudget) lines.push('', budgetWords(c, overBudget, 'approve'), c.t('batch-summary-approval'));
  else if (facts.approval) lines.push('', c.t('batch-summary-approval'));
  const confirmable = !short && refused === null;
  if (confirmable) lines.push('', c.t('batch-summary-hint'));
  const confirm: OutgoingButton[] = !confirmable ? [] : [{ text: c.t('batch-button-confirm'), callbackData: batchData('ok', batch.id), style: 'success' }];
  return { text: joinLines(...lines), buttons: [[...confirm, { text: c.t('batch-button-cancel'), callbackData: batchData('no', batch.id), style: 'danger' }]] };
}

/**
 * Why a batch the wallet cannot pay has no Confirm, as an order's summary
 * says it: how much is missing, and how many of its orders (from the first)
 * the wallet would pay, so a smaller file or a top-up can be chosen.
 */
function shortWords(c: BatchViewContext, batch: BatchRecord, balance: number): string {
  let covered = 0;
  let spent = 0;
  for (const order of planTotals(batch.plan).orders) {
    if (spent + order > balance) break;
    spent += order;
    covered += 1;
  }
  return c.t('batch-summary-wallet-short', {
    balance: money(c, balance),
    total: money(c, batch.total),
    short: money(c, batch.total - balance),
    covers: formatNumber(covered, c.locale),
    orders: formatNumber(batch.plan.length, c.locale),
  });
}

/** What the progress message counts, from the batch's orders. */
export function batchCounts(batch: BatchRecord, orders: readonly OrderRow[]) {
  const live = orders.filter(isLive);
  return {
    placed: new Set(live.map((order) => order.batchIndex)).size,
    delivered: live.filter((order) => order.state === 'completed').length,
    failed: live.filter((order) => order.state === 'failed' || order.state === 'cancelled' || order.state === 'refunded').length,
    spent: live.filter((order) => order.state !== 'failed' && order.state !== 'cancelled' && order.state !== 'refunded').reduce((sum, order) => sum + order.totalAmount, 0),
  };
}

/** The one progress message, edited in place: counts, the amount spent, and Stop while orders remain to be sent. */
export function batchProgressView(c: BatchViewContext, batch: BatchRecord, orders: readonly OrderRow[]): { text: FormattedString; buttons: OutgoingButton[][] } {
  const counts = batchCounts(batch, orders);
  const id = formatId(batch.id, c.locale);
  const state =
    batch.state === 'held' && batch.heldReason === 'unknown-outcome'
      ? c.t('batch-state-checking')
      : batch.state === 'held' && batch.heldReason === 'product-hidden'
        ? c.t('batch-state-hidden', { product: nextProducts(batch) })
        : c.t(`batch-state-${batch.state}`);
  const lines: (FormattedString | string)[] = [
    bold(c.t('batch-progress-title', { id, state })),
    c.t('batch-progress-counts', {
      placed: formatNumber(counts.placed, c.locale),
      orders: formatNumber(batch.plan.length, c.locale),
      delivered: formatNumber(counts.delivered, c.locale),
      failed: formatNumber(counts.failed, c.locale),
    }),
    c.t('batch-progress-spent', { spent: money(c, counts.spent), total: money(c, batch.total) }),
  ];
  const stoppable = batch.state === 'running' || batch.state === 'held' || batch.state === 'waiting-approval';
  return { text: joinLines(...lines), buttons: stoppable ? [[{ text: c.t('batch-button-stop'), callbackData: batchData('stop', batch.id), style: 'danger' }]] : [] };
}

/** The products of the order the batch stopped at (a batch's orders hold one product each), as the held words name them. */
function nextProducts(batch: BatchRecord): string {
  return (batch.plan[batch.nextIndex]?.lines ?? []).map((line) => line.product.title).join(', ');
}

/**
 * The word to the orderer when a batch stopped at an order: why, and
 * Continue (at the new price) or Stop. Held for a product an administrator
 * hid, only Stop: Continue could place nothing while it is hidden, and the
 * batch goes on by itself once it is shown (batch-runner.ts).
 */
export function batchHeldView(c: BatchViewContext, batch: BatchRecord, price: PriceMove | null): { text: FormattedString; buttons: OutgoingButton[][] } {
  const reason = batch.heldReason ?? 'provider';
  const title = c.t('batch-held-title', { id: formatId(batch.id, c.locale), index: formatNumber(batch.nextIndex + 1, c.locale), orders: formatNumber(batch.plan.length, c.locale) });
  const stop: OutgoingButton = { text: c.t('batch-button-stop'), callbackData: batchData('stop', batch.id), style: 'danger' };
  if (reason === 'product-hidden') return { text: joinLines(bold(title), plain(c.t('batch-held-product-hidden', { product: nextProducts(batch) }))), buttons: [[stop]] };
  const why =
    reason === 'price-changed' && price
      ? c.t('batch-held-price-changed', { product: price.product, from: money(c, price.from), to: money(c, price.to) })
      : c.t(`batch-held-${reason}`);
  const go: OutgoingButton =
    reason === 'price-changed' && price
      ? { text: c.t('batch-button-continue-at', { price: money(c, price.to) }), callbackData: batchData('go', batch.id, price.to), style: 'success' }
      : { text: c.t('batch-button-continue'), callbackData: batchData('go', batch.id), style: 'success' };
  return { text: joinLines(bold(title), plain(why)), buttons: [[go, stop]] };
}

/** Who reads an approval card: one administrator in their private chat, or everyone in the administrators' group. */
export type BatchCardAudience = 'private' | 'group';

/**
 * The card administrators decide a batch on: who, what, how much, the
 * budget it goes over when that is why it waits, Approve or Refuse. In the
 * group it is addressed to every administrator there, not to "you", and it
 * leaves out the file's name: a name staff chose may carry a customer's
 * details, and the group is a wider audience than one approver.
 */
export function batchApprovalView(
  c: BatchViewContext,
  batch: BatchRecord,
  requester: string,
  overBudget: BatchOverBudget | null = null,
  audience: BatchCardAudience = 'private',
): { text: FormattedString; buttons: OutgoingButton[][] } {
  const id = formatId(batch.id, c.locale);
  const lines: (FormattedString | string)[] = [
    bold(c.t(audience === 'group' ? 'batch-approval-title-group' : 'batch-approval-title', { id })),
    c.t('batch-approval-requester', { person: requester }),
    c.t('batch-summary-counts', { n: batch.plan.length, orders: formatNumber(batch.plan.length, c.locale), units: formatNumber(planUnits(batch.plan), c.locale), total: money(c, batch.total) }),
    ...productLines(c, batch),
  ];
  if (batch.fileName && audience === 'private') lines.push(c.t('batch-approval-file', { file: batch.fileName }));
  if (overBudget) {
    const { centre, spent, committed, total } = overBudget.budget;
    lines.push(c.t('batch-approval-over-budget', { centre, spent: money(c, spent), committed: money(c, committed), total: money(c, total), budget: money(c, overBudget.cap) }));
  }
  return {
    text: joinLines(...lines),
    buttons: [[{ text: c.t('batch-button-approve'), callbackData: batchData('ap', batch.id), style: 'success' }, { text: c.t('batch-button-refuse'), callbackData: batchData('rf', batch.id), style: 'danger' }]],
  };
}

/** What became of a batch, on its approval cards once it is no longer waiting: who approved or refused it, that its orderer stopped it, or that nobody decided in time. Null: decided, by whom unknown here. */
export type BatchDecision = { kind: 'approved' | 'refused'; by: string } | { kind: 'stopped' | 'expired' } | null;

/** An approval card once settled: what was asked, and what became of it, in place of Approve and Refuse. */
export function batchDecidedView(c: BatchViewContext, batch: BatchRecord, requester: string, decision: BatchDecision): FormattedString {
  const outcome =
    decision === null ? c.t('batch-approval-settled') : 'by' in decision ? c.t(`batch-approval-${decision.kind}-by`, { by: decision.by }) : c.t(`batch-approval-${decision.kind}`);
  return joinLines(
    c.t('batch-approval-decided-title', { id: formatId(batch.id, c.locale) }),
    c.t('batch-approval-requester', { person: requester }),
    c.t('batch-summary-counts', { n: batch.plan.length, orders: formatNumber(batch.plan.length, c.locale), units: formatNumber(planUnits(batch.plan), c.locale), total: money(c, batch.total) }),
    bold(outcome),
  );
}

/** /batch with nothing after it: the person's recent batches, then how to start one. */
export function batchListView(c: BatchViewContext, batches: readonly BatchRecord[], perOrderMax: number): FormattedString {
  const lines: (FormattedString | string)[] = [];
  if (batches.length > 0) {
    lines.push(bold(c.t('batch-list-title')));
    for (const batch of batches) {
      lines.push(
        c.t('batch-list-line', {
          id: formatId(batch.id, c.locale),
          when: showDateTimeWithZone(c, batch.createdAt.getTime()),
          orders: formatNumber(batch.plan.length, c.locale),
          total: money(c, batch.total),
          state: c.t(`batch-state-${batch.state}`),
        }),
      );
    }
    lines.push('');
  }
  lines.push(c.t('batch-help', { max: formatNumber(perOrderMax, c.locale) }));
  return joinLines(...lines);
}
