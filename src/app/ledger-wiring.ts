import type { AdminAlerts } from '../alerts/admin-alerts.js';
import type { Clock } from '../clock.js';
import type { Stores } from '../db/stores.js';
import { createLedgerSync, type LedgerSync } from '../ledger/ledger-sync.js';
import { statementFromCopy, type StatementCases } from '../ledger/statement-reader.js';
import { caseOverdueDaysSetting } from '../ledger/case-overdue-setting.js';
import type { Statement } from '../ledger/statement.js';
import type { MonthSoFar } from '../runway/top-up-draft.js';
import { createWalletWatch, type WalletNews, type WalletWatch } from '../ledger/wallet-watch.js';
import type { Logger } from '../logger.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import type { ProviderClient } from '../provider/client.js';
import type { Settings } from '../settings/settings-view.js';
import { formatId } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { LocalPeriods } from '../text/local-periods.js';
import { type Presentation, readerViewOf, showAmount, showDateTime } from '../text/presentation.js';

export interface LedgerServices {
  sync: LedgerSync;
  watch: WalletWatch;
  /**
   * How many exceptions this month's statement has, from the local copy
   * (no request), or null before the copy was first filled. Worked out at
   * most once a minute: /balance and the digest ask often, the answer moves slowly.
   */
  openExceptions(): Promise<number | null>;
  /** The cases a statement weighs: refunds of reported codes, and cases open past the setting. */
  statementCases: StatementCases;
  /** This month's statement so far from the local copy (no request), as a top-up request shows it; null before the copy was first filled. */
  monthSoFar(): Promise<MonthSoFar | null>;
}

const EXCEPTIONS_FRESH_MS = 60_000;

/** The wallet's local copy, its watch and the open-exceptions count, composed on the stores and the provider. */
export function createLedgerServices(deps: {
  /** How the deployment shows amounts and times to the administrators the watch alerts. */
  presentation: Presentation;
  stores: Stores;
  provider: Pick<ProviderClient, 'listTransactions'>;
  settings: Pick<Settings, 'read'>;
  alerts: Pick<AdminAlerts, 'alert'>;
  pauses: Pick<OrderingPauseStore, 'pause'>;
  periods: LocalPeriods;
  translate: (locale: Locale) => Translate;
  clock: Clock;
  logger: Logger;
}): LedgerServices {
  const { stores, periods, clock } = deps;
  let remembered: { at: number; count: number | null } | null = null;
  const logger = deps.logger.child({ component: 'wallet-watch' });
  // Back to the start of last month: this month's statement and last month's both have their opening balance.
  const copy = createLedgerSync({ provider: deps.provider, store: stores.ledger, appState: stores.appState, fillFrom: () => periods.startOfMonth(periods.startOfMonth(clock.now()) - 1), clock, logger });
  // Whatever a pass keeps may change the month's exceptions: the remembered count is worked out again.
  const sync: LedgerSync = {
    ...copy,
    async syncNow(options) {
      const result = await copy.syncNow(options);
      if (result.kept > 0) remembered = null;
      return result;
    },
  };
  const render = (locale: Locale, news: WalletNews): string => {
    const t = deps.translate(locale);
    const v = readerViewOf(deps.presentation, locale, t);
    const { entry } = news;
    const words = {
      transaction: formatId(entry.id, locale),
      amount: showAmount(v, entry.amount),
      at: entry.at === null ? (entry.createdAt ?? '?') : showDateTime(v, entry.at),
      providerOrder: entry.providerOrderId === null ? '-' : formatId(entry.providerOrderId, locale),
      description: (entry.description ?? '-').slice(0, 120),
    };
    if (news.kind === 'history-replaced') {
      const { listed } = news;
      return t('wallet-history-replaced-alert', {
        ...words,
        listedAmount: showAmount(v, listed.amount),
        listedAt: listed.at === null ? (listed.createdAt ?? '?') : showDateTime(v, listed.at),
      });
    }
    if (news.kind === 'large-credit') return t('wallet-large-credit-alert', words);
    if (news.kind === 'unknown-type') return t('wallet-unknown-type-alert', { ...words, type: entry.type.slice(0, 40) });
    return [t('wallet-foreign-debit-alert', words), news.paused ? t('wallet-foreign-debit-paused') : null].filter(Boolean).join('\n');
  };
  // A refund of a reported code is no exception, and a case open too long is one: the same cases /statement weighs.
  const statementCases: StatementCases = { store: stores.codeCases, overdueDays: () => deps.settings.read(caseOverdueDaysSetting) };
  const watch = createWalletWatch({ sync, store: stores.ledger, settings: deps.settings, pauses: deps.pauses, alerts: deps.alerts, audit: stores.auditTrail, render, clock, logger });

  /** This month's statement from the local copy; null before the copy was first filled. */
  async function thisMonth(now: number): Promise<Statement | null> {
    const filled = await sync.filled();
    if (!filled) return null;
    const span = { from: periods.startOfMonth(now), to: periods.startOfNextMonth(now) };
    return statementFromCopy(stores.ledger, span, { copyFrom: filled.from, syncedAt: (await sync.syncedAt()) ?? filled.at, now }, statementCases);
  }

  async function openExceptions(): Promise<number | null> {
    const now = clock.now();
    if (remembered && now - remembered.at < EXCEPTIONS_FRESH_MS) return remembered.count;
    const count = (await thisMonth(now))?.exceptions.length ?? null;
    remembered = { at: now, count };
    return count;
  }

  async function monthSoFar(): Promise<MonthSoFar | null> {
    const statement = await thisMonth(clock.now());
    if (!statement) return null;
    return {
      from: statement.from,
      opening: statement.opening,
      credits: statement.credits.total,
      debits: statement.debits.total,
      closing: statement.closing,
      exceptions: statement.exceptions.length,
      spent: statement.debits.total - statement.credits.refunds,
    };
  }
  return { sync, watch, openExceptions, monthSoFar, statementCases };
}
