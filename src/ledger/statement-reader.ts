import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { LedgerStore } from '../db/ledger-store.js';
import { LedgerHistoryReplacedError, type LedgerSync } from './ledger-sync.js';
import { computeStatement, type Statement } from './statement.js';

export type StatementReading =
  | { ok: true; statement: Statement; /** The newest page could not be read just now: the copy is as of `syncedAt`. */ stale: boolean; syncedAt: number }
  /** The copy was never filled (the provider has not answered since giftdesk started watching the wallet). */
  | { ok: false; problem: 'not-filled' }
  /** The provider lists a kept transaction's id with other content: the copy is another wallet's history, and no sum of it is the wallet's. */
  | { ok: false; problem: 'history-replaced'; transactionId: number };

/**
 * A span's statement: the newest transactions read first (one request when
 * nothing changed, as the reader's own), then everything from the local copy.
 * A provider that does not answer leaves the copy as it was, said so.
 */
export async function readStatement(
  deps: { store: LedgerStore; sync: Pick<LedgerSync, 'syncNow' | 'filled' | 'syncedAt'>; clock: Clock; logger: Logger },
  span: { from: number; to: number },
): Promise<StatementReading> {
  const { store, sync } = deps;
  let stale = false;
  try {
    await sync.syncNow({ priority: 'interactive' });
  } catch (error) {
    if (error instanceof LedgerHistoryReplacedError) return { ok: false, problem: 'history-replaced', transactionId: error.listed.id };
    stale = true;
    deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'statement: the newest wallet transactions could not be read; the local copy is used as it is');
  }
  const filled = await sync.filled();
  if (filled === null) return { ok: false, problem: 'not-filled' };
  const syncedAt = (await sync.syncedAt()) ?? filled.at;
  const statement = await statementFromCopy(store, span, { copyFrom: filled.from, syncedAt, now: deps.clock.now() });
  return { ok: true, statement, stale, syncedAt };
}

/** A span's statement from the local copy alone: no request to the provider. */
export async function statementFromCopy(
  store: LedgerStore,
  span: { from: number; to: number },
  copy: { copyFrom: number; syncedAt: number; now: number },
): Promise<Statement> {
  const entries = await store.between(span.from, span.to);
  const before = await store.lastBefore(span.from);
  const placed = await store.ordersPlacedBetween(span.from, span.to);
  // Most orders the span's entries name were placed in it: only the others are looked up.
  const placedIds = new Set(placed.map((order) => order.providerOrderId));
  const namedIds = [...new Set(entries.flatMap((entry) => (entry.providerOrderId === null || placedIds.has(entry.providerOrderId) ? [] : [entry.providerOrderId])))];
  const named = await store.ordersByProviderIds(namedIds);
  const entriesOfPlaced = await store.forProviderOrders(placed.map((order) => order.providerOrderId));
  return computeStatement({ ...span, entries, before, placed, named, entriesOfPlaced, ...copy });
}
