import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { LedgerStore } from '../db/ledger-store.js';
import { LedgerHistoryReplacedError, type LedgerSync } from './ledger-sync.js';
import type { CodeCaseStore } from '../db/code-case-store.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { computeStatementInTurns, type Statement, type StatementCase } from './statement.js';

/** The cases a statement weighs: their store, and after how many days an open one is an exception. */
export interface StatementCases {
  store: Pick<CodeCaseStore, 'forOrders' | 'openSince'>;
  overdueDays(): number;
}

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
  deps: { store: LedgerStore; sync: Pick<LedgerSync, 'syncNow' | 'filled' | 'syncedAt'>; clock: Clock; logger: Logger; cases?: StatementCases },
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
  const statement = await statementFromCopy(store, span, { copyFrom: filled.from, syncedAt, now: deps.clock.now() }, deps.cases);
  return { ok: true, statement, stale, syncedAt };
}

/** A span's statement from the local copy alone: no request to the provider. */
export async function statementFromCopy(
  store: LedgerStore,
  span: { from: number; to: number },
  copy: { copyFrom: number; syncedAt: number; now: number },
  cases?: StatementCases,
): Promise<Statement> {
  // SQLite answers synchronously: without a turn between two reads of a large month, they and the work between them hold other chats as one.
  const entries = await store.between(span.from, span.to);
  await nextTurn();
  const before = await store.lastBefore(span.from);
  const placed = await store.ordersPlacedBetween(span.from, span.to);
  await nextTurn();
  // Most orders the span's entries name were placed in it: only the others are looked up.
  const placedIds = new Set(placed.map((order) => order.providerOrderId));
  const namedIds = [...new Set(entries.flatMap((entry) => (entry.providerOrderId === null || placedIds.has(entry.providerOrderId) ? [] : [entry.providerOrderId])))];
  await nextTurn();
  const named = await store.ordersByProviderIds(namedIds);
  const entriesOfPlaced = await store.forProviderOrders(placed.map((order) => order.providerOrderId));
  await nextTurn();
  if (!cases) return computeStatementInTurns({ ...span, entries, before, placed, named, entriesOfPlaced, ...copy });
  const caseOverdueDays = cases.overdueDays();
  // The cases of the orders in play, and the open ones old enough to be exceptions whatever month their order was placed in.
  const ofOrders = await cases.store.forOrders([...placed, ...named].map((order) => order.id));
  const overdue = await cases.store.openSince(copy.now - caseOverdueDays * 86_400_000);
  const known = new Set([...placed, ...named].map((order) => order.id));
  const missing = [...new Set(overdue.flatMap((row) => (known.has(row.orderId) || row.providerOrderId === null ? [] : [row.providerOrderId])))];
  const caseOrders = await store.ordersByProviderIds(missing);
  const statementCases: StatementCase[] = [...ofOrders, ...overdue].map((row) => ({ id: row.id, orderId: row.orderId, state: row.state, openedAt: row.openedAt.getTime() }));
  return computeStatementInTurns({ ...span, entries, before, placed, named, entriesOfPlaced, ...copy, cases: statementCases, caseOrders, caseOverdueDays });
}
