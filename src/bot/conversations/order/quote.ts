import type { ProductDetail } from '../../../provider/schemas.js';
import { cartLines, lineComplete, openLine } from './cart.js';
import { cartOf, chosenRegion, hasRegionChoice, type Draft } from './draft.js';

/**
 * What the provider's fresh product detail changed in a draft, against the
 * numbers the staff member last saw. Only changes that alter what Confirm
 * would buy are reported: a stock that still covers the quantity is not one.
 */
export interface QuoteChanges {
  price: { from: number; to: number } | null;
  /** Set when the stock no longer covers the quantity. */
  stock: { from: number; to: number } | null;
  /** Title of the chosen region when the provider no longer offers it. */
  regionGone: string | null;
}

export const NO_CHANGES: QuoteChanges = { price: null, stock: null, regionGone: null };

export function hasChanges(changes: QuoteChanges): boolean {
  return changes.price !== null || changes.stock !== null || changes.regionGone !== null;
}

/**
 * The draft with the fresh product detail in place of the one read when the
 * product was picked, so that the summary, and then the order, carry the
 * price the provider quotes now. A region that is gone sends the staff
 * member back to choose one; their answers are kept and the summary follows.
 */
export function refreshQuote(draft: Draft, fresh: ProductDetail): { draft: Draft; changes: QuoteChanges } {
  const before = chosenRegion(draft);
  const quantity = draft.quantity ?? 0;
  const next: Draft = { ...draft, product: fresh };
  const after = chosenRegion(next);
  if (before && !after) {
    return { draft: chooseRegionAgain(next), changes: { ...NO_CHANGES, regionGone: before.title ?? '—' } };
  }
  if (!before || !after) return { draft: next, changes: NO_CHANGES };
  return {
    draft: next,
    changes: {
      price: after.price !== before.price ? { from: before.price, to: after.price } : null,
      stock: after.stock < quantity ? { from: before.stock, to: after.stock } : null,
      regionGone: null,
    },
  };
}

function chooseRegionAgain(draft: Draft): Draft {
  const product = draft.product!;
  // Editing, so that the new region and quantity lead back to the summary, not through every question again.
  const base: Draft = { ...draft, regionPropertyId: null, quantity: null, editing: true };
  if (product.regionProperties.length === 0) return { ...base, step: 'product', editing: false };
  if (hasRegionChoice(product)) return { ...base, step: 'region' };
  return { ...base, step: 'quantity', regionPropertyId: product.regionProperties[0]!.regionPropertyId };
}

/**
 * What the fresh reads changed, per line of cartLines; `regionGone` names
 * the line whose region the provider no longer offers, `asksMore` the first
 * line whose product now asks a question it has no answer to.
 */
interface CartChanges {
  lines: QuoteChanges[];
  regionGone: { index: number; title: string } | null;
  asksMore: { index: number } | null;
}

export function cartHasChanges(changes: CartChanges): boolean {
  return changes.regionGone !== null || changes.asksMore !== null || changes.lines.some(hasChanges);
}

/**
 * Every line of the order on its fresh detail. Each line takes the detail
 * of its own product, found by id, never by position: a line that the fresh
 * detail leaves unfinished (a new required question) drops out of
 * cartLines, and positions counted after it would hand a product's detail
 * to another line. A line whose region is gone is put on screen to choose
 * one again; the other lines keep their fresh numbers.
 */
export function refreshCart(draft: Draft, fresh: readonly (ProductDetail | null)[]): { draft: Draft; changes: CartChanges } {
  const byId = new Map(fresh.filter((detail): detail is ProductDetail => detail !== null).map((detail) => [detail.id, detail]));
  const lines = cartLines(draft);
  const changes = lines.map((line) => {
    const detail = byId.get(line.product.id);
    if (!detail) return NO_CHANGES;
    const alone: Draft = { ...draft, step: 'summary', product: line.product, regionPropertyId: line.regionPropertyId, quantity: line.quantity, fieldValues: line.fieldValues, editing: false };
    return refreshQuote(alone, detail).changes;
  });
  const gone = changes.findIndex((change) => change.regionGone !== null);
  if (gone >= 0) {
    // The line goes on screen on the detail it had, so that refreshQuote sees its region go and asks for another.
    const opened = openLine(draft, gone) ?? draft;
    const others: Draft = { ...opened, cart: withFreshProducts(opened, byId).cart };
    const regionGone = { index: gone, title: changes[gone]!.regionGone! };
    return { draft: refreshQuote({ ...others, step: 'summary' }, byId.get(lines[gone]!.product.id)!).draft, changes: { lines: changes, regionGone, asksMore: null } };
  }
  const next = withFreshProducts(draft, byId);
  const unanswered = lines.findIndex((line) => !lineComplete(next, { ...line, product: byId.get(line.product.id) ?? line.product }));
  return { draft: next, changes: { lines: changes, regionGone: null, asksMore: unanswered >= 0 ? { index: unanswered } : null } };
}

/** The draft with every line, the one on screen too, on the fresh detail of its own product. */
function withFreshProducts(draft: Draft, byId: ReadonlyMap<number, ProductDetail>): Draft {
  return {
    ...draft,
    product: draft.product ? (byId.get(draft.product.id) ?? draft.product) : null,
    cart: cartOf(draft).map((line) => ({ ...line, product: byId.get(line.product.id) ?? line.product })),
  };
}
