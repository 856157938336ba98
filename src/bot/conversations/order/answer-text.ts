import { checkFieldValue, checkQuantity } from '../../../orders/field-validation.js';
import { fieldProblemText } from '../../../orders/field-problem-text.js';
import type { Translate } from '../../../text/i18n.js';
import { normaliseDigits } from '../../../text/digits.js';
import type { BatchOffer } from '../../batch-offer.js';
import { answerField, chooseQuantity, chosenRegion, currentField, maxQuantity, searchProducts, type Draft, type Step as DraftStep } from './draft.js';

export type Step = DraftStep;

/** What a typed message makes of the order: the draft, a line saying why an answer was refused, and a batch to offer instead. */
interface Answered {
  draft: Draft;
  notice: string | null;
  offer?: BatchOffer;
}

/**
 * A typed message at the current step: a search at the catalog steps, a
 * quantity, or a field's answer. Refused answers keep the step and say why.
 */
export function answerText(
  draft: Draft,
  step: Step,
  text: string,
  perItemLimit: number,
  t: Translate,
): Answered {
  switch (step) {
    case 'category':
    case 'product': {
      const query = text.trim();
      return query ? { draft: searchProducts(draft, query), notice: null } : { draft, notice: null };
    }
    case 'quantity': {
      const checked = checkQuantity(text, maxQuantity(draft, perItemLimit));
      if (checked.ok) return { draft: chooseQuantity(draft, checked.value), notice: null };
      if (checked.reason === 'too-large') return { draft, ...tooLarge(draft, text, checked.max, perItemLimit, t) };
      return { draft, notice: t(checked.reason === 'too-small' ? 'order-quantity-too-small' : 'order-quantity-not-a-number') };
    }
    case 'field': {
      const field = currentField(draft);
      if (!field) return { draft, notice: null };
      const checked = checkFieldValue(field, text);
      if (checked.ok) return { draft: answerField(draft, field.fieldId, checked.value), notice: null };
      return { draft, notice: `${fieldProblemText(checked, t)} ${t('field-try-again')}` };
    }
    default:
      return { draft, notice: t('order-use-buttons') };
  }
}

/**
 * More than one order may hold, with the stock for it: a batch places that
 * many as several orders with one Confirm, so the notice offers one, with a
 * button (a file to fill in where each order needs its own answers).
 */
function tooLarge(draft: Draft, text: string, max: number, perItemLimit: number, t: Translate): Omit<Answered, 'draft'> {
  const refused = t('order-quantity-too-large', { max });
  const wanted = Number(normaliseDigits(text.trim()));
  const region = chosenRegion(draft);
  const product = draft.product;
  if (!product || !region || max < perItemLimit || wanted > region.stock) return { notice: refused };
  if (product.requiredFields.length > 0) return { notice: `${refused}\n${t('order-quantity-batch-file')}`, offer: { kind: 'file', productId: product.id } };
  // The region is named only where there is a choice, as /batch asks it.
  const regionPropertyId = product.regionProperties.length > 1 ? region.regionPropertyId : null;
  return { notice: `${refused}\n${t('order-quantity-batch')}`, offer: { kind: 'quantity', productId: product.id, quantity: wanted, regionPropertyId } };
}
