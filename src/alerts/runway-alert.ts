import { z } from 'zod';
import type { AppStateStore } from '../db/app-state-store.js';
import { defineSetting, type SettingChange } from '../db/settings-store.js';
import type { Logger } from '../logger.js';
import type { Runway } from '../runway/forecast.js';
import type { RunwayReader } from '../runway/runway-reader.js';
import { runwayDays, runwayText } from '../runway/runway-text.js';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';
import { formatNumber } from '../text/format.js';
import type { Locale } from '../text/i18n.js';
import { showAmount, type ReaderView } from '../text/presentation.js';
import type { AdminAlerts } from './admin-alerts.js';

/** Administrators are told when the wallet lasts fewer days than this at the recent pace; null: no alert. */
export const RUNWAY_ALERT_DAYS = defineSetting('runway.alert-days', z.number().int().min(1).max(365).nullable(), 3);

/** Once told, the runway must be back at this many days or more before a new fall is news: a quarter more, at least a day. */
export const runwayRearmDays = (days: number): number => days + Math.max(1, Math.ceil(days / 4));

const STATE_KEY = 'runway.state';
const stateSchema = z.object({ short: z.boolean() });

/** The administrators' alert, in one reader's language. */
export function runwayAlertText(v: Pick<ReaderView, 't' | 'locale' | 'timeZone' | 'amountUnit'>, figures: { runway: Extract<Runway, { kind: 'lasts' }>; balance: number; threshold: number }): string {
  return [
    v.t('runway-alert', { threshold: runwayDays(v, figures.threshold), balance: showAmount(v, figures.balance) }),
    runwayText(v, figures.runway),
    v.t('runway-alert-tail'),
  ].join('\n');
}

/** What a runway just worked out means, given whether administrators were told. Pure. */
function judgeRunway(short: boolean, threshold: number | null, runway: Runway): { short: boolean; tell: boolean } {
  // No alert set, or nothing spent lately: the wallet is not running out.
  if (threshold === null || runway.kind === 'no-spend') return { short: false, tell: false };
  if (runway.days < threshold) return { short: true, tell: !short };
  if (short && runway.days < runwayRearmDays(threshold)) return { short: true, tell: false };
  return { short: false, tell: false };
}

export interface RunwayWatch {
  /** A balance just read from the provider: tells administrators when its runway fell under the setting. Never throws. */
  observe(balance: number): Promise<void>;
  threshold(): number | null;
  /** null turns the alert off. Audited by the settings store. */
  setThreshold(value: number | null, actorId: number): Promise<SettingChange<number | null>>;
}

export function createRunwayWatch(deps: {
  state: Pick<AppStateStore, 'update'>;
  reader: RunwayReader;
  settings: Settings;
  alerts: Pick<AdminAlerts, 'alert'>;
  render: (locale: Locale, figures: { runway: Extract<Runway, { kind: 'lasts' }>; balance: number; threshold: number }) => string;
  logger: Logger;
}): RunwayWatch {
  const { settings } = deps;
  return {
    async observe(balance) {
      try {
        const threshold = settings.read(RUNWAY_ALERT_DAYS);
        if (threshold === null) return;
        const runway = await deps.reader.of(balance);
        // The copy of the wallet was never read: nothing is known of the pace yet.
        if (runway === null) return;
        // One transaction moves the state: two balances read together announce one fall.
        const tell = await deps.state.update<unknown, boolean>(STATE_KEY, (current) => {
          const stored = stateSchema.safeParse(current);
          const short = stored.success ? stored.data.short : false;
          const next = judgeRunway(short, threshold, runway);
          return next.short === short ? { result: next.tell } : { next: { short: next.short }, result: next.tell };
        });
        if (!tell || runway.kind !== 'lasts') return;
        deps.logger.warn({ balance, days: Math.round(runway.days * 10) / 10, threshold }, 'the wallet runs out within the runway alert’s days');
        // quietMs 0: the stored state already decides when this is said again.
        await deps.alerts.alert('runway', (locale) => deps.render(locale, { runway, balance, threshold }), { quietMs: 0 });
      } catch (error) {
        deps.logger.error({ err: error instanceof Error ? error.name : String(error) }, 'runway check failed');
      }
    },
    threshold: () => settings.read(RUNWAY_ALERT_DAYS),
    setThreshold: (value, actorId) => settings.write(RUNWAY_ALERT_DAYS, value, actorId),
  };
}

/** The setting as /settings lists it. */
export function runwaySetting(watch: Pick<RunwayWatch, 'threshold'>): ListedSetting {
  return {
    labelKey: 'settings-runway',
    show: (v) => {
      const value = watch.threshold();
      return value === null ? v.t('settings-off') : v.t('runway-days', { count: value, days: formatNumber(value, v.locale) });
    },
    how: ({ t }) => t('settings-runway-how'),
  };
}
