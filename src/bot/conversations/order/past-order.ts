import type { OrderRow } from '../../../db/order-store.js';
import type { ProductDetail } from '../../../provider/schemas.js';
import { newDraft, resumeIncomplete, type CartLine, type Draft } from './draft.js';
import type { FavouriteLine } from '../../../domain/favourite.js';

/**
 * What "Order again" carries into the order conversation: the choices of a
 * stored order, as plain data (it is kept with the conversation's state).
 * Prices and stock are not among them: the summary reads them afresh.
 */
export interface PastOrder {
  /** The order's name as the staff member knows it: the provider's reference, or our #id. */
  name: string;
  /** One per product, in the order's order. */
  lines: PastLine[];
  /** How its changes are worded: a past order's number (absent), or a favourite's name. */
  words?: 'favourite';
  /** What the past order was for: its cost centre (retired ones too) and, for Order again, its note; absent when it named none. */
  purpose?: KeptPurpose;
}

/** The cost centre (and note) an order repeated was for: the new order is for the same, unless that cost centre was retired since. */
export interface KeptPurpose {
  costCentreId: number;
  note: string | null;
}

/** A past order's line to order again: the same choices a favourite keeps (a favourite is a past order kept). */
export type PastLine = FavouriteLine;

export function pastOrderOf(row: Pick<OrderRow, 'id' | 'providerReference' | 'lines' | 'costCentreId' | 'purposeNote'>): PastOrder {
  return {
    name: row.providerReference ?? `#${row.id}`,
    ...(row.costCentreId === null ? {} : { purpose: { costCentreId: row.costCentreId, note: row.purposeNote } }),
    lines: row.lines.map((line) => ({
      productId: line.product.id,
      title: line.product.title,
      regionPropertyId: line.region.regionPropertyId,
      quantity: line.quantity,
      // An erased answer (src/safeguards/retention/) is asked again, never sent empty.
      fieldValues: Object.fromEntries(line.fields.filter((field) => field.erasedAfterDays === undefined).map((field) => [String(field.fieldId), field.value])),
      unitPrice: line.region.price,
    })),
  };
}

/**
 * Why the new order cannot go straight to the summary, if it cannot:
 * the product or its region is no longer offered, or the product now asks
 * a required question the past order has no answer to. 'product-hidden'
 * (administrators hid it) is left out like a gone one; the caller says so.
 */
export type PastOrderChange = { kind: 'product-gone' } | { kind: 'product-hidden' } | { kind: 'region-gone' } | { kind: 'fields-changed' } | null;

/**
 * The draft of a new order with the past order's choices on the product as
 * the provider describes it now (`product` null: it is gone). Answers are
 * kept by field id; a field the product no longer asks is dropped, an
 * optional one it newly asks counts as skipped. Anything missing leads to
 * the step that asks for it, and from there back to the summary.
 */
export function draftFromPastOrder(past: PastLine, product: ProductDetail | null): { draft: Draft; change: PastOrderChange } {
  if (!product || product.id !== past.productId || product.regionProperties.length === 0) {
    return { draft: newDraft(), change: { kind: 'product-gone' } };
  }
  const fieldValues: Record<string, string> = {};
  let unanswered = false;
  for (const field of product.requiredFields) {
    const answer = past.fieldValues[String(field.fieldId)];
    if (answer !== undefined) fieldValues[String(field.fieldId)] = answer;
    else if (!field.required) fieldValues[String(field.fieldId)] = '';
    else unanswered = true;
  }
  const regionAsked = past.regionPropertyId === null;
  const regionKept = product.regionProperties.some((r) => r.regionPropertyId === past.regionPropertyId);
  const draft: Draft = {
    ...newDraft(),
    step: 'summary',
    categoryId: product.categoryId,
    product,
    regionPropertyId: regionKept ? past.regionPropertyId : null,
    quantity: past.quantity,
    fieldValues,
  };
  // The same rule the summary applies to any draft: the first missing answer is asked, then the summary follows.
  const resumed = resumeIncomplete(draft);
  if (!regionKept && !regionAsked) return { draft: resumed, change: { kind: 'region-gone' } };
  return { draft: resumed, change: unanswered ? { kind: 'fields-changed' } : null };
}

/** A line of a past order that cannot go straight to the summary, and why (its index in the past order). */
export interface PastLineChange {
  index: number;
  change: NonNullable<PastOrderChange>;
}

/**
 * The draft of a new order with every line of a past one, each on its
 * product as the provider describes it now (`products[i]` for line i, null
 * when gone). A gone product's line is left out; the first line that lacks
 * a region or an answer is put on screen at the step that asks for it (the
 * summary then leads to the next such line); otherwise the summary.
 */
export function cartFromPastOrder(past: PastOrder, products: readonly (ProductDetail | null)[]): { draft: Draft; changes: PastLineChange[] } {
  const started = past.lines.map((line, index) => ({ index, ...draftFromPastOrder(line, products[index] ?? null) }));
  const changes = started.filter((s) => s.change !== null).map((s) => ({ index: s.index, change: s.change! }));
  const kept = started.filter((s) => s.change?.kind !== 'product-gone');
  if (kept.length === 0) return { draft: newDraft(), changes };
  const pending = kept.findIndex((s) => s.change !== null);
  const focus = pending >= 0 ? pending : kept.length - 1;
  const lineOf = (draft: Draft): CartLine => ({
    product: draft.product!,
    regionPropertyId: draft.regionPropertyId ?? 0,
    quantity: draft.quantity ?? 0,
    fieldValues: draft.fieldValues,
  });
  const shown = kept[focus]!.draft;
  return {
    draft: { ...shown, cart: kept.filter((_, i) => i !== focus).map((s) => lineOf(s.draft)), slot: focus },
    changes,
  };
}
