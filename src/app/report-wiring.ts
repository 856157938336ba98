import type { AdminRecipient } from '../alerts/admin-alerts.js';
import type { AdminRoute } from '../admin-group/admin-routing.js';
import type { Clock } from '../clock.js';
import type { Stores } from '../db/stores.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { createDailyDigest, type DailyDigest } from '../reports/daily-digest.js';
import { createOrderFeed, type OrderFeed } from '../reports/order-feed.js';
import type { SettingsView } from '../settings/settings-view.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { LocalPeriods } from '../text/local-periods.js';
import type { Presentation } from '../text/presentation.js';
import type { Report } from '../text/rich/report.js';
import type { Runway } from '../runway/forecast.js';

/** The order feed and the daily digest, composed on the stores: what administrators are sent without asking. */
export async function createReports(deps: {
  /** How the deployment shows amounts and days to the administrators these go to. */
  presentation: Presentation;
  stores: Pick<Stores, 'reports' | 'appState' | 'costCentres'>;
  settings: SettingsView;
  provider: Pick<ProviderClient, 'getBalance'>;
  periods: LocalPeriods;
  /** Where the feed and the digest go: the administrators, or their group's feed topic (src/admin-group/admin-routing.ts). */
  feedRoute: AdminRoute;
  translate: (locale: Locale) => Translate;
  describePerson: (id: number) => string;
  /** The wallet statement's open exceptions, for the digest. */
  walletExceptions: () => Promise<number | null>;
  /** Delivered codes not handed over that expire soon (src/expiry/expiring-soon.ts), for the digest. */
  expiringCodes: () => Promise<{ count: number; lastDay: number }>;
  /** How long a balance lasts at the recent pace, for the digest. */
  runway: (balance: number) => Promise<Runway | null>;
  clock: Clock;
  logger: Logger;
}): Promise<{ orderFeed: OrderFeed; dailyDigest: DailyDigest }> {
  const { stores, settings, logger } = deps;
  const senders = { recipients: deps.feedRoute.recipients, sendText: deps.feedRoute.sendText, translate: deps.translate, describePerson: deps.describePerson, presentation: deps.presentation, clock: deps.clock };
  const orderFeed = await createOrderFeed({ queries: stores.reports, state: stores.appState, costCentres: stores.costCentres, settings, ...senders, logger: logger.child({ component: 'feed' }) });
  const dailyDigest = createDailyDigest({
    state: stores.appState,
    settings,
    queries: stores.reports,
    costCentres: stores.costCentres,
    provider: deps.provider,
    periods: deps.periods,
    walletExceptions: deps.walletExceptions,
    expiringCodes: deps.expiringCodes,
    runway: deps.runway,
    sendReport: deps.feedRoute.sendReport,
    ...senders,
    logger: logger.child({ component: 'digest' }),
  });
  return { orderFeed, dailyDigest };
}
