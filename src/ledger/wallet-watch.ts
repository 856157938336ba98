import type { AdminAlerts } from '../alerts/admin-alerts.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../clock.js';
import type { AuditTrail } from '../db/audit-trail.js';
import type { OrderingPauseStore } from '../db/ordering-pause-store.js';
import { transactionDirection } from '../provider/transaction-shape.js';
import type { Settings } from '../settings/settings-view.js';
import type { Locale } from '../text/i18n.js';
import type { LedgerEntry, LedgerInput, LedgerStore, LedgerVerdict } from '../db/ledger-store.js';
import { LedgerHistoryReplacedError, type LedgerSync } from './ledger-sync.js';
import { largeCreditSetting, pauseOnForeignDebitSetting } from './wallet-watch-settings.js';

/** News of the wallet administrators hear once per transaction. */
export type WalletNews =
  | { kind: 'foreign-debit'; entry: LedgerEntry; paused: boolean }
  | { kind: 'large-credit'; entry: LedgerEntry }
  | { kind: 'unknown-type'; entry: LedgerEntry }
  /** The provider lists a kept transaction's id with other content: the wallet's history was replaced. */
  | { kind: 'history-replaced'; entry: LedgerEntry; listed: LedgerInput };

const WALLET_FOREIGN_DEBIT = 'wallet.foreign_debit';
const WALLET_LARGE_CREDIT = 'wallet.large_credit';
const WALLET_UNKNOWN_TYPE = 'wallet.unknown_type';

/**
 * How long a debit is held back for an order of the same amount still
 * learning its provider id. Reconciliation settles an unknown outcome in
 * minutes; past this, silence would cost more than a false alarm.
 */
export const HOLD_FOR_UNSETTLED_MS = 15 * 60_000;

/** Entries judged per pass: far more than a minute brings, and a bound on one pass's work. */
const JUDGED_PER_PASS = 500;

export interface WalletWatch {
  /** One look: the newest transactions read, and each new one judged. Never throws for the provider's sake: logged. */
  tick(): Promise<void>;
}

/**
 * The watch on the wallet. The key is shared with whoever holds it and with
 * the provider's panel, so a debit that no giftdesk order accounts for is
 * the one sign a company gets that someone else is spending: administrators
 * hear of it once per debit (audited), and ordering pauses when the setting
 * says so. A debit is held back while an order of the same amount waits for
 * reconciliation to learn its provider id (that debit is probably ours),
 * for at most HOLD_FOR_UNSETTLED_MS. A transaction of a type the contract
 * does not name (neither DEBIT nor CREDIT) is news too: it may have moved
 * money in a way nothing else here counts.
 */
export function createWalletWatch(deps: {
  sync: Pick<LedgerSync, 'syncNow'>;
  store: LedgerStore;
  settings: Pick<Settings, 'read'>;
  pauses: Pick<OrderingPauseStore, 'pause'>;
  alerts: Pick<AdminAlerts, 'alert'>;
  audit: AuditTrail;
  render: (locale: Locale, news: WalletNews) => string;
  clock: Clock;
  logger: Logger;
}): WalletWatch {
  const { store, clock, logger } = deps;

  async function tell(entry: LedgerEntry, verdict: LedgerVerdict): Promise<void> {
    // The one instance whose verdict lands tells; any other finds it written.
    if (!(await store.judge(entry.id, verdict, clock.now()))) return;
    const facts = { transaction: entry.id, providerOrder: entry.providerOrderId, description: entry.description?.slice(0, 120) ?? null, createdAt: entry.createdAt };
    if (verdict === 'foreign-debit') {
      const paused = deps.settings.read(pauseOnForeignDebitSetting);
      // An earlier pause stays in force (and keeps its reason): ordering is paused either way.
      if (paused) await deps.pauses.pause({ source: 'wallet', reason: `debit ${entry.id}`, by: null });
      logger.error({ transaction: entry.id, amount: entry.amount, providerOrder: entry.providerOrderId, paused }, 'a wallet debit that no giftdesk order accounts for');
      await deps.audit.record({ actorId: null, action: WALLET_FOREIGN_DEBIT, orderId: null, amount: entry.amount, facts: { ...facts, paused } });
      await deps.alerts.alert(`wallet:${entry.id}`, (locale) => deps.render(locale, { kind: 'foreign-debit', entry, paused }), { quietMs: 0 });
    } else if (verdict === 'unknown-type') {
      // Neither a debit nor a credit as the contract names them: what it did to the wallet is unknown, so it is news.
      logger.warn({ transaction: entry.id, amount: entry.amount, type: entry.type.slice(0, 40) }, 'a wallet transaction of a type giftdesk does not know');
      await deps.audit.record({ actorId: null, action: WALLET_UNKNOWN_TYPE, orderId: null, amount: entry.amount, facts: { ...facts, type: entry.type.slice(0, 40) } });
      await deps.alerts.alert(`wallet:${entry.id}`, (locale) => deps.render(locale, { kind: 'unknown-type', entry }), { quietMs: 0 });
    } else {
      logger.warn({ transaction: entry.id, amount: entry.amount }, 'a large wallet credit that is no refund of a giftdesk order');
      await deps.audit.record({ actorId: null, action: WALLET_LARGE_CREDIT, orderId: null, amount: entry.amount, facts });
      await deps.alerts.alert(`wallet:${entry.id}`, (locale) => deps.render(locale, { kind: 'large-credit', entry }), { quietMs: 0 });
    }
  }

  async function judgeNew(): Promise<void> {
    const entries = await store.unjudged(JUDGED_PER_PASS);
    if (entries.length === 0) return;
    const ids = [...new Set(entries.flatMap((entry) => (entry.providerOrderId === null ? [] : [entry.providerOrderId])))];
    const ours = new Set((await store.ordersByProviderIds(ids)).map((order) => order.providerOrderId));
    let waiting: number[] | null = null;
    const largeCredit = deps.settings.read(largeCreditSetting);
    for (const entry of entries) {
      const direction = transactionDirection(entry);
      const isOurs = entry.providerOrderId !== null && ours.has(entry.providerOrderId);
      if (isOurs) {
        await store.judge(entry.id, 'ours', clock.now());
      } else if (direction === 'debit') {
        waiting ??= await store.unsettledPostTotals();
        if (waiting.includes(entry.amount) && clock.now() - entry.seenAt < HOLD_FOR_UNSETTLED_MS) continue;
        await tell(entry, 'foreign-debit');
      } else if (direction === null) {
        await tell(entry, 'unknown-type');
      } else if (direction === 'credit' && largeCredit !== null && entry.amount >= largeCredit) {
        await tell(entry, 'large-credit');
      } else {
        await store.judge(entry.id, 'quiet', clock.now());
      }
    }
  }

  return {
    async tick() {
      try {
        await deps.sync.syncNow();
      } catch (error) {
        // The process is stopping (its reads are aborted): no news, and whoever takes the work over looks again.
        if (error instanceof Error && error.name === 'AbortError') return;
        if (error instanceof LedgerHistoryReplacedError) {
          // Not a read to try again quietly: nothing new is recorded until someone looks, so administrators hear of it (once per quiet period).
          logger.error({ transaction: error.listed.id, err: error.message }, 'wallet watch: the provider lists a kept transaction id with other content; new transactions are not recorded');
          const { kept: entry, listed } = error;
          await deps.alerts.alert('wallet:history-replaced', (locale) => deps.render(locale, { kind: 'history-replaced', entry, listed }));
        } else {
          logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'wallet watch: the newest transactions could not be read; the next look tries again');
        }
      }
      // What an earlier pass kept but could not judge (a held debit, a crash) is judged even when this read failed.
      await judgeNew();
    },
  };
}
