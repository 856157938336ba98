import type { AdminAlerts } from '../alerts/admin-alerts.js';
import type { StatementView } from '../bot/statement/statement-text.js';
import { lateAlertText } from '../bot/statement/month-close-text.js';
import type { Clock } from '../clock.js';
import type { Stores } from '../db/stores.js';
import type { AdminChange } from '../domain/approvals.js';
import type { LedgerSync } from '../ledger/ledger-sync.js';
import { createMonthClose, type MonthClose } from '../ledger/month-close.js';
import { readStatement } from '../ledger/statement-reader.js';
import type { Logger } from '../logger.js';
import type { AdminRequestRow } from '../db/admin-request-store.js';
import type { Locale } from '../text/i18n.js';
import { formatId } from '../text/format.js';
import type { ListedSetting } from '../settings/settings-registry.js';

/** The /settings line of the finance chat: set in the environment, never from a chat, since the CSVs go there. */
export function financeChatSetting(financeChatId: number | null): ListedSetting {
  return {
    labelKey: 'settings-finance-chat',
    show: ({ t, locale }) => (financeChatId === null ? t('settings-finance-chat-none') : formatId(financeChatId, locale)),
    how: ({ t }) => t('settings-finance-chat-how'),
  };
}

export interface MonthCloseServices {
  months: MonthClose;
  /** What dual control runs when a second administrator confirms a close: throws, closing nothing, when the month may not be closed now. */
  closeConfirmed(change: Extract<AdminChange, { kind: 'month-close' }>, request: AdminRequestRow, confirmedBy: number): Promise<void>;
  /** Tells the administrators, once each, of transactions dated in a closed month that reached the wallet after its close. */
  tellLateEntries(): Promise<void>;
}

/** Closing months of the wallet statement, composed on the stores and the wallet's local copy. */
export function createMonthCloseServices(deps: {
  stores: Pick<Stores, 'monthClose' | 'ledger'>;
  sync: Pick<LedgerSync, 'syncNow' | 'filled' | 'syncedAt'>;
  alerts: Pick<AdminAlerts, 'alert'>;
  viewFor: (locale: Locale) => StatementView;
  clock: Clock;
  logger: Logger;
}): MonthCloseServices {
  const { stores, clock } = deps;
  const logger = deps.logger.child({ component: 'month-close' });
  const months = createMonthClose({
    store: stores.monthClose,
    read: (span) => readStatement({ store: stores.ledger, sync: deps.sync, clock, logger }, span),
    clock,
    logger,
  });
  return {
    months,
    async closeConfirmed(change, request, confirmedBy) {
      const outcome = await months.close({ month: change.month, from: change.from, to: change.to }, { requestedBy: request.requesterId, confirmedBy, requestedAt: request.createdAt.getTime() });
      if (outcome.kind !== 'done') throw new Error(`the month starting ${change.month} cannot be closed now (${outcome.kind})`);
    },
    async tellLateEntries() {
      for (const { month, entries } of await months.lateNews()) {
        const span = { month: month.month, from: month.fromAt, to: month.toAt };
        for (const entry of entries) {
          logger.warn({ month: month.month, transaction: entry.id, amount: entry.amount }, 'a transaction dated in a closed month arrived after its close');
          await deps.alerts.alert(`statement.late:${month.month}:${entry.id}`, (locale) => lateAlertText(deps.viewFor(locale), span, entry), { quietMs: 0 });
        }
      }
    },
  };
}
