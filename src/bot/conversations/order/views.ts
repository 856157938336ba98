import { InlineKeyboard } from 'grammy';
import type { CatalogCategory, CatalogProduct } from '../../../db/catalog-store.js';
import { UNCATEGORISED_ID } from '../../../db/catalog-writer.js';
import type { PageOf } from '../../../db/paging.js';
import type { ProductDetail } from '../../../provider/schemas.js';
import { formatNumber } from '../../../text/format.js';
import { bold, joinLines } from '../../../text/formatted.js';
import type { Translate } from '../../../text/i18n.js';
import type { Outgoing } from '../../send.js';
import { chosenRegion, currentField, hasRegionChoice, maxQuantity, type Draft } from './draft.js';
import { ACTION, data, type Action } from './actions.js';
import { STOPS } from '../../keyboard-style.js';
import { CLIP, clip } from '../../../text/clip.js';
import { showAmount, type ReaderView } from '../../../text/presentation.js';
import { batchOfferData, type BatchOffer } from '../../batch-offer.js';

/** What the views need besides the draft. */
export type ViewContext = ReaderView & {
  perItemLimit: number;
  /** The most products one order may hold; "Add another product" is not offered at it. Absent: not offered at all. */
  maxLines?: number;
  /** The quantity step offers the star (and, to administrators, the team pin); absent: no favourites here. */
  stars?: { pin: boolean };
};

/** What /order opens with above the categories: one's own favourites, then the team's picks. */
export interface Shortcuts {
  mine: readonly { id: number; name: string }[];
  picks: readonly { id: number; name: string }[];
}

/** A line shown above a step, such as why the last answer was refused. */
export type Notice = string | null;

const QUICK_QUANTITIES = [1, 2, 3, 5, 10];
/** Longest title on a category or product button: one line on a phone. A product's price and stock go in the message. */
const BUTTON_TITLE = 30;

function navRow(keyboard: InlineKeyboard, t: Translate, page: number, pageCount: number, action: Action): void {
  if (pageCount <= 1) return;
  if (page > 1) keyboard.text(t('btn-prev'), data(action, page - 1));
  if (page < pageCount) keyboard.text(t('btn-next'), data(action, page + 1));
  keyboard.row();
}

function footer(keyboard: InlineKeyboard, t: Translate, withBack: boolean): InlineKeyboard {
  if (withBack) keyboard.text(t('btn-back'), data(ACTION.back));
  return keyboard.text(t('btn-cancel'), data(ACTION.cancel)).style(STOPS);
}

/**
 * `cartLines`: the lines the order already has; they get a way back to its
 * summary. `adding`: another product is being added (not one line's product changed).
 */
export function categoryView(v: ViewContext, page: PageOf<CatalogCategory>, notice: Notice, cartLines = 0, adding = cartLines > 0, shortcuts?: Shortcuts): Outgoing {
  const keyboard = new InlineKeyboard();
  for (const favourite of shortcuts?.mine ?? []) keyboard.text(`★ ${clip(favourite.name, BUTTON_TITLE)}`, data(ACTION.favourite, favourite.id)).row();
  for (const pick of shortcuts?.picks ?? []) keyboard.text(`📌 ${clip(pick.name, BUTTON_TITLE)}`, data(ACTION.pick, pick.id)).row();
  const shortcutsShown = (shortcuts?.mine.length ?? 0) + (shortcuts?.picks.length ?? 0) > 0;
  for (const category of page.items) {
    const title = category.id === UNCATEGORISED_ID ? v.t('order-uncategorised') : category.title;
    keyboard.text(`${clip(title, BUTTON_TITLE)} (${formatNumber(category.productCount, v.locale)})`, data(ACTION.category, category.id)).row();
  }
  navRow(keyboard, v.t, page.page, page.pageCount, ACTION.categoryPage);
  const intro = page.total === 0 ? v.t('order-catalog-empty') : v.t('order-choose-category');
  if (cartLines > 0) keyboard.text(v.t('btn-back-to-order'), data(ACTION.toCart)).row();
  return {
    text: joinLines(notice, adding && cartLines > 0 ? v.t('cart-adding', { count: formatNumber(cartLines, v.locale) }) : null, shortcutsShown ? v.t('order-favourites-first') : null, intro),
    keyboard: footer(keyboard, v.t, false),
  };
}

/** A product's line in the message text. */
const LINE_TITLE = 64;
/** At or below this many, the list says "only N left" instead of the plain count. */
const FEW_LEFT = 5;

/** What the list knows of a product's price and stock, from its last detail read; null when nothing is known. */
function productFacts(v: ViewContext, product: CatalogProduct): string | null {
  const parts: string[] = [];
  if (product.priceFrom !== null) {
    const price = showAmount(v, product.priceFrom);
    parts.push(product.priceTo !== null && product.priceTo > product.priceFrom ? v.t('catalog-price-from', { price }) : price);
  }
  if (product.isAvailable === false || product.stockTotal === 0) parts.push(v.t('order-out-of-stock'));
  else if (product.stockTotal !== null) {
    const count = formatNumber(product.stockTotal, v.locale);
    parts.push(product.stockTotal <= FEW_LEFT ? v.t('catalog-few-left', { count }) : v.t('catalog-in-stock', { count }));
  }
  return parts.length === 0 ? null : parts.join(' · ');
}

export function productListView(
  v: ViewContext,
  heading: string,
  page: PageOf<CatalogProduct>,
  notice: Notice,
): Outgoing {
  const keyboard = new InlineKeyboard();
  const lines = page.items.map((product) => {
    keyboard.text(clip(product.title, BUTTON_TITLE), data(ACTION.product, product.id)).row();
    const facts = productFacts(v, product);
    const title = clip(product.title, LINE_TITLE);
    return facts === null ? `• ${title}` : `• ${title} — ${facts}`;
  });
  navRow(keyboard, v.t, page.page, page.pageCount, ACTION.productPage);
  return { text: joinLines(notice, heading, ...(lines.length > 0 ? ['', ...lines] : [])), keyboard: footer(keyboard, v.t, true) };
}

export function regionView(v: ViewContext, product: ProductDetail, notice: Notice): Outgoing {
  const keyboard = new InlineKeyboard();
  for (const region of product.regionProperties) {
    const price = showAmount(v, region.price);
    const label = `${region.title ?? '—'} · ${price}`;
    if (region.stock > 0) keyboard.text(label, data(ACTION.region, region.regionPropertyId)).row();
    else keyboard.text(`${label} (${v.t('order-out-of-stock')})`, data(ACTION.soldOut)).row();
  }
  return {
    text: joinLines(notice, v.t('order-choose-region', { product: clip(product.title, CLIP.title) })),
    keyboard: footer(keyboard, v.t, true),
  };
}

/** `line`: the line's number when a line of an order of several is being changed, to say which. */
/** `offer`: the batch the notice offers for a quantity above one order's, as a button. */
export function quantityView(v: ViewContext, draft: Draft, notice: Notice, line: number | null = null, offer: BatchOffer | null = null): Outgoing {
  const max = maxQuantity(draft, v.perItemLimit);
  const keyboard = new InlineKeyboard();
  if (offer) keyboard.text(offer.kind === 'file' ? v.t('btn-batch-file') : v.t('btn-order-batch', { quantity: offer.quantity }), batchOfferData(offer)).row();
  const quick = QUICK_QUANTITIES.filter((n) => n <= max);
  quick.forEach((n) => keyboard.text(formatNumber(n, v.locale), data(ACTION.quantity, n)));
  if (quick.length > 0) keyboard.row();
  if (v.stars) keyboard.text(v.t('btn-star'), data(ACTION.star)).row();
  if (v.stars?.pin) keyboard.text(v.t('btn-pin-for-team'), data(ACTION.star, 'team')).row();
  const region = chosenRegion(draft);
  return {
    text: joinLines(
      notice,
      line === null
        ? bold(clip(draft.product?.title ?? '', CLIP.title))
        : bold(v.t('edit-line-title', { index: formatNumber(line, v.locale), product: clip(draft.product?.title ?? '', CLIP.title) })),
      region && draft.product && hasRegionChoice(draft.product) ? v.t('summary-region', { value: region.title ?? '—' }) : null,
      region ? v.t('summary-unit-price', { value: showAmount(v, region.price) }) : null,
      '',
      v.t('order-ask-quantity', { max }),
    ),
    keyboard: footer(keyboard, v.t, true),
  };
}

export function fieldView(v: ViewContext, draft: Draft, notice: Notice): Outgoing {
  const field = currentField(draft);
  const count = draft.product?.requiredFields.length ?? 0;
  const keyboard = new InlineKeyboard();
  if (field && !field.required) keyboard.text(v.t('btn-skip'), data(ACTION.skip)).row();
  return {
    text: joinLines(
      notice,
      count > 1 ? v.t('order-field-step', { index: draft.fieldIndex + 1, count }) : null,
      // The provider's title may be in a language the reader does not read: the kind of answer is said in theirs.
      v.t('order-ask-field', { title: clip(field?.title ?? '', CLIP.fieldTitle), type: v.t(`field-type-${field?.type ?? 'text'}`) }),
      field?.hint ? v.t('order-field-hint', { hint: clip(field.hint, CLIP.hint) }) : null,
      field && !field.required ? v.t('order-field-optional') : null,
    ),
    keyboard: footer(keyboard, v.t, true),
  };
}

/** `line`: the line's number when the order has several, for the menu's title. */
export function editView(v: ViewContext, draft: Draft, line: number | null = null, notice: Notice = null): Outgoing {
  const keyboard = new InlineKeyboard().text(v.t('edit-product'), data(ACTION.editTarget, 'p')).row();
  if (draft.product && hasRegionChoice(draft.product)) keyboard.text(v.t('edit-region'), data(ACTION.editTarget, 'r')).row();
  keyboard.text(v.t('edit-quantity'), data(ACTION.editTarget, 'q')).row();
  (draft.product?.requiredFields ?? []).forEach((field, index) => {
    keyboard.text(clip(field.title, BUTTON_TITLE), data(ACTION.editTarget, `f${index}`)).row();
  });
  // Only where the order was asked what it is for: the cost centre and note belong to the whole order.
  if (draft.purpose) keyboard.text(v.t('edit-purpose'), data(ACTION.editTarget, 'c')).row();
  keyboard.text(v.t('btn-remove-line'), data(ACTION.removeLine)).row();
  keyboard.text(v.t('btn-back'), data(ACTION.back)).text(v.t('btn-cancel'), data(ACTION.cancel)).style(STOPS);
  const heading = line === null ? null : bold(v.t('edit-line-title', { index: formatNumber(line, v.locale), product: clip(draft.product?.title ?? '', CLIP.title) }));
  return { text: joinLines(notice, heading, v.t('edit-choose')), keyboard };
}

/**
 * What is sent when Telegram refused a step (too long, bad entities): a
 * short plain line and a way on, never a prompt without buttons.
 */
export function fallbackView(v: ViewContext, withBack: boolean): Outgoing {
  return { text: joinLines(v.t('order-step-not-shown')), keyboard: footer(new InlineKeyboard(), v.t, withBack) };
}

/** The final word on the menu message: no buttons left to press. */
export function closedView(text: string, sandbox: boolean, t: Translate): Outgoing {
  return { text: joinLines(sandbox ? bold(t('sandbox-badge')) : null, text) };
}
