import type { FormattedString } from '@grammyjs/parse-mode';
import { formatGoods, formatId, formatNumber } from '../text/format.js';
import { bold, joinLines } from '../text/formatted.js';
import type { Locale } from '../text/i18n.js';
import type { AdoptionProof, ReviewCandidate } from '../domain/order-states.js';
import type { NotificationKind } from '../domain/notification-kinds.js';
import type { OrderRow } from '../db/order-store.js';
import type { RefundSeen } from '../tracking/find-refund.js';
import { answerExpectedBy } from '../tracking/reconcile-search.js';
import { goodsOf, lineLabel, type OrderLine } from '../orders/order-line.js';
import { showAmount, showDateTime, showDateTimeWithZone, showPreciseTime, type ReaderView } from '../text/presentation.js';

/**
 * The words of every notification except the delivery itself. Only facts
 * from our own records (reference, product, amounts, states) reach Fluent;
 * no code ever does.
 */
export type TextContext = ReaderView & {
  /** Who ordered, in words ("Name (@user)"); the numeric ID when not given. */
  describePerson?: (telegramId: number) => string;
};

type StaffKind = Exclude<NotificationKind, 'delivered' | 'stale'>;

/** The provider's reference, or our own number before the provider gave one. */
export function referenceOf(order: OrderRow): string {
  return order.providerReference ?? `#${order.id}`;
}

/** The order's goods in one line, in the reader's digits: "Title (Region) × 2", several joined. */
function goodsText(order: OrderRow, ctx: TextContext): string {
  return formatGoods(goodsOf(order.lines), ctx.locale);
}

function badge(ctx: TextContext): FormattedString | null {
  return ctx.sandbox ? bold(ctx.t('sandbox-badge')) : null;
}

/**
 * `charged` is the provider's amount for the order, as its detail gives it.
 * An order of several products says how many products and cards: each
 * product heads its own codes below.
 */
export function deliveryHeading(order: OrderRow, ctx: TextContext, charged: number): FormattedString {
  const heading =
    order.lines.length > 1
      ? ctx.t('delivery-heading-counts', {
          reference: referenceOf(order),
          products: formatNumber(order.lines.length, ctx.locale),
          cards: formatNumber(order.lines.reduce((sum, line) => sum + line.quantity, 0), ctx.locale),
        })
      : ctx.t('delivery-heading', { reference: referenceOf(order), goods: goodsText(order, ctx) });
  return joinLines(
    badge(ctx),
    bold(heading),
    ctx.t('delivery-charged', { amount: showAmount(ctx, charged) }),
  );
}

const listComma = (locale: Locale) => (locale === 'fa' ? '، ' : ', ');

/** `missing`: lines the completed order brought no codes for; they are named, and administrators are alerted. */
export function deliveryFooter(order: OrderRow, ctx: TextContext, missing: readonly OrderLine[] = []): FormattedString {
  return joinLines(
    missing.length > 0 ? bold(ctx.t('delivery-lines-missing', { products: missing.map(lineLabel).join(listComma(ctx.locale)) })) : null,
    ctx.t('delivery-footer', { reference: referenceOf(order) }),
  );
}

function refundLine(refund: RefundSeen, ctx: TextContext): string {
  if (refund.kind === 'seen') return ctx.t('notify-refund-seen', { amount: showAmount(ctx, refund.amount) });
  return ctx.t(refund.kind === 'not-seen' ? 'notify-refund-not-seen' : 'notify-refund-unknown');
}

/** What the staff member who ordered is told. `refund` is read for failed, cancelled and refunded orders. */
export function staffMessage(kind: StaffKind, order: OrderRow, ctx: TextContext, refund?: RefundSeen): FormattedString {
  const vars = {
    reference: referenceOf(order),
    order: ctx.t('notify-order', { goods: goodsText(order, ctx) }),
    status: order.providerStatus ?? '?',
  };
  const lines: (string | FormattedString | null)[] = [badge(ctx)];
  switch (kind) {
    case 'failed':
    case 'cancelled':
    case 'refunded':
      lines.push(ctx.t(`notify-${kind}`, vars), refundLine(refund ?? { kind: 'unknown' }, ctx));
      break;
    case 'action_required':
      lines.push(ctx.t('notify-action-required', vars));
      break;
    case 'unrecognised':
      lines.push(ctx.t('notify-unrecognised', vars));
      break;
    case 'interrupted':
      lines.push(ctx.t('notify-interrupted', { ...vars, by: showDateTimeWithZone(ctx, answerExpectedBy(order)) }));
      break;
    case 'adopted':
      lines.push(ctx.t('notify-adopted', vars));
      break;
    case 'not_placed':
      lines.push(ctx.t('notify-not-placed', vars));
      break;
    case 'needs_review':
      lines.push(ctx.t('notify-needs-review', vars));
      break;
  }
  return joinLines(...lines);
}

/** One line naming the order for administrators, in their language. */
function adminOrder(order: OrderRow, ctx: TextContext): string {
  return ctx.t(order.providerReference === null ? 'alert-order-local' : 'alert-order', {
    reference: referenceOf(order),
    orderId: formatId(order.id, ctx.locale),
    goods: goodsText(order, ctx),
    amount: showAmount(ctx, order.totalAmount),
    userId: ctx.describePerson?.(order.userId) ?? String(order.userId),
  });
}

function withBadge(text: string, ctx: TextContext): string {
  return ctx.sandbox ? `${ctx.t('sandbox-badge')} ${text}` : text;
}

export type AdminEvent =
  | { kind: 'action_required' }
  | { kind: 'unrecognised' }
  /** `candidates` as reconciliation recorded them; null when nothing was recorded. */
  | { kind: 'needs_review'; candidates: ReviewCandidate[] | null }
  /** The provider accepted the order (accepted_* columns) but it could not be recorded as placed. */
  | { kind: 'accepted-unrecorded' }
  | { kind: 'adopted'; proof: AdoptionProof }
  | { kind: 'stale'; minutes: number }
  | { kind: 'blocked'; codes: boolean }
  | { kind: 'not-staff'; codes: boolean }
  | { kind: 'viewer-codes' }
  | { kind: 'rejected'; codes: boolean; reason: string }
  | { kind: 'delivery-missing'; attempts: number }
  /** The provider answered 404 for the order this many times in a row. */
  | { kind: 'not-found'; misses: number }
  /** The provider charged `order.totalAmount` where `confirmed` was confirmed. */
  | { kind: 'charged-other-amount'; confirmed: number }
  /** The provider reports the order completed, but these lines ("Title (Region)") came without codes. */
  | { kind: 'lines-undelivered'; products: string[] };

/** Plain text for administrators (alerts are plain text). */
export function adminText(event: AdminEvent, order: OrderRow, ctx: TextContext): string {
  const base = { order: adminOrder(order, ctx), reference: referenceOf(order) };
  switch (event.kind) {
    case 'action_required':
      return withBadge(ctx.t('alert-action-required', base), ctx);
    case 'unrecognised':
      return withBadge(ctx.t('alert-unrecognised', { ...base, status: order.providerStatus ?? '?' }), ctx);
    case 'needs_review': {
      const postedAt = showDateTimeWithZone(ctx, (order.postedAt ?? order.createdAt).getTime());
      return withBadge(ctx.t('alert-needs-review', { ...base, postedAt, candidates: candidateList(event.candidates, ctx) }), ctx);
    }
    case 'accepted-unrecorded':
      return withBadge(
        ctx.t('alert-accepted-unrecorded', {
          ...base,
          orderId: formatId(order.id, ctx.locale),
          acceptedOrderId: order.acceptedOrderId === null ? '?' : formatId(order.acceptedOrderId, ctx.locale),
          acceptedReference: order.acceptedReference ?? '?',
          acceptedAmount: order.acceptedAmount === null ? '?' : showAmount(ctx, order.acceptedAmount),
        }),
        ctx,
      );
    case 'adopted': {
      const { proof } = event;
      const time = (ms: number) => showPreciseTime(ctx, ms);
      const created = Date.parse(proof.providerCreatedAt);
      return withBadge(
        ctx.t('alert-adopted', {
          ...base,
          providerOrderId: formatId(proof.providerOrderId, ctx.locale),
          createdAt: Number.isNaN(created) ? proof.providerCreatedAt : time(created),
          from: time(proof.flightFrom),
          to: time(proof.flightTo),
          marginMs: formatNumber(proof.marginMs, ctx.locale),
          measured: proof.measured ? 'yes' : 'no',
          debit: showAmount(ctx, proof.debitAmount),
        }),
        ctx,
      );
    }
    case 'stale':
      return withBadge(ctx.t('alert-stale', { ...base, state: order.providerStatus ?? order.state, minutes: event.minutes }), ctx);
    case 'blocked':
      return withBadge(ctx.t(event.codes ? 'alert-blocked-codes' : 'alert-blocked-news', base), ctx);
    case 'not-staff':
      return withBadge(ctx.t(event.codes ? 'alert-not-staff-codes' : 'alert-not-staff-news', base), ctx);
    case 'viewer-codes':
      return withBadge(ctx.t('alert-viewer-codes', base), ctx);
    case 'rejected':
      return withBadge(ctx.t(event.codes ? 'alert-rejected-codes' : 'alert-rejected-news', { ...base, reason: event.reason }), ctx);
    case 'lines-undelivered':
      return withBadge(ctx.t('alert-lines-undelivered', { ...base, products: event.products.join(listComma(ctx.locale)) }), ctx);
    case 'delivery-missing':
      return withBadge(ctx.t('alert-delivery-missing', { ...base, attempts: event.attempts }), ctx);
    case 'not-found':
      return withBadge(ctx.t('alert-order-not-found', { ...base, misses: event.misses }), ctx);
    case 'charged-other-amount':
      return withBadge(
        ctx.t('alert-charged-other-amount', {
          ...base,
          charged: showAmount(ctx, order.totalAmount),
          confirmed: showAmount(ctx, event.confirmed),
        }),
        ctx,
      );
  }
}

/** More than this many candidates are counted, not listed: the message must stay readable. */
const LISTED_CANDIDATES = 10;

function candidateList(candidates: ReviewCandidate[] | null, ctx: TextContext): string {
  if (candidates === null) return ctx.t('alert-needs-review-unrecorded');
  if (candidates.length === 0) return ctx.t('alert-needs-review-none');
  const listed = candidates.slice(0, LISTED_CANDIDATES).map((candidate) => {
    const created = candidate.createdAt === null ? Number.NaN : Date.parse(candidate.createdAt);
    const facts = [
      candidate.status,
      showAmount(ctx, candidate.amount),
      Number.isNaN(created) ? null : showDateTime(ctx, created),
    ].filter((fact) => fact !== null);
    // A candidate only the wallet named has no reference: its provider order id is what /track takes.
    return `${candidate.reference ?? formatId(candidate.orderId, ctx.locale)} (${facts.join(', ')})`;
  });
  const more = candidates.length - listed.length;
  return [...listed, ...(more > 0 ? [`… +${formatNumber(more, ctx.locale)}`] : [])].join('; ');
}
