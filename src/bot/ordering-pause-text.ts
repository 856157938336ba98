import type { OrderingPause } from '../db/ordering-pause-store.js';
import { formatDateTimeWithZone } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';

/** One paragraph saying that ordering is paused, since when, by whom and why. */
export function pauseStatusText(t: Translate, locale: Locale, timeZone: string, pause: Pick<OrderingPause, 'source' | 'reason' | 'since'>): string {
  const variables = { since: formatDateTimeWithZone(pause.since, locale, timeZone), reason: pause.reason ?? t('ordering-pause-no-reason') };
  return t(`ordering-paused-by-${pause.source}`, variables);
}
