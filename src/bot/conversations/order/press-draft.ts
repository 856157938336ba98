import { ACTION, numericValue, type Pressed } from './actions.js';
import { addAnother, backToCart, openLine } from './cart.js';
import { answerField, back, chooseCategory, chooseQuantity, chooseRegion, currentField, editStep, maxQuantity, type Draft } from './draft.js';
import { editTargetOf } from './press-guard.js';

/**
 * The presses that only move the draft: no read, no notice, no message.
 * The conversation handles the rest (a product read, Cancel, Confirm).
 */
export function pressOnDraft(draft: Draft, pressed: Pressed, perItemLimit: number): Draft {
  const id = numericValue(pressed);
  switch (pressed.action) {
    case ACTION.back:
      return back(draft);
    case ACTION.category:
      return id === null ? draft : chooseCategory(draft, id);
    case ACTION.categoryPage:
      return id === null ? draft : { ...draft, categoryPage: id };
    case ACTION.productPage:
      return id === null ? draft : { ...draft, productPage: id };
    case ACTION.region:
      return id === null ? draft : chooseRegion(draft, id);
    case ACTION.quantity:
      return id !== null && id >= 1 && id <= maxQuantity(draft, perItemLimit) ? chooseQuantity(draft, id) : draft;
    case ACTION.skip: {
      const field = currentField(draft);
      return field && !field.required ? answerField(draft, field.fieldId, '') : draft;
    }
    case ACTION.edit:
      return { ...draft, step: 'edit' };
    case ACTION.editTarget: {
      const target = editTargetOf(pressed.value);
      return target ? editStep(draft, target) : draft;
    }
    case ACTION.addLine:
      return addAnother(draft);
    case ACTION.editLine:
      return id === null ? draft : (openLine(draft, id - 1) ?? draft);
    case ACTION.toCart:
      return backToCart(draft);
    default:
      // Refresh, and anything else: the step is shown again on fresh numbers.
      return draft;
  }
}
