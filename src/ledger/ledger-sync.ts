import type { Clock } from '../clock.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { Logger } from '../logger.js';
import type { CallOptions, ProviderClient } from '../provider/client.js';
import { CONTRACT_LIMITS, type Transaction } from '../provider/schemas.js';
import { transactionMoment } from '../provider/transaction-shape.js';
import type { LedgerEntry, LedgerInput, LedgerStore } from '../db/ledger-store.js';

/** app_state key: set once the copy was first filled back to its start; until then what is read is history, never news. */
const LEDGER_FILLED_KEY = 'ledger.filled';
/** app_state key: when a pass last read the newest page through to what was kept (ms). */
const LEDGER_SYNCED_KEY = 'ledger.synced';

export interface LedgerFilled {
  /** When the first fill ended. */
  at: number;
  /** How far back it reached: the moment it was asked to reach, or 0 when the list ended before it. */
  from: number;
}

export interface SyncResult {
  /** Entries read for the first time on this pass, oldest first; history of the first fill left out. */
  added: LedgerEntry[];
  /** Pages asked for. */
  requests: number;
  /** Entries kept for the first time on this pass, history included. */
  kept: number;
}

export interface LedgerSync {
  /**
   * Reads the newest transactions, page by page, until a page reaches an
   * entry already kept (or the list ends). While nothing changes, that is
   * one request. The first pass on an empty copy fills it back to `fillFrom`
   * as history.
   */
  syncNow(options?: CallOptions): Promise<SyncResult>;
  /** How far back the copy reaches, or null before its first fill ended. */
  filled(): Promise<LedgerFilled | null>;
  /** When a pass last read the newest page through to what was kept, or null before any did. */
  syncedAt(): Promise<number | null>;
}

/**
 * A transaction the provider lists under an id already kept, but not the
 * one kept: another amount, type, balance, order or time. Ids are the
 * provider's, so this is a wallet whose history was replaced (a sandbox
 * started afresh, another provider behind the same database): the copy no
 * longer describes the wallet, and every pass says so until an
 * administrator has looked, rather than skipping the "known" entries.
 */
export class LedgerHistoryReplacedError extends Error {
  override name = 'LedgerHistoryReplacedError';
  constructor(
    readonly kept: LedgerEntry,
    readonly listed: LedgerInput,
  ) {
    super(`the provider lists transaction ${listed.id} unlike the one kept under that id (${differences(kept, listed).join(', ')}): the wallet's history was replaced`);
  }
}

/** What makes a listed transaction another one than the one kept under its id; the description is words and may be reworded. */
function differences(kept: LedgerInput, listed: LedgerInput): string[] {
  const fields = ['type', 'amount', 'balanceAfter', 'providerOrderId', 'at'] as const;
  return fields.filter((field) => kept[field] !== listed[field]);
}

/** Far more pages than a minute of any wallet's activity: a bound against a provider that pages in circles. */
const MAX_PAGES_PER_PASS = 500;

function inputOf(transaction: Transaction): LedgerInput {
  return {
    id: transaction.id,
    type: transaction.type,
    amount: transaction.amount,
    balanceAfter: transaction.balanceAfter,
    providerOrderId: transaction.orderId,
    description: transaction.description,
    createdAt: transaction.createdAt,
    at: transactionMoment(transaction),
  };
}

/**
 * Keeps the local copy of the wallet's transactions up to date. The list is
 * newest first and paged by number, so a transaction arriving between two
 * pages pushes entries down: the next page repeats one already read (kept
 * once), and none is skipped. A page equal to the one before means the
 * provider ignores `page`: that is the end, not more history.
 */
export function createLedgerSync(deps: {
  provider: Pick<ProviderClient, 'listTransactions'>;
  store: LedgerStore;
  appState: Pick<AppStateStore, 'get' | 'set'>;
  /** How far back the first fill reaches: the start of the previous month, so that this month's statement has its opening balance. */
  fillFrom: () => number;
  clock: Clock;
  logger: Logger;
  pageSize?: number;
}): LedgerSync {
  const { store, clock, logger } = deps;
  const pageSize = deps.pageSize ?? CONTRACT_LIMITS.maxPageSize;

  async function pass(history: boolean, options: CallOptions): Promise<SyncResult> {
    const from = deps.fillFrom();
    // What was listed before the first request is in the copy once the pass ends.
    const startedAt = clock.now();
    const added: LedgerEntry[] = [];
    let previous: string | null = null;
    let servedSize = 0;
    let requests = 0;
    let reachedFrom = false;
    let kept = 0;
    for (let page = 1; page <= MAX_PAGES_PER_PASS; page += 1) {
      // Only the first page is the waiting reader's; the rest of a long read waits behind staff.
      const { items } = await deps.provider.listTransactions({ page, pageSize }, page === 1 ? options : { ...options, priority: 'background' });
      requests += 1;
      const key = items.map((item) => item.id).join(',');
      if (items.length === 0 || key === previous) return finish(true);
      previous = key;
      servedSize = Math.max(servedSize, items.length);
      const inputs = items.map(inputOf);
      const known = await store.known(inputs.map((input) => input.id));
      for (const input of inputs) {
        const kept = known.get(input.id);
        if (kept && differences(kept, input).length > 0) throw new LedgerHistoryReplacedError(kept, input);
      }
      const fresh = await store.keep(inputs.filter((input) => !known.has(input.id)), clock.now(), history);
      kept += fresh.length;
      if (!history) added.push(...fresh);
      reachedFrom = inputs.some((input) => input.at !== null && input.at < from);
      // History fills back to `from`; news stops at the first entry already kept.
      if (history ? reachedFrom : known.size > 0) return finish(items.length < servedSize);
      if (items.length < servedSize) return finish(true);
    }
    logger.warn({ pages: MAX_PAGES_PER_PASS }, 'wallet transactions: stopped after the most pages one pass reads; the next pass goes on');
    return { added: added.sort((a, b) => a.id - b.id), requests, kept };

    async function finish(listEnded: boolean): Promise<SyncResult> {
      await deps.appState.set(LEDGER_SYNCED_KEY, startedAt);
      if (history) {
        const filled: LedgerFilled = { at: clock.now(), from: listEnded && !reachedFrom ? 0 : from };
        await deps.appState.set(LEDGER_FILLED_KEY, { ...filled });
        logger.info({ entries: await store.count(), requests }, 'wallet transactions: local copy filled');
      }
      return { added: added.sort((a, b) => a.id - b.id), requests, kept };
    }
  }

  const filled = () => deps.appState.get<LedgerFilled>(LEDGER_FILLED_KEY);

  return {
    filled,
    syncedAt: () => deps.appState.get<number>(LEDGER_SYNCED_KEY),
    async syncNow(options = { priority: 'background' }) {
      const history = (await filled()) === null;
      return pass(history, options);
    },
  };
}
