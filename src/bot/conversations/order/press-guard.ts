import { ACTION, numericValue, type Pressed } from './actions.js';
import { canAddLine, lineCount } from './cart.js';
import { chosenRegion, currentField, hasRegionChoice, isComplete, maxQuantity, type Draft, type EditTarget, type Step } from './draft.js';

/**
 * The buttons each step shows. A press of anything else on the current menu
 * cannot come from a keyboard we sent: it is forged (or from a client that
 * kept a stale keyboard) and leads nowhere.
 */
const OFFERED: Record<Step, readonly string[]> = {
  category: [ACTION.category, ACTION.categoryPage, ACTION.toCart, ACTION.favourite, ACTION.pick, ACTION.cancel],
  product: [ACTION.product, ACTION.productPage, ACTION.back, ACTION.cancel],
  region: [ACTION.region, ACTION.soldOut, ACTION.back, ACTION.cancel],
  quantity: [ACTION.quantity, ACTION.star, ACTION.back, ACTION.cancel],
  field: [ACTION.skip, ACTION.back, ACTION.cancel],
  summary: [ACTION.confirm, ACTION.refresh, ACTION.edit, ACTION.addLine, ACTION.editLine, ACTION.back, ACTION.cancel],
  edit: [ACTION.editTarget, ACTION.removeLine, ACTION.back, ACTION.cancel],
  purpose: [ACTION.costCentre, ACTION.skipPurpose, ACTION.back, ACTION.cancel],
  note: [ACTION.skipPurpose, ACTION.back, ACTION.cancel],
};

interface PressContext {
  perItemLimit: number;
  /** Whether the summary on screen carries a Confirm button (fresh numbers, not paused, nothing short). */
  confirmOffered: boolean;
  /** The most lines one order may hold; no limit when not given. */
  maxLines?: number;
}

/** Whether a press fits the draft: its step offers the button and its value is one that step showed. */
export function acceptsPress(draft: Draft, pressed: Pressed, context: PressContext): boolean {
  if (!OFFERED[draft.step].includes(pressed.action)) return false;
  const id = numericValue(pressed);
  switch (pressed.action) {
    case ACTION.category:
    case ACTION.categoryPage:
    case ACTION.product:
    case ACTION.productPage:
      return id !== null && (pressed.action === ACTION.category || pressed.action === ACTION.product || id >= 1);
    case ACTION.region: {
      const region = draft.product?.regionProperties.find((r) => r.regionPropertyId === id);
      return region !== undefined && region.stock > 0;
    }
    case ACTION.quantity:
      return id !== null && id >= 1 && id <= maxQuantity(draft, context.perItemLimit);
    case ACTION.skip: {
      const field = currentField(draft);
      return field !== null && !field.required;
    }
    case ACTION.editTarget: {
      const target = editTargetOf(pressed.value);
      return target !== null && editTargetAllowed(draft, target);
    }
    case ACTION.confirm:
      return context.confirmOffered && isComplete(draft);
    case ACTION.addLine:
      return pressed.value === null && isComplete(draft) && canAddLine(draft, context.maxLines ?? Infinity);
    case ACTION.editLine:
      // Line numbers are those the summary on screen listed: 1 to the number of lines.
      return id !== null && id >= 1 && id <= lineCount(draft);
    case ACTION.removeLine:
      return pressed.value === null && isComplete(draft);
    case ACTION.toCart:
      return pressed.value === null && lineCount(draft) > 0;
    case ACTION.favourite:
    case ACTION.pick:
      // Offered only on a fresh order; whose it is and whether it still exists is read at the press.
      return id !== null && id >= 1 && lineCount(draft) === 0 && draft.product === null;
    case ACTION.star:
      return (pressed.value === null || pressed.value === 'team') && draft.product !== null;
    case ACTION.costCentre:
      // Whether it is still offered is read at the press (purpose-step.ts).
      return id !== null && id >= 1;
    case ACTION.skipPurpose:
    case ACTION.soldOut:
    case ACTION.refresh:
    case ACTION.edit:
    case ACTION.back:
    case ACTION.cancel:
      return pressed.value === null;
    default:
      return false;
  }
}

/** Edit targets are those the Edit menu lists for this draft; it is only reached from a complete summary. */
function editTargetAllowed(draft: Draft, target: EditTarget): boolean {
  if (draft.step !== 'edit' || !isComplete(draft) || !chosenRegion(draft)) return false;
  switch (target.kind) {
    case 'product':
    case 'quantity':
      return true;
    case 'region':
      return draft.product !== null && hasRegionChoice(draft.product);
    case 'purpose':
      return draft.purpose !== undefined;
    case 'field':
      return Number.isInteger(target.index) && target.index >= 0 && target.index < (draft.product?.requiredFields.length ?? 0);
  }
}

export function editTargetOf(value: string | null): EditTarget | null {
  if (value === 'p') return { kind: 'product' };
  if (value === 'r') return { kind: 'region' };
  if (value === 'q') return { kind: 'quantity' };
  if (value === 'c') return { kind: 'purpose' };
  const match = value?.match(/^f([0-9]{1,3})$/);
  return match ? { kind: 'field', index: Number(match[1]) } : null;
}
