import type { AskOutcome } from '../../../safeguards/step-up/step-up.js';
import { STEP_UP_CODE_VALID_MS } from '../../../safeguards/step-up/step-up.js';
import { formatNumber } from '../../../text/format.js';
import { showAmount, showDateTimeWithZone } from '../../../text/presentation.js';
import type { ViewContext } from './views.js';

/**
 * What the summary says when Confirm needs a step-up code: the order it
 * is for (its total), how long the code may take, or why none can be
 * taken (no authenticator yet, one waiting for approval, locked out).
 */
export function orderStepUpNotice(view: ViewContext, asked: Exclude<AskOutcome, { kind: 'pass' }>, total: number): string {
  const { t, locale } = view;
  switch (asked.kind) {
    case 'asked':
      return t('step-up-ask', {
        what: t('step-up-what-order', { total: showAmount(view, total) }),
        minutes: formatNumber(STEP_UP_CODE_VALID_MS / 60_000, locale),
      });
    case 'locked':
      return t('step-up-locked', { when: showDateTimeWithZone(view, asked.until) });
    case 'no-key':
      return t('step-up-no-key');
    case 'waiting-approval':
      return t('step-up-waiting');
    case 'not-enrolled':
      return t('step-up-not-enrolled');
  }
}
