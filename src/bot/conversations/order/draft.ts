import type { ProductDetail, RegionProperty, RequiredField } from '../../../provider/schemas.js';
import type { Purpose } from './purpose-step.js';

/**
 * The order being put together, as plain data. The conversation keeps one
 * draft and moves it between steps with the pure functions below, so the
 * navigation rules (Back, Edit, skipping the region step) are testable
 * without Telegram.
 */
export type Step = 'category' | 'product' | 'region' | 'quantity' | 'field' | 'summary' | 'edit' | 'purpose' | 'note';

export interface Draft {
  step: Step;
  /** The browsed category; null while showing search results. */
  categoryId: number | null;
  search: string | null;
  categoryPage: number;
  productPage: number;
  product: ProductDetail | null;
  regionPropertyId: number | null;
  quantity: number | null;
  /** Answers by fieldId (as a string key, to stay JSON-friendly). */
  fieldValues: Record<string, string>;
  fieldIndex: number;
  /** Set while changing one answer from the summary: the next step is the summary again. */
  editing: boolean;
  /**
   * The other lines of the order, complete (see cart.ts). The fields above
   * are the line being put together or changed; it stands at `slot` among
   * them. Absent in drafts stored before orders had several lines.
   */
  cart?: CartLine[];
  slot?: number;
  /** What the whole order is for (purpose-step.ts); absent where it was not asked. */
  purpose?: Purpose;
}

/** A finished line of the order: what is needed to show it, change it and quote it again. */
export interface CartLine {
  /** The product's detail as last read: titles, regions (price, stock) and questions. */
  product: ProductDetail;
  regionPropertyId: number;
  quantity: number;
  /** Answers by fieldId; '' for a skipped optional one. */
  fieldValues: Record<string, string>;
}

export function cartOf(draft: Draft): CartLine[] {
  return draft.cart ?? [];
}

/** What one finished line costs at the price it holds. */
function cartLineTotal(line: CartLine): number {
  const region = line.product.regionProperties.find((r) => r.regionPropertyId === line.regionPropertyId);
  return (region?.price ?? 0) * line.quantity;
}

/**
 * Makes the last finished line the one on screen again, at the summary
 * (after a removal, or Back from the categories while adding a product).
 * A draft without finished lines starts at the categories.
 */
export function focusLast(draft: Draft): Draft {
  const cart = cartOf(draft);
  const last = cart.at(-1);
  if (!last) return { ...newDraft(), categoryPage: draft.categoryPage };
  return {
    ...draft,
    step: 'summary',
    search: null,
    product: last.product,
    regionPropertyId: last.regionPropertyId,
    quantity: last.quantity,
    fieldValues: last.fieldValues,
    fieldIndex: 0,
    editing: false,
    cart: cart.slice(0, -1),
    slot: cart.length - 1,
  };
}

export function newDraft(): Draft {
  return {
    step: 'category',
    categoryId: null,
    search: null,
    categoryPage: 1,
    productPage: 1,
    product: null,
    regionPropertyId: null,
    quantity: null,
    fieldValues: {},
    fieldIndex: 0,
    editing: false,
    cart: [],
    slot: 0,
  };
}

export function chosenRegion(draft: Draft): RegionProperty | null {
  return draft.product?.regionProperties.find((r) => r.regionPropertyId === draft.regionPropertyId) ?? null;
}

/** What the order costs at the prices it holds: every finished line, and the line on screen once its region and quantity are chosen. */
export function draftTotal(draft: Draft): number {
  const current = (chosenRegion(draft)?.price ?? 0) * (draft.quantity ?? 0);
  return cartOf(draft).reduce((sum, line) => sum + cartLineTotal(line), current);
}

export function currentField(draft: Draft): RequiredField | null {
  return draft.product?.requiredFields[draft.fieldIndex] ?? null;
}

/** The fields the order needs answers for: those the provider marks required, and optional ones too (they may be skipped). */
function fieldsOf(draft: Draft): RequiredField[] {
  return draft.product?.requiredFields ?? [];
}

/** Regions that show a choice: a product with one region skips the step. */
export function hasRegionChoice(product: ProductDetail): boolean {
  return product.regionProperties.length > 1;
}

/** Largest quantity that can be ordered now: stock and the provider's per-item limit. */
export function maxQuantity(draft: Draft, perItemLimit: number): number {
  const region = chosenRegion(draft);
  return Math.max(0, Math.min(region?.stock ?? 0, perItemLimit));
}

export function chooseCategory(draft: Draft, categoryId: number): Draft {
  return { ...draft, step: 'product', categoryId, search: null, productPage: 1 };
}

export function searchProducts(draft: Draft, query: string): Draft {
  return { ...draft, step: 'product', categoryId: null, search: query, productPage: 1 };
}

/** A freshly fetched product: previous region, quantity and answers belong to another product. */
export function chooseProduct(draft: Draft, product: ProductDetail): Draft {
  const base: Draft = { ...draft, product, regionPropertyId: null, quantity: null, fieldValues: {}, fieldIndex: 0, editing: false };
  if (hasRegionChoice(product)) return { ...base, step: 'region' };
  const only = product.regionProperties[0];
  return { ...base, step: 'quantity', regionPropertyId: only?.regionPropertyId ?? null };
}

export function chooseRegion(draft: Draft, regionPropertyId: number): Draft {
  const changed = regionPropertyId !== draft.regionPropertyId;
  const next: Draft = { ...draft, regionPropertyId };
  // A different region may have less stock: ask for the quantity again.
  if (draft.editing && !changed && draft.quantity !== null) return { ...next, step: 'summary', editing: false };
  return { ...next, step: 'quantity', quantity: changed ? null : draft.quantity };
}

export function chooseQuantity(draft: Draft, quantity: number): Draft {
  const next: Draft = { ...draft, quantity };
  if (draft.editing) return { ...next, step: 'summary', editing: false };
  return firstFieldOrSummary(next);
}

export function answerField(draft: Draft, fieldId: number, value: string): Draft {
  const next: Draft = { ...draft, fieldValues: { ...draft.fieldValues, [String(fieldId)]: value } };
  if (draft.editing) return { ...next, step: 'summary', editing: false };
  const following = draft.fieldIndex + 1;
  if (following < fieldsOf(draft).length) return { ...next, step: 'field', fieldIndex: following };
  return { ...next, step: 'summary' };
}

function firstFieldOrSummary(draft: Draft): Draft {
  return fieldsOf(draft).length > 0 ? { ...draft, step: 'field', fieldIndex: 0 } : { ...draft, step: 'summary' };
}

/**
 * Back goes one step towards the start. While editing from the summary it
 * returns there, unless the change left the order incomplete (a different
 * region clears the quantity): a summary without a quantity must not appear.
 */
export function back(draft: Draft): Draft {
  if (draft.editing && isComplete(draft)) return { ...draft, step: 'summary', editing: false };
  switch (draft.step) {
    case 'category':
      // Adding a product to an order that has lines: Back returns to its summary.
      return cartOf(draft).length > 0 && draft.product === null ? focusLast(draft) : draft;
    case 'product':
      return { ...draft, step: 'category', search: null };
    case 'region':
      return { ...draft, step: 'product' };
    case 'quantity':
      return { ...draft, step: draft.product && hasRegionChoice(draft.product) ? 'region' : 'product' };
    case 'field':
      return draft.fieldIndex > 0 ? { ...draft, fieldIndex: draft.fieldIndex - 1 } : { ...draft, step: 'quantity' };
    case 'note':
      return { ...draft, step: 'purpose' };
    case 'purpose':
    case 'summary': {
      const count = fieldsOf(draft).length;
      return count > 0 ? { ...draft, step: 'field', fieldIndex: count - 1 } : { ...draft, step: 'quantity' };
    }
    case 'edit':
      return { ...draft, step: 'summary' };
  }
}

export type EditTarget = { kind: 'product' } | { kind: 'region' } | { kind: 'quantity' } | { kind: 'field'; index: number } | { kind: 'purpose' };

/** From the summary's Edit menu to the chosen step. Changing the product starts the choice again. */
export function editStep(draft: Draft, target: EditTarget): Draft {
  switch (target.kind) {
    case 'product':
      return { ...draft, step: 'product', editing: false };
    case 'region':
      return { ...draft, step: 'region', editing: true };
    case 'quantity':
      return { ...draft, step: 'quantity', editing: true };
    case 'field':
      return { ...draft, step: 'field', fieldIndex: target.index, editing: true };
    case 'purpose':
      // The cost centre and the note of the whole order, asked again; the note typed before is kept until replaced.
      return draft.purpose ? { ...draft, step: 'purpose', editing: false, purpose: { ...draft.purpose, done: false } } : draft;
  }
}

/** Everything the summary needs is present and consistent. */
export function isComplete(draft: Draft): boolean {
  const region = chosenRegion(draft);
  if (!draft.product || !region || draft.quantity === null) return false;
  return fieldsOf(draft).every((f) => !f.required || draft.fieldValues[String(f.fieldId)] !== undefined);
}

/**
 * The step that still needs an answer in a draft that is not complete, so
 * that a summary is never shown (nor confirmed) without everything in it.
 * A complete draft is returned unchanged.
 */
export function resumeIncomplete(draft: Draft): Draft {
  if (isComplete(draft)) return draft;
  const product = draft.product;
  if (!product) return cartOf(draft).length > 0 ? focusLast(draft) : { ...draft, step: 'category', editing: false };
  if (!chosenRegion(draft)) {
    if (product.regionProperties.length === 0) return { ...draft, step: 'product', editing: false };
    return hasRegionChoice(product)
      ? { ...draft, step: 'region', regionPropertyId: null, editing: true }
      : { ...draft, step: 'quantity', regionPropertyId: product.regionProperties[0]!.regionPropertyId, editing: true };
  }
  if (draft.quantity === null) return { ...draft, step: 'quantity', editing: true };
  const missing = fieldsOf(draft).findIndex((f) => f.required && draft.fieldValues[String(f.fieldId)] === undefined);
  return { ...draft, step: 'field', fieldIndex: Math.max(0, missing), editing: true };
}
