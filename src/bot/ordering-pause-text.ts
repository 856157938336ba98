import type { OrderingPause } from '../db/ordering-pause-store.js';
import { showDateTimeWithZone, type ReaderView } from '../text/presentation.js';

/** One paragraph saying that ordering is paused, since when, by whom and why. */
export function pauseStatusText(v: Pick<ReaderView, 't' | 'locale' | 'timeZone'>, pause: Pick<OrderingPause, 'source' | 'reason' | 'since'>): string {
  const variables = { since: showDateTimeWithZone(v, pause.since), reason: pause.reason ?? v.t('ordering-pause-no-reason') };
  return v.t(`ordering-paused-by-${pause.source}`, variables);
}
