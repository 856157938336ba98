import type { ProductDetail } from '../../../provider/schemas.js';
import { cartLines, openLine, withLineProduct } from './cart.js';
import { chosenRegion, hasRegionChoice, type Draft } from './draft.js';

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

/** What the fresh reads changed, per line of cartLines; `regionGone` names the line whose region the provider no longer offers. */
export interface CartChanges {
  lines: QuoteChanges[];
  regionGone: { index: number; title: string } | null;
}

export function cartHasChanges(changes: CartChanges): boolean {
  return changes.regionGone !== null || changes.lines.some(hasChanges);
}

/**
 * Every line of the order on its fresh detail (`fresh[i]` for line i of
 * cartLines). A line whose region is gone is put on screen to choose one
 * again; the other lines keep their fresh numbers.
 */
export function refreshCart(draft: Draft, fresh: readonly ProductDetail[]): { draft: Draft; changes: CartChanges } {
  let next = draft;
  const lines: QuoteChanges[] = [];
  for (const [index, line] of cartLines(draft).entries()) {
    const detail = fresh[index];
    if (!detail) {
      lines.push(NO_CHANGES);
      continue;
    }
    const alone: Draft = { ...draft, step: 'summary', product: line.product, regionPropertyId: line.regionPropertyId, quantity: line.quantity, fieldValues: line.fieldValues, editing: false };
    const refreshed = refreshQuote(alone, detail);
    lines.push(refreshed.changes);
    if (refreshed.changes.regionGone !== null) {
      const opened = openLine(next, index) ?? next;
      return { draft: refreshQuote({ ...opened, step: 'summary' }, detail).draft, changes: { lines, regionGone: { index, title: refreshed.changes.regionGone } } };
    }
    next = withLineProduct(next, index, detail);
  }
  return { draft: next, changes: { lines, regionGone: null } };
}
