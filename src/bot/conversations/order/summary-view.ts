import { InlineKeyboard } from 'grammy';
import { purposeLines } from './purpose-step.js';
import { formatNumber } from '../../../text/format.js';
import { bold, joinLines } from '../../../text/formatted.js';
import type { BudgetRefusal, LimitVerdict } from '../../../orders/limit-check.js';
import type { Outgoing } from '../../send.js';
import { ACTION, data } from './actions.js';
import { GOES_AHEAD, STOPS } from '../../keyboard-style.js';
import { CLIP, clip } from '../../../text/clip.js';
import { canAddLine, cartLines, lineComplete } from './cart.js';
import { chosenRegion, draftTotal, isComplete, maxQuantity, type CartLine, type Draft } from './draft.js';
import { NO_CHANGES, hasChanges, type QuoteChanges } from './quote.js';
import type { Notice, ViewContext } from './views.js';
import type { PauseSource } from '../../../db/ordering-pause-store.js';
import { showAmount, showDateTimeWithZone } from '../../../text/presentation.js';

interface SummaryFacts {
  /** null when the balance could not be read. */
  balance: number | null;
  /** What the fresh read changed since the staff member last saw the numbers. */
  changes?: QuoteChanges;
  /** The person's spending limits against this order's total; absent when not checked. */
  limit?: LimitVerdict;
  /**
   * The key Confirm places the order with, carried by the button so that a
   * press arriving after the order was placed can be told what became of it.
   */
  confirmKey?: string | null;
  /** For an order of several lines: what the fresh reads changed, per line (see cartLines). */
  lineChanges?: QuoteChanges[];
}

function regionOf(line: CartLine) {
  return line.product.regionProperties.find((r) => r.regionPropertyId === line.regionPropertyId) ?? null;
}

/** Largest quantity a finished line can have now: its region's stock and the per-item limit. */
function lineMax(line: CartLine, perItemLimit: number): number {
  return Math.max(0, Math.min(regionOf(line)?.stock ?? 0, perItemLimit));
}

/** Telegram takes 4096 characters; the rest is room for digits of other scripts and the unit. */
const TEXT_BUDGET = 3_900;
/** Shorter and shorter answers until the summary fits, then fewer of them. */
const ANSWER_CAPS = [CLIP.answer, 60, 20];

/** Whether Confirm can be offered: complete, the stock covers the quantity, the wallet (when known) covers the total. */
export function canConfirm(draft: Draft, facts: Pick<SummaryFacts, 'balance' | 'limit'>, perItemLimit: number): boolean {
  const region = chosenRegion(draft);
  if (!isComplete(draft) || !region) return false;
  const quantity = draft.quantity ?? 0;
  if (quantity > maxQuantity(draft, perItemLimit)) return false;
  // Every line of the order: each within its stock, the total within the wallet.
  if (cartLines(draft).some((line) => !lineComplete(draft, line) || line.quantity > lineMax(line, perItemLimit))) return false;
  if (facts.limit?.ok === false) return false;
  return facts.balance === null || facts.balance >= draftTotal(draft);
}

/**
 * The order as it will be placed, with the numbers the provider quoted just
 * now. It always fits one message: long answers and titles are shortened
 * here (the provider gets them whole), and if there are too many answers,
 * the last ones are summed up as a count.
 */
export function summaryView(v: ViewContext, draft: Draft, facts: SummaryFacts, notice: Notice): Outgoing {
  if (cartLines(draft).length > 1) return cartSummaryView(v, draft, facts, notice);
  const answers = draft.product?.requiredFields.length ?? 0;
  for (const cap of ANSWER_CAPS) {
    const out = build(v, draft, facts, notice, cap, answers);
    if (out.text.text.length <= TEXT_BUDGET) return out;
  }
  let shown = answers;
  for (;;) {
    shown = Math.floor(shown / 2);
    const out = build(v, draft, facts, notice, ANSWER_CAPS.at(-1)!, shown);
    if (shown === 0 || out.text.text.length <= TEXT_BUDGET) return out;
  }
}

function build(v: ViewContext, draft: Draft, facts: SummaryFacts, notice: Notice, answerCap: number, answersShown: number): Outgoing {
  const region = chosenRegion(draft);
  const product = draft.product;
  const quantity = draft.quantity ?? 0;
  const unitPrice = region?.price ?? 0;
  const total = unitPrice * quantity;
  const money = (n: number) => showAmount(v, n);
  const max = maxQuantity(draft, v.perItemLimit);
  const stockShort = quantity > max;
  const balanceShort = facts.balance !== null && facts.balance < total;
  const changes = facts.changes ?? NO_CHANGES;

  // A skipped optional question has nothing to show, and nothing of it is sent to the provider either.
  const fields = (product?.requiredFields ?? []).filter((field) => (draft.fieldValues[String(field.fieldId)] ?? '') !== '' || field.required);
  const fieldLines = fields.slice(0, answersShown).map((field) => {
    const value = draft.fieldValues[String(field.fieldId)];
    return `${clip(field.title, CLIP.fieldTitle)}: ${value === undefined ? '—' : clip(value, answerCap)}`;
  });
  const hidden = fields.length - fieldLines.length;

  const keyboard = new InlineKeyboard();
  if (canConfirm(draft, facts, v.perItemLimit)) keyboard.text(v.t('btn-confirm'), data(ACTION.confirm, facts.confirmKey ?? undefined)).style(GOES_AHEAD).row();
  if (v.maxLines !== undefined && canAddLine(draft, v.maxLines)) keyboard.text(v.t('btn-add-product'), data(ACTION.addLine)).row();
  keyboard.text(v.t('btn-edit'), data(ACTION.edit)).text(v.t('btn-cancel'), data(ACTION.cancel)).style(STOPS);

  const price = changes.price;
  return {
    text: joinLines(
      // The badge first on every message, as the transformer puts it on those without one: a notice never above it.
      v.sandbox ? bold(v.t('sandbox-badge')) : null,
      notice === null ? null : clip(notice, 1_000),
      hasChanges(changes) ? bold(v.t('summary-changed')) : null,
      bold(v.t('summary-title')),
      v.t('summary-product', { value: clip(product?.title ?? '', CLIP.title) }),
      region?.title ? v.t('summary-region', { value: clip(region.title, CLIP.fieldTitle) }) : null,
      v.t('summary-quantity', { value: quantity }),
      price
        ? bold(v.t('summary-unit-price-changed', { from: money(price.from), to: money(price.to) }))
        : v.t('summary-unit-price', { value: money(unitPrice) }),
      price
        ? bold(v.t('summary-total-changed', { from: money(price.from * quantity), to: money(total) }))
        : bold(v.t('summary-total', { value: money(total) })),
      changes.stock ? bold(v.t('summary-stock-now', { from: changes.stock.from, to: changes.stock.to })) : null,
      ...fieldLines,
      hidden > 0 ? v.t('summary-more-answers', { count: hidden }) : null,
      ...purposeLines(v, draft),
      '',
      facts.balance === null ? v.t('summary-balance-unknown') : v.t('summary-balance-now', { value: money(facts.balance) }),
      facts.balance !== null && !balanceShort ? v.t('summary-balance-after', { value: money(facts.balance - total) }) : null,
      balanceShort && facts.balance !== null ? bold(v.t('summary-balance-short', { value: money(total - facts.balance) })) : null,
      stockShort ? bold(v.t('summary-stock-changed', { max })) : null,
      ...overLimitLines(v, facts.limit, unitPrice),
      v.maxLines !== undefined && !canAddLine(draft, v.maxLines) ? v.t('cart-full', { max: formatNumber(v.maxLines, v.locale) }) : null,
    ),
    keyboard,
  };
}

/** Longest product title on an "Edit line" button: one line on a phone. */
const LINE_BUTTON_TITLE = 18;
/** Longest product title (and region) of a line in the cart summary; the line's own menu shows it whole. */
const CART_LINE_TITLE = 60;
const CART_LINE_REGION = 30;
/** The notice of a cart summary that does not fit otherwise. */
const CART_NOTICE_SHORT = 200;

/**
 * The summary of an order of several products: each line with its unit
 * price and line total (old -> new where the fresh read changed it), its
 * answers shortened, then the order's total against the wallet. One "Edit
 * line N" button per line opens that line's menu.
 */
function cartSummaryView(v: ViewContext, draft: Draft, facts: SummaryFacts, notice: Notice): Outgoing {
  const count = cartLines(draft).reduce((sum, line) => sum + (line.product.requiredFields.length ?? 0), 0);
  for (const cap of ANSWER_CAPS) {
    const out = buildCart(v, draft, facts, notice, cap, count);
    if (out.text.text.length <= TEXT_BUDGET) return out;
  }
  // Then a shorter notice, then fewer answers.
  const shortNotice = notice === null ? null : clip(notice, CART_NOTICE_SHORT);
  let shown = count;
  for (;;) {
    const out = buildCart(v, draft, facts, shortNotice, ANSWER_CAPS.at(-1)!, shown);
    if (shown === 0 || out.text.text.length <= TEXT_BUDGET) return out;
    shown = Math.floor(shown / 2);
  }
}

function buildCart(v: ViewContext, draft: Draft, facts: SummaryFacts, notice: Notice, answerCap: number, answersShown: number): Outgoing {
  const lines = cartLines(draft);
  const money = (n: number) => showAmount(v, n);
  const number = (n: number) => formatNumber(n, v.locale);
  const total = draftTotal(draft);
  const changes = facts.lineChanges ?? [];
  const balanceShort = facts.balance !== null && facts.balance < total;
  let answersLeft = answersShown;
  let hidden = 0;
  let totalBefore = 0;

  const body = lines.flatMap((line, index) => {
    const region = regionOf(line);
    const price = region?.price ?? 0;
    const changed = changes[index] ?? NO_CHANGES;
    totalBefore += (changed.price?.from ?? price) * line.quantity;
    const product = clip(line.product.title, CART_LINE_TITLE);
    const title = region?.title ? `${product} (${clip(region.title, CART_LINE_REGION)})` : product;
    const max = lineMax(line, v.perItemLimit);
    const fields = line.product.requiredFields.filter((field) => (line.fieldValues[String(field.fieldId)] ?? '') !== '' || field.required);
    const shownFields = fields.slice(0, Math.max(0, answersLeft));
    answersLeft -= shownFields.length;
    hidden += fields.length - shownFields.length;
    return [
      bold(v.t('cart-line', { index: number(index + 1), product: title, quantity: number(line.quantity) })),
      changed.price
        ? bold(v.t('cart-line-price-changed', { from: money(changed.price.from), to: money(changed.price.to), total: money(price * line.quantity) }))
        : v.t('cart-line-price', { price: money(price), total: money(price * line.quantity) }),
      line.quantity > max ? bold(v.t('cart-line-stock-short', { max: number(max) })) : null,
      ...shownFields.map((field) => {
        const value = line.fieldValues[String(field.fieldId)];
        return `   ${clip(field.title, CLIP.fieldTitle)}: ${value === undefined ? '—' : clip(value, answerCap)}`;
      }),
    ];
  });
  const anyChange = changes.some(hasChanges);

  const keyboard = new InlineKeyboard();
  if (canConfirm(draft, facts, v.perItemLimit)) keyboard.text(v.t('btn-confirm'), data(ACTION.confirm, facts.confirmKey ?? undefined)).style(GOES_AHEAD).row();
  const canAdd = v.maxLines === undefined || canAddLine(draft, v.maxLines);
  if (canAdd) keyboard.text(v.t('btn-add-product'), data(ACTION.addLine)).row();
  lines.forEach((line, index) => {
    keyboard.text(v.t('btn-edit-line', { index: number(index + 1), product: clip(line.product.title, LINE_BUTTON_TITLE) }), data(ACTION.editLine, index + 1)).row();
  });
  keyboard.text(v.t('btn-cancel'), data(ACTION.cancel)).style(STOPS);

  return {
    text: joinLines(
      // The badge first on every message, as the transformer puts it on those without one: a notice never above it.
      v.sandbox ? bold(v.t('sandbox-badge')) : null,
      notice === null ? null : clip(notice, 1_000),
      anyChange ? bold(v.t('summary-changed')) : null,
      bold(v.t('summary-title')),
      '',
      ...body,
      hidden > 0 ? v.t('summary-more-answers', { count: hidden }) : null,
      ...purposeLines(v, draft),
      '',
      totalBefore !== total
        ? bold(v.t('summary-total-changed', { from: money(totalBefore), to: money(total) }))
        : bold(v.t('summary-total', { value: money(total) })),
      facts.balance === null ? v.t('summary-balance-unknown') : v.t('summary-balance-now', { value: money(facts.balance) }),
      facts.balance !== null && !balanceShort ? v.t('summary-balance-after', { value: money(facts.balance - total) }) : null,
      balanceShort && facts.balance !== null ? bold(v.t('summary-balance-short', { value: money(total - facts.balance) })) : null,
      ...overLimitLines(v, facts.limit, Math.min(...lines.map((line) => regionOf(line)?.price ?? 0))),
      canAdd ? null : v.t('cart-full', { max: number(v.maxLines ?? 0) }),
    ),
    keyboard,
  };
}

/**
 * Which limit the order would pass and how much is left under it; nothing
 * when it fits. When not even one fits, a lower quantity cannot help: the
 * limit is said to be used up, with when a day or month one starts afresh.
 */
function overLimitLines(v: ViewContext, limit: LimitVerdict | undefined, unitPrice: number): (ReturnType<typeof bold> | string)[] {
  if (!limit || limit.ok) return [];
  if (limit.budget) return overBudgetLines(v, limit, limit.budget);
  const money = (n: number) => showAmount(v, n);
  const amounts = { cap: money(limit.cap), left: money(limit.left) };
  if (limit.left >= unitPrice) return [bold(v.t(`summary-over-limit-${limit.limit}`, amounts)), v.t('summary-over-limit-hint')];
  // A sentence of its own: the zone is named, as a staff member elsewhere reads the day in theirs.
  const resets = limit.resetsAt === undefined || limit.resetsAt === null ? null : showDateTimeWithZone(v, limit.resetsAt);
  const used = bold(v.t(`summary-limit-used-${limit.limit}`, { ...amounts, rest: limit.left > 0 ? 'some' : 'none' }));
  // With nothing left, no product is cheap enough: only waiting for the new period or a higher limit helps.
  const hint = limit.left > 0 ? 'summary-limit-used-hint' : 'summary-limit-used-up-hint';
  return [used, resets === null ? null : v.t('summary-limit-resets', { when: resets }), v.t(hint)].filter((line) => line !== null);
}

/**
 * An order refused by its cost centre's budget: whose budget, what the
 * month already holds and what this order adds; the way out is another
 * cost centre, a smaller order or a higher budget, not the person's limit.
 */
function overBudgetLines(v: ViewContext, limit: Extract<LimitVerdict, { ok: false }>, over: BudgetRefusal): (ReturnType<typeof bold> | string)[] {
  const money = (n: number) => showAmount(v, n);
  const figures = { centre: over.centre, budget: money(limit.cap), used: money(over.spent + over.committed), spent: money(over.spent), committed: money(over.committed), total: money(over.total), left: money(limit.left) };
  const resets = limit.resetsAt === undefined || limit.resetsAt === null ? null : showDateTimeWithZone(v, limit.resetsAt);
  return [bold(v.t('summary-over-budget', figures)), v.t('summary-over-budget-figures', figures), resets === null ? null : v.t('summary-budget-resets', { when: resets }), v.t('summary-over-budget-hint')].filter((line) => line !== null);
}

/** Where the summary cannot offer Confirm: look again, change something, or leave. */
function checkAgainKeyboard(v: ViewContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(v.t('btn-check-again'), data(ACTION.refresh))
    .row()
    .text(v.t('btn-edit'), data(ACTION.edit))
    .text(v.t('btn-cancel'), data(ACTION.cancel))
    .style(STOPS);
}

/** Instead of the summary while ordering is paused: why, and no Confirm. The draft is kept. */
export function pausedView(v: ViewContext, pause: { source: PauseSource; reason: string | null }, notice: Notice): Outgoing {
  return {
    text: joinLines(
      v.sandbox ? bold(v.t('sandbox-badge')) : null,
      notice,
      bold(v.t(`order-paused-${pause.source}`)),
      // The provider's refusal is quoted as its own words; an administrator's reason is theirs to word.
      pause.reason ? v.t(pause.source === 'provider' ? 'provider-said' : 'order-paused-reason', { reason: clip(pause.reason, 500), text: clip(pause.reason, 500) }) : null,
      v.t('order-paused-kept'),
    ),
    keyboard: checkAgainKeyboard(v),
  };
}

/** The summary could not be checked with the provider: say why, offer to check again, no Confirm. */
export function uncheckedView(v: ViewContext, reason: string, notice: Notice): Outgoing {
  return {
    text: joinLines(v.sandbox ? bold(v.t('sandbox-badge')) : null, notice, v.t('summary-check-failed', { reason })),
    keyboard: checkAgainKeyboard(v),
  };
}
