import type { CodeCase } from '../../db/code-case-store.js';
import type { OrderRow } from '../../db/order-row.js';
import { goodsOf } from '../../orders/order-line.js';
import { clip } from '../../text/clip.js';
import { formatGoods, formatId, formatNumber } from '../../text/format.js';
import { showAmount, showDateTime, showDateTimeWithZone, type ReaderView } from '../../text/presentation.js';
import { withoutUnsafeCharacters } from '../../text/unsafe-characters.js';
import type { DescribePerson } from '../describe-person.js';
import { orderName } from '../order-views/order-view.js';
import { cardCountOf, cardPlace, productName, severalProducts } from './case-card.js';

export type CaseView = ReaderView & { describePerson: DescribePerson };

/** A case's number as people quote it: "#12", in the reader's digits. */
export const caseNumber = (v: Pick<ReaderView, 'locale'>, id: number): string => `#${formatId(id, v.locale)}`;

/** Words people typed, shown as one clipped line that cannot reorder the text around it. */
export const typedLine = (text: string): string => clip(withoutUnsafeCharacters(text.replace(/\s+/g, ' ').trim()), 200);

/** The order a case names: its lines too where known (an order no longer found is named by its id alone). */
type NamedOrder = Pick<OrderRow, 'id' | 'providerReference'> & Partial<Pick<OrderRow, 'lines'>>;

/**
 * What a case is about, naming the card as the delivery did: "order A12";
 * "card 2 of order A12" (one product); "card 3 of Free Fire (Global)
 * (product 2) in order A12" (several products, each numbering its own cards).
 */
export function caseSubject(v: Pick<ReaderView, 'locale' | 't'>, card: number | null, order: NamedOrder): string {
  if (card === null) return v.t('case-subject-order', { order: orderName(order) });
  const place = order.lines && severalProducts({ lines: order.lines }) ? cardPlace({ lines: order.lines }, card) : null;
  if (place === null) return v.t('case-subject-card', { n: formatNumber(card, v.locale), order: orderName(order) });
  return v.t('case-subject-product-card', { n: formatNumber(place.n, v.locale), product: productName(place), index: formatNumber(place.product, v.locale), order: orderName(order) });
}

/** Which cards, for the administrators: the card (of how many of its product), or all of an order of several; nothing for an order of one card. */
function cardsLine(v: CaseView, row: CodeCase, order: OrderRow): string | null {
  const count = formatNumber(cardCountOf(order), v.locale);
  const place = row.card !== null && severalProducts(order) ? cardPlace(order, row.card) : null;
  if (place !== null) {
    return v.t('case-admin-product-card', { n: formatNumber(place.n, v.locale), count: formatNumber(place.of, v.locale), index: formatNumber(place.product, v.locale), product: productName(place) });
  }
  if (row.card !== null) return v.t('case-admin-card', { n: formatNumber(row.card, v.locale), count });
  return cardCountOf(order) > 1 ? v.t('case-admin-all-cards', { count }) : null;
}

const goods = (v: CaseView, order: OrderRow) => clip(formatGoods(goodsOf(order.lines), v.locale), 120);
const deliveredAt = (order: OrderRow) => (order.finishedAt ?? order.updatedAt).getTime();

/**
 * What administrators are told when a case opens, once, in their language:
 * everything the provider's support asks for, ready to paste, and never a
 * code (codes go to the orderer's chat only).
 */
export function caseOpenedText(v: CaseView, row: CodeCase, order: OrderRow): string {
  return [
    v.t('case-admin-opened', { case: caseNumber(v, row.id), reason: v.t(`case-reason-${row.reason}`), person: v.describePerson(row.reportedBy) }),
    v.t('case-admin-order', { order: orderName(order), id: formatId(order.id, v.locale), orderer: v.describePerson(order.userId), goods: goods(v, order), amount: showAmount(v, order.totalAmount) }),
    cardsLine(v, row, order),
    v.t('case-admin-delivered', { when: showDateTimeWithZone(v, deliveredAt(order)) }),
    // Latin digits: pasted as they are into the provider's support form.
    v.t('case-admin-provider', { providerOrder: String(order.providerOrderId ?? '-'), reference: order.providerReference ?? '-' }),
    row.note === null ? null : v.t('case-admin-note', { note: typedLine(row.note) }),
    v.t('case-admin-follow', { case: String(row.id) }),
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** One case in the /cases list. */
export function caseLine(v: CaseView, row: CodeCase, order: OrderRow | null): string {
  return v.t('cases-line', {
    case: caseNumber(v, row.id),
    state: v.t(`case-state-${row.state}`),
    subject: caseSubject(v, row.card, order ?? { id: row.orderId, providerReference: null }),
    goods: order ? goods(v, order) : '-',
    amount: order ? showAmount(v, order.totalAmount) : '-',
    when: showDateTime(v, row.openedAt.getTime()),
  });
}

/** A case's card, above its buttons: what an administrator needs to follow it up. */
export function caseCardText(v: CaseView, row: CodeCase, order: OrderRow | null): string {
  return [
    v.t('case-card-title', { case: caseNumber(v, row.id), state: v.t(`case-state-${row.state}`) }),
    caseLine(v, row, order),
    order ? cardsLine(v, row, order) : null,
    v.t('case-card-reason', { reason: v.t(`case-reason-${row.reason}`), person: v.describePerson(row.reportedBy) }),
    row.note === null ? null : v.t('case-card-note', { note: typedLine(row.note) }),
    order ? v.t('case-admin-provider', { providerOrder: String(order.providerOrderId ?? '-'), reference: order.providerReference ?? '-' }) : null,
    row.providerAnswer === null ? null : v.t('case-card-answer', { answer: typedLine(row.providerAnswer) }),
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** What the orderer is told of a change to their case. */
export function caseNewsText(v: ReaderView, row: CodeCase, order: Pick<OrderRow, 'id' | 'providerReference'>): string {
  return v.t('case-news-moved', { case: caseNumber(v, row.id), order: orderName(order), state: v.t(`case-state-${row.state}`) });
}
