import type { AdminAlerts } from '../alerts/admin-alerts.js';
import { createRunwayWatch, runwayAlertText, runwaySetting, type RunwayWatch } from '../alerts/runway-alert.js';
import type { Clock } from '../clock.js';
import type { Stores } from '../db/stores.js';
import type { Logger } from '../logger.js';
import { createRunwayReader, type RunwayReader } from '../runway/runway-reader.js';
import { topUpReceivedText } from '../runway/top-up-draft.js';
import { createTopUpWatch, type TopUpWatch } from '../runway/top-up-watch.js';
import type { ListedSetting } from '../settings/settings-registry.js';
import type { Settings } from '../settings/settings-view.js';
import type { Locale } from '../text/i18n.js';
import type { LocalPeriods } from '../text/local-periods.js';
import type { ReaderView } from '../text/presentation.js';

export interface RunwayServices {
  /** How long a balance lasts at the recent pace, from the wallet's local copy. */
  reader: RunwayReader;
  /** The administrators' alert when the runway falls under the setting; fed every balance read. */
  watch: RunwayWatch;
  /** Open top-up requests matched to the credits the wallet watch keeps. */
  topUps: TopUpWatch;
  setting: ListedSetting;
}

/** The runway, its alert and the top-up requests' watch, composed on the stores. */
export function createRunwayServices(deps: {
  stores: Pick<Stores, 'ledger' | 'appState' | 'topUps'>;
  /** Where the wallet's local copy starts, once first filled (the ledger services' sync). */
  filled: () => Promise<{ from: number } | null>;
  periods: LocalPeriods;
  settings: Settings;
  alerts: Pick<AdminAlerts, 'alert'>;
  viewFor: (locale: Locale) => ReaderView;
  localeOf: (telegramId: number) => Locale;
  sendText: (chatId: number, text: string) => Promise<void>;
  clock: Clock;
  logger: Logger;
}): RunwayServices {
  const { stores, clock } = deps;
  const logger = deps.logger.child({ component: 'runway' });
  const reader = createRunwayReader({ store: stores.ledger, filled: deps.filled, periods: deps.periods, clock });
  const watch = createRunwayWatch({ state: stores.appState, reader, settings: deps.settings, alerts: deps.alerts, render: (locale, figures) => runwayAlertText(deps.viewFor(locale), figures), logger });
  const topUps = createTopUpWatch({
    store: stores.topUps,
    ledger: stores.ledger,
    async tell(request, credit) {
      const runway = credit.balanceAfter === null ? null : await reader.of(credit.balanceAfter).catch(() => null);
      const text = topUpReceivedText(deps.viewFor(deps.localeOf(request.requestedBy)), request, runway);
      await deps.sendText(request.requestedBy, text).catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.name : String(error), request: request.id }, 'top-up received: the requester could not be told'));
    },
    clock,
    logger,
  });
  return { reader, watch, topUps, setting: runwaySetting(watch) };
}
