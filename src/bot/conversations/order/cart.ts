import { cartOf, chosenRegion, focusLast, isComplete, newDraft, resumeIncomplete, type CartLine, type Draft } from './draft.js';

/**
 * The order's lines, one per product. The draft keeps the finished lines in
 * `cart` and the line on screen (being put together or changed) in its own
 * fields, standing at `slot` among them, so that every step of one product
 * works as it did before orders had several. These pure functions move a
 * line in and out of that place.
 */

/** The line on screen as a finished line; null until it is complete. */
function currentLine(draft: Draft): CartLine | null {
  const region = chosenRegion(draft);
  if (!draft.product || !region || draft.quantity === null || !isComplete(draft)) return null;
  return { product: draft.product, regionPropertyId: region.regionPropertyId, quantity: draft.quantity, fieldValues: draft.fieldValues };
}

function slotOf(draft: Draft): number {
  return Math.max(0, Math.min(draft.slot ?? cartOf(draft).length, cartOf(draft).length));
}

/** Every line of the order in the order shown: the finished ones with the line on screen in its place, once complete. */
export function cartLines(draft: Draft): CartLine[] {
  const cart = cartOf(draft);
  const current = currentLine(draft);
  if (!current) return cart;
  const slot = slotOf(draft);
  return [...cart.slice(0, slot), current, ...cart.slice(slot)];
}

/** Where the line on screen stands in cartLines, or null when it is not complete (not a line yet). */
export function currentIndex(draft: Draft): number | null {
  return currentLine(draft) ? slotOf(draft) : null;
}

export function lineCount(draft: Draft): number {
  return cartLines(draft).length;
}

/** The index in cartLines of the line of this product, if the order has one. */
export function lineIndexOfProduct(draft: Draft, productId: number): number | null {
  const index = cartLines(draft).findIndex((line) => line.product.id === productId);
  return index < 0 ? null : index;
}

/** Whether another product may be added: the provider takes at most `maxLines` products in one order. */
export function canAddLine(draft: Draft, maxLines: number): boolean {
  return lineCount(draft) < maxLines;
}

/** "Add another product": the line on screen joins the others and the categories are shown; the cart is kept. */
export function addAnother(draft: Draft): Draft {
  const cart = cartLines(draft);
  return {
    ...newDraft(),
    categoryPage: draft.categoryPage,
    cart,
    slot: cart.length,
    // One cost centre for the whole order: a product added is not asked again.
    ...(draft.purpose ? { purpose: draft.purpose } : {}),
  };
}

/**
 * Puts line `index` (of cartLines) on screen at the line's menu (step
 * 'edit'), the line that was there going back among the others. Null for
 * an index the order does not have.
 */
export function openLine(draft: Draft, index: number): Draft | null {
  const lines = cartLines(draft);
  const line = lines[index];
  if (!Number.isInteger(index) || !line) return null;
  return onScreen(draft, line, [...lines.slice(0, index), ...lines.slice(index + 1)], index, 'edit');
}

/**
 * Removes the line on screen. The order goes on at its summary with the
 * line that took its place; removing the last line starts at the categories.
 */
export function removeCurrent(draft: Draft): Draft {
  const cart = cartOf(draft);
  if (cart.length === 0) return { ...newDraft(), categoryPage: draft.categoryPage };
  const slot = Math.min(slotOf(draft), cart.length - 1);
  return onScreen(draft, cart[slot]!, cart.filter((_, i) => i !== slot), slot, 'summary');
}

/**
 * The order without the lines of these products (administrators hid them):
 * at the summary of what is left, its last line on screen, or at the
 * categories when nothing is. An order without them is returned unchanged.
 */
export function withoutProducts(draft: Draft, productIds: readonly number[]): Draft {
  const lines = cartLines(draft);
  const kept = lines.filter((line) => !productIds.includes(line.product.id));
  if (kept.length === lines.length) return draft;
  if (kept.length === 0) return { ...newDraft(), categoryPage: draft.categoryPage };
  return onScreen(draft, kept.at(-1)!, kept.slice(0, -1), kept.length - 1, 'summary');
}

function onScreen(draft: Draft, line: CartLine, others: CartLine[], slot: number, step: Draft['step']): Draft {
  return {
    ...draft,
    step,
    search: null,
    product: line.product,
    regionPropertyId: line.regionPropertyId,
    quantity: line.quantity,
    fieldValues: line.fieldValues,
    fieldIndex: 0,
    editing: false,
    cart: others,
    slot,
  };
}

/** The draft of one line alone, as the steps of one product know it. */
function lineDraft(draft: Draft, line: CartLine): Draft {
  return { ...draft, product: line.product, regionPropertyId: line.regionPropertyId, quantity: line.quantity, fieldValues: line.fieldValues, cart: [], slot: 0 };
}

/** A finished line still has its region and every required answer (a repeated order may lack them). */
export function lineComplete(draft: Draft, line: CartLine): boolean {
  return isComplete(lineDraft(draft, line));
}

/**
 * The step that still needs an answer, in whichever line lacks one, so that
 * a summary never shows (nor confirms) an incomplete line. A complete order
 * is returned unchanged.
 */
export function resumeCart(draft: Draft): Draft {
  const current = currentIndex(draft);
  const lacking = cartLines(draft).findIndex((line, index) => index !== current && !lineComplete(draft, line));
  if (lacking < 0 || !isComplete(draft)) return resumeIncomplete(draft);
  const opened = openLine(draft, lacking);
  return opened ? resumeIncomplete({ ...opened, step: 'summary' }) : draft;
}

/** "Back to the order" from the categories: the line on screen if it is one, else the last line. */
export function backToCart(draft: Draft): Draft {
  return currentLine(draft) ? { ...draft, step: 'summary', search: null, editing: false } : focusLast(draft);
}
