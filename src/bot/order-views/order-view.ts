import { caseData } from '../cases/case-data.js';
import { costCentreWords, type CostCentreName } from '../../domain/cost-centre.js';
import { InlineKeyboard } from 'grammy';
import type { OrderState } from '../../domain/order-states.js';
import type { StaffRole } from '../../domain/staff-roles.js';
import type { DescribePerson } from '../describe-person.js';
import type { OrderRow } from '../../db/order-store.js';
import { isFinal, localStateFor, PROVIDER_STATE_MAP } from '../../domain/order-lifecycle.js';
import type { OrderDetail } from '../../provider/schemas.js';
import { formatGoods, formatId, formatNumber } from '../../text/format.js';
import { answerExpectedBy } from '../../tracking/reconcile-search.js';
import { bold, joinLines } from '../../text/formatted.js';
import type { Translate } from '../../text/i18n.js';
import type { Outgoing } from '../send.js';
import { mayOrder } from '../middleware/roles.js';
import { favouriteData } from '../favourite-data.js';
import { againData, codesData, listData, trackData, type TrackOrigin } from './callback-data.js';
import { goodsOf } from '../../orders/order-line.js';
import { CLIP, clip } from '../../text/clip.js';
import { withoutUnsafeCharacters } from '../../text/unsafe-characters.js';
import { showAmount, showDateTime, showDateTimeWithZone, showZone, type ReaderView } from '../../text/presentation.js';

/** The reader (their language, the deployment's unit, zone and SANDBOX badge), and who ordered in words: the numeric ID when not given. */
export type TrackingView = ReaderView & { describePerson?: DescribePerson };

export interface Viewer {
  telegramId: number;
  role: StaffRole;
}

export const personOf = (v: TrackingView, telegramId: number): string => v.describePerson?.(telegramId) ?? String(telegramId);

/** Staff see their own orders only; administrators and viewers see everyone's. */
export function canSee(viewer: Viewer, order: Pick<OrderRow, 'userId'>): boolean {
  return viewer.role === 'admin' || viewer.role === 'viewer' || order.userId === viewer.telegramId;
}

/**
 * End customers' answers (e-mails, phone numbers, player ids): the orderer
 * and administrators, who may need them to sort out a delivery; a viewer
 * reads orders for the books and needs none of them (the exports leave
 * them out for the same reason), not even of orders placed before they
 * were made a viewer.
 */
function canSeeAnswers(viewer: Viewer, order: Pick<OrderRow, 'userId'>): boolean {
  return viewer.role === 'admin' || (viewer.role === 'staff' && order.userId === viewer.telegramId);
}

/** Codes: the orderer and administrators; a viewer never. */
export function canSeeCodes(viewer: Viewer, order: Pick<OrderRow, 'userId'>): boolean {
  return viewer.role === 'admin' || (viewer.role === 'staff' && order.userId === viewer.telegramId);
}

/**
 * Why this person may not order this order again (a text key), or null:
 * only the orderer, only while they may order, and only once the order has
 * settled (an open one may still be delivered, and a second order of it
 * would be bought twice).
 */
export function orderAgainRefusal(viewer: Viewer, order: Pick<OrderRow, 'userId' | 'state'>): string | null {
  if (!mayOrder(viewer.role)) return 'viewer-refused';
  if (order.userId !== viewer.telegramId) return 'again-not-yours';
  return isFinal(order.state) ? null : 'again-still-open';
}

const normalStatus = (status: string) => status.trim().toUpperCase();

export function stateWords(t: Translate, state: OrderState): string {
  return t(`track-state-${state}`);
}

export function providerStateWords(t: Translate, status: string): string {
  const name = normalStatus(status);
  // Names the contract knows have words; anything else is shown as the provider wrote it.
  return Object.hasOwn(PROVIDER_STATE_MAP, name) ? t(`track-provider-${name.toLowerCase()}`) : status;
}

/** What we know of an order: our row, and the provider's answer when it could be read. */
export interface OrderFacts {
  row: OrderRow;
  fresh: OrderDetail | null;
  /** Why the provider was not read, in plain words; null when it was, or need not be. */
  trouble: string | null;
  /** The provider was asked and answered that it does not know the order (404): it answers, so "could not be asked" would be untrue. */
  unknownToProvider?: boolean;
  /** The cost centre the order names, read by id (a retired one too); absent or null when it names none. */
  costCentre?: CostCentreName | null;
}

/** Codes can be shown once the provider says the order is complete (or we last knew so). */
function codesAvailable(facts: Pick<OrderFacts, 'row' | 'fresh'>): boolean {
  return facts.fresh ? localStateFor(facts.fresh.status) === 'completed' : facts.row.state === 'completed';
}

function isSettled(facts: OrderFacts): boolean {
  return isFinal(facts.row.state) || (facts.fresh !== null && isFinal(localStateFor(facts.fresh.status)));
}

export function orderName(row: Pick<OrderRow, 'id' | 'providerReference'>): string {
  return row.providerReference ?? `#${row.id}`;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const placedAt = (row: OrderRow) => (row.postedAt ?? row.createdAt).getTime();

/** What a phone shows of a button before cutting it off. */
const BUTTON_BUDGET = 30;

/** The button of one /orders entry: its number in the message and the order's name, then as much product as fits. */
export function orderButtonLabel(v: TrackingView, row: OrderRow, n: number): string {
  const head = `${formatNumber(n, v.locale)}. ${orderName(row)}`;
  // Several products: the first one's title and "+2" for the rest, so the count is never cut off.
  const more = row.lines.length > 1 ? ` +${formatNumber(row.lines.length - 1, v.locale)}` : '';
  const room = BUTTON_BUDGET - head.length - 3 - more.length;
  return room >= 4 ? `${head} · ${shorten(row.lines[0]?.product.title ?? '', room)}${more}` : shorten(head, BUTTON_BUDGET);
}

/** The details of one /orders entry, in the message above the buttons. */
export function orderListEntry(v: TrackingView, row: OrderRow, n: number, showOrderer: boolean): string {
  const entry = v.t('orders-entry', {
    n: formatNumber(n, v.locale),
    name: orderName(row),
    goods: shorten(formatGoods(goodsOf(row.lines), v.locale), 120),
    state: stateWords(v.t, row.state),
    amount: showAmount(v, row.totalAmount),
    when: showDateTime(v, placedAt(row)),
  });
  return showOrderer ? `${entry} · ${v.t('orders-by', { id: personOf(v, row.userId) })}` : entry;
}

/** Telegram takes 4096 characters; the rest is room for digits of other scripts and the unit. */
const TEXT_BUDGET = 3_900;
/** Shorter and shorter answers until the details fit, then fewer of them. */
const ANSWER_CAPS = [CLIP.answer, 60, 20];

/**
 * One order's details. They always fit one message: long titles and
 * answers are shortened, and if there are still too many answers, the
 * last ones are summed up as a count.
 */
export function orderDetailView(v: TrackingView, facts: OrderFacts, viewer: Viewer, origin: TrackOrigin): Outgoing {
  const answers = canSeeAnswers(viewer, facts.row) ? facts.row.lines.reduce((sum, line) => sum + line.fields.length, 0) : 0;
  for (const cap of ANSWER_CAPS) {
    const out = detailView(v, facts, viewer, origin, cap, answers);
    if (out.text.text.length <= TEXT_BUDGET) return out;
  }
  let shown = answers;
  for (;;) {
    shown = Math.floor(shown / 2);
    const out = detailView(v, facts, viewer, origin, ANSWER_CAPS.at(-1)!, shown);
    if (shown === 0 || out.text.text.length <= TEXT_BUDGET) return out;
  }
}

function detailView(v: TrackingView, facts: OrderFacts, viewer: Viewer, origin: TrackOrigin, answerCap: number, answersShown: number): Outgoing {
  const { row, fresh } = facts;
  let answersLeft = answersShown;
  const withAnswers = canSeeAnswers(viewer, row);
  const hidden = withAnswers ? Math.max(0, row.lines.reduce((sum, line) => sum + line.fields.length, 0) - answersShown) : 0;
  const anyAnswers = row.lines.some((line) => line.fields.length > 0);
  const money = (n: number) => showAmount(v, n);
  const providerStatus = fresh?.status ?? row.providerStatus;
  const title = row.providerReference
    ? v.t('track-title', { reference: row.providerReference, id: formatId(row.id, v.locale) })
    : v.t('track-title-no-reference', { id: formatId(row.id, v.locale) });
  const withCodes = codesAvailable(facts) && canSeeCodes(viewer, row);
  const settled = isSettled(facts);

  const text = joinLines(
    row.sandbox ? bold(v.t('sandbox-badge')) : null,
    bold(title),
    v.t('track-state', { state: stateWords(v.t, row.state) }),
    providerStatus ? v.t('track-provider-state', { state: providerStateWords(v.t, providerStatus) }) : null,
    ...row.lines.flatMap((line, index) => [
      row.lines.length > 1 ? bold(v.t('summary-line-heading', { index: formatNumber(index + 1, v.locale), count: formatNumber(row.lines.length, v.locale) })) : null,
      v.t('track-product', { value: clip(line.product.title, CLIP.title) }),
      line.region.title ? v.t('track-region', { value: clip(line.region.title, CLIP.fieldTitle) }) : null,
      v.t('track-quantity', { value: formatNumber(line.quantity, v.locale) }),
      v.t('track-unit-price', { value: money(line.region.price) }),
      ...line.fields.slice(0, Math.max(0, answersLeft)).map((f) => {
        answersLeft -= 1;
        // Answers stored before they were cleaned on entry may still hold characters that reorder the view.
        const value = f.erasedAfterDays === undefined ? clip(withoutUnsafeCharacters(f.value), answerCap) : v.t('answer-erased', { days: formatNumber(f.erasedAfterDays, v.locale) });
        return `${clip(f.title, CLIP.fieldTitle)}: ${value}`;
      }),
    ]),
    hidden > 0 ? v.t('summary-more-answers', { count: hidden }) : null,
    !withAnswers && anyAnswers ? v.t('track-answers-hidden') : null,
    v.t('track-total', { value: money(row.totalAmount) }),
    fresh && fresh.amount !== row.totalAmount ? v.t('track-charged', { value: money(fresh.amount) }) : null,
    row.userId !== viewer.telegramId ? v.t('track-ordered-by', { id: personOf(v, row.userId) }) : null,
    facts.costCentre ? v.t('order-cost-centre', { centre: costCentreWords(facts.costCentre) }) : null,
    row.purposeNote ? v.t('order-note', { note: clip(withoutUnsafeCharacters(row.purposeNote), 200) }) : null,
    v.t(row.postedAt ? 'track-placed-at' : 'track-started-at', { value: showDateTime(v, placedAt(row)), zone: showZone(v) }),
    '',
    withCodes
      ? v.t('track-hint-codes')
      : v.t(codesAvailable(facts) ? 'track-hint-completed' : hintKey(row), { by: showDateTimeWithZone(v, answerExpectedBy(row)) }),
    facts.trouble
      ? v.t(facts.unknownToProvider ? 'track-from-records-unknown' : 'track-from-records', { when: showDateTime(v, row.updatedAt.getTime()), reason: facts.trouble })
      : null,
  );

  const keyboard = new InlineKeyboard();
  if (withCodes) keyboard.text(v.t('btn-show-codes'), codesData(row.id)).row();
  // A delivered code that does not work is reported from here as from the delivery (src/bot/cases/).
  if (withCodes && row.state === 'completed') keyboard.text(v.t('btn-case-problem'), caseData({ kind: 'problem', orderId: row.id })).row();
  if (!settled) keyboard.text(v.t('btn-refresh'), trackData(row.id, origin.kind === 'new' ? { kind: 'refresh' } : origin)).row();
  if (orderAgainRefusal(viewer, row) === null) {
    keyboard.text(v.t('btn-order-again'), againData(row.id)).text(v.t('btn-star-order'), favouriteData({ kind: 'star-order', id: row.id })).row();
  }
  if (viewer.role === 'admin' && isFinal(row.state)) keyboard.text(v.t('btn-pin-order'), favouriteData({ kind: 'pin-order', id: row.id })).row();
  if (origin.kind === 'list') keyboard.text(v.t('btn-back'), listData(origin.list));
  return { text, keyboard };
}

/** An order the provider knows and we do not (placed elsewhere, or before giftdesk); administrators only. */
export function providerOnlyView(v: TrackingView, order: OrderDetail): Outgoing {
  const money = (n: number) => showAmount(v, n);
  const created = order.createdAt ? Date.parse(order.createdAt) : Number.NaN;
  return {
    text: joinLines(
      v.sandbox ? bold(v.t('sandbox-badge')) : null,
      bold(v.t('track-title-provider', { reference: order.orderReference, orderId: formatId(order.orderId, v.locale) })),
      v.t('track-provider-only'),
      v.t('track-provider-state', { state: providerStateWords(v.t, order.status) }),
      ...order.items.map((item) =>
        v.t('track-item', {
          quantity: formatNumber(item.quantity, v.locale),
          product: String(item.productId),
          amount: money(item.totalAmount),
        }),
      ),
      v.t('track-total', { value: money(order.amount) }),
      order.createdAt
        ? v.t('track-placed-at', {
            value: Number.isNaN(created) ? order.createdAt : showDateTime(v, created),
            zone: showZone(v),
          })
        : null,
    ),
  };
}

/** An order the provider accepted that waits for an administrator is not a guess among candidates: say so. */
function hintKey(row: OrderRow): string {
  return row.state === 'needs_review' && row.acceptedOrderId !== null ? 'track-hint-accepted-unrecorded' : `track-hint-${row.state}`;
}
