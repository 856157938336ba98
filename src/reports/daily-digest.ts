import { z } from 'zod';
import type { AdminRecipient } from '../alerts/admin-alerts.js';
import type { LocalPeriods } from '../text/local-periods.js';
import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { defineSetting } from '../db/settings-store.js';
import type { Settings } from '../settings/settings-view.js';
import type { Locale, Translate } from '../text/i18n.js';
import { digestReport, digestText, type DigestFacts } from './digest-text.js';
import type { Report } from '../text/rich/report.js';
import { formatLocalDate } from './local-dates.js';
import type { ReportQueries } from '../db/report-queries.js';
import { type Presentation, readerViewOf } from '../text/presentation.js';
import type { CostCentreStore } from '../db/cost-centre-store.js';
import { costCentreSpend, type CostCentreSpend } from './cost-centre-spend.js';
import type { Runway } from '../runway/forecast.js';

/** The local hour (0–23, in TIME_ZONE) at which administrators get the digest of the day before; null is off. */
export const digestHourSetting = defineSetting('digest.hour', z.number().int().min(0).max(23).nullable(), null);

/** The start of the local day whose digest was last sent (the digest reports on the day before it). */
const LAST_SENT_KEY = 'digest.last-sent-day';
const HOUR_MS = 3_600_000;

export interface DailyDigest {
  /** Sends the digest when its hour has come and it has not been sent today; a missed hour sends it late, once. */
  run(): Promise<void>;
  hour(): number | null;
  /** Stores the hour (audited); the first digest comes at the next such hour, never at once. */
  setHour(hour: number | null, actorId: number): Promise<void>;
}

export function createDailyDigest(deps: {
  state: Pick<AppStateStore, 'update'>;
  settings: Settings;
  queries: Pick<ReportQueries, 'figuresByPerson' | 'figuresByCostCentre' | 'returnedBetween' | 'needingAction'>;
  /** The cost centres orders name (retired ones too), for the day's spend per cost centre; absent, the digest leaves it out. */
  costCentres?: Pick<CostCentreStore, 'byIds'>;
  provider: Pick<ProviderClient, 'getBalance'>;
  periods: LocalPeriods;
  /** How the deployment shows amounts and days; each administrator reads it in their language. */
  presentation: Presentation;
  recipients: () => AdminRecipient[] | Promise<AdminRecipient[]>;
  sendText: (chatId: number, text: string) => Promise<void>;
  /** Sends a long report rich where the Bot API server takes it (rich-report.ts); absent, the digest goes as plain text through sendText. */
  sendReport?: (chatId: number, report: Report) => Promise<void>;
  translate: (locale: Locale) => Translate;
  describePerson: (id: number) => string;
  /** Exceptions in this month's wallet statement (src/ledger), or null when not known; absent, not mentioned. */
  walletExceptions?: () => Promise<number | null>;
  /** Delivered codes not handed over that expire soon (src/expiry/expiring-soon.ts); absent, not mentioned. */
  expiringCodes?: () => Promise<{ count: number; lastDay: number }>;
  /** How long a balance lasts at the recent pace (src/runway/); absent, not mentioned. */
  runway?: (balance: number) => Promise<Runway | null>;
  clock: Clock;
  logger: Logger;
}): DailyDigest {
  const { clock, periods } = deps;

  /**
   * The start of the latest local day whose digest hour has passed. On a
   * day the clocks change the hour is counted from midnight, so it may
   * come an hour early or late that day.
   */
  const latestDueDay = (now: number, hour: number): number => {
    const today = periods.startOfDay(now);
    return now >= today + hour * HOUR_MS ? today : periods.startOfDay(today - 1);
  };

  /** Claims the day in one serialised update: a digest goes out at most once, even if two runs (or two instances) meet. */
  const claim = (day: number): Promise<boolean> =>
    deps.state.update<number, boolean>(LAST_SENT_KEY, (last) => (last !== null && last >= day ? { result: false } : { next: day, result: true }));

  async function readBalance(): Promise<number | null> {
    try {
      return (await deps.provider.getBalance({ priority: 'background' })).balance;
    } catch (error) {
      deps.logger.warn({ err: error instanceof Error ? error.name : String(error) }, 'digest: balance not read');
      return null;
    }
  }

  /** The day's spend per cost centre, or null when no order of the day named one (or cost centres are not wired). */
  async function spendPerCostCentre(range: { from: number; to: number }): Promise<CostCentreSpend | null> {
    if (!deps.costCentres) return null;
    const figures = await deps.queries.figuresByCostCentre(range);
    const ids = figures.flatMap((figure) => (figure.costCentreId === null ? [] : [figure.costCentreId]));
    return ids.length === 0 ? null : costCentreSpend(figures, await deps.costCentres.byIds(ids));
  }

  return {
    hour: () => deps.settings.read(digestHourSetting),
    async setHour(hour, actorId) {
      await deps.settings.write(digestHourSetting, hour, actorId);
      // Marking the hour already passed today as done: setting 9 at 15:00 starts tomorrow at 9, not now.
      if (hour !== null) await claim(latestDueDay(clock.now(), hour));
    },
    async run() {
      const hour = deps.settings.read(digestHourSetting);
      if (hour === null) return;
      const day = latestDueDay(clock.now(), hour);
      // Claimed before sending: a crash while sending loses that day's digest rather than sending it twice.
      if (!(await claim(day))) return;
      const range = { from: periods.startOfDay(day - 1), to: day };
      const balance = await readBalance();
      const facts: DigestFacts = {
        day: formatLocalDate(range.from, deps.presentation.timeZone),
        dayStart: range.from,
        people: await deps.queries.figuresByPerson(range),
        costCentres: await spendPerCostCentre(range),
        returned: await deps.queries.returnedBetween(range),
        needingAction: await deps.queries.needingAction(),
        balance,
        runway: balance === null ? null : await deps.runway?.(balance).catch(() => null),
        walletExceptions: await deps.walletExceptions?.().catch(() => null),
        expiring: await deps.expiringCodes?.().catch(() => null),
      };
      const recipients = await deps.recipients();
      for (const admin of recipients) {
        const view = { ...readerViewOf(deps.presentation, admin.locale, deps.translate(admin.locale)), describePerson: deps.describePerson };
        const sent = deps.sendReport ? deps.sendReport(admin.telegramId, digestReport(facts, view)) : deps.sendText(admin.telegramId, digestText(facts, view));
        await sent.catch((error: unknown) =>
          deps.logger.warn({ adminId: admin.telegramId, err: error instanceof Error ? error.name : String(error) }, 'digest not delivered'),
        );
      }
      deps.logger.info({ day: facts.day, recipients: recipients.length }, 'daily digest sent');
    },
  };
}
