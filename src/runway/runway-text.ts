import { formatNumber } from '../text/format.js';
import { showAmount, showDay, type ReaderView } from '../text/presentation.js';
import type { Runway } from './forecast.js';

type RunwayReader = Pick<ReaderView, 't' | 'locale' | 'timeZone' | 'amountUnit'>;

/** "4 days", «۴ روز»: whole days, as the forecast is no finer than that. */
export function runwayDays(v: RunwayReader, days: number): string {
  const whole = Math.max(1, Math.round(days));
  return v.t('runway-days', { count: whole, days: formatNumber(whole, v.locale) });
}

/** One line: how long the wallet lasts at the recent pace, to which day; or that nothing was spent to go by. */
export function runwayText(v: RunwayReader, runway: Runway): string {
  if (runway.kind === 'no-spend') return v.t('runway-no-spend');
  const perDay = showAmount(v, runway.perDay);
  if (runway.days <= 0) return v.t('runway-empty', { perDay });
  if (runway.days < 1) return v.t('runway-within-day', { perDay });
  return v.t('runway-lasts', { days: runwayDays(v, runway.days), date: showDay(v, runway.runsOutAt), perDay });
}

/**
 * The runway as /balance and the digest show it, under the balance: none
 * when there is no pace to go by (a fresh install, a quiet month), where a
 * line saying so would be read every day for nothing. /runway, asked
 * outright, says why there is none.
 */
export function runwayLine(v: RunwayReader, runway: Runway | null | undefined): string | null {
  return runway && runway.kind === 'lasts' ? runwayText(v, runway) : null;
}
