import type { Translate } from '../text/i18n.js';
import type { FieldProblem } from './field-validation.js';

/** Why an answer to a field was refused, in the reader's language: the order conversation and a batch's file say it alike. */
export function fieldProblemText(problem: FieldProblem, t: Translate): string {
  switch (problem.reason) {
    case 'too-short':
      return t('field-too-short', { min: problem.min });
    case 'phone-length':
      return t('field-phone-length', { min: problem.min, max: problem.max, digits: problem.digits });
    case 'too-long':
      // Our own limit names the kind of answer it is for; the provider's is worded as before.
      return t(problem.rule === 'provider' ? 'field-too-long' : `field-too-long-${problem.rule}`, { max: problem.max });
    default:
      return t(`field-${problem.reason}`);
  }
}
