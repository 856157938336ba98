import { setImmediate as nextTurn } from 'node:timers/promises';
import { RETURNED_STATES } from '../domain/counted-states.js';
import { balanceChange, transactionDirection } from '../provider/transaction-shape.js';
import type { LedgerEntry, LedgerOrder } from '../db/ledger-store.js';
import { isOpenCase, type CaseState } from '../domain/code-cases.js';

/** How long after its order's POST a debit may take to show in the list before its absence is an exception. */
export const DEBIT_GRACE_MS = 10 * 60_000;
/** How long after an order failed its refund may take before its absence is an exception. */
export const REFUND_GRACE_MS = 24 * 60 * 60_000;

/** What one transaction of the month was matched to. */
export type EntryMatch =
  | { kind: 'order'; order: LedgerOrder }
  | { kind: 'refund'; order: LedgerOrder }
  /** A credit for a delivered order whose code was reported: the provider's support refunded it. */
  | { kind: 'case-refund'; order: LedgerOrder; caseId: number }
  | { kind: 'top-up' }
  /** A debit no giftdesk order accounts for: an order placed elsewhere (the provider's panel, another client of the key). */
  | { kind: 'elsewhere' }
  /** A credit naming an order giftdesk cannot account a refund to. */
  | { kind: 'unplaced-refund'; order: LedgerOrder | null }
  /** A type the contract does not name: shown, never counted. */
  | { kind: 'unknown-type' };

export type StatementException =
  | { kind: 'foreign-debit'; entry: LedgerEntry }
  | { kind: 'second-debit'; entry: LedgerEntry; order: LedgerOrder }
  | { kind: 'missing-debit'; order: LedgerOrder }
  | { kind: 'amount-differs'; entry: LedgerEntry; order: LedgerOrder }
  | { kind: 'unplaced-refund'; entry: LedgerEntry; order: LedgerOrder | null }
  | { kind: 'missing-refund'; order: LedgerOrder }
  | { kind: 'chain-break'; entry: LedgerEntry; expected: number }
  | { kind: 'unknown-type'; entry: LedgerEntry }
  /** A case open longer than the administrators' setting: the provider's support has not settled it. */
  | { kind: 'case-overdue'; caseId: number; order: LedgerOrder; openedAt: number; days: number };

/** A case as the statement weighs it: never more than its number, order, state and age. */
export interface StatementCase {
  id: number;
  /** giftdesk's order id (LedgerOrder.id). */
  orderId: number;
  state: CaseState;
  openedAt: number;
}

/** A refund matched to a reported order; `closes`: a case of it is still open, and this refund settles every open one (`open`). */
export interface CaseRefund {
  /** The newest case of the order the refund stands for. */
  caseId: number;
  /** Every open case of the order (one per card reported), all closed by this refund; empty when `closes` is false. */
  open: number[];
  order: LedgerOrder;
  entry: LedgerEntry;
  closes: boolean;
}

export interface StatementRow {
  entry: LedgerEntry;
  match: EntryMatch;
}

export interface Statement {
  from: number;
  to: number;
  /** Null when nothing is known of the wallet before or inside the span. */
  opening: number | null;
  credits: { topUps: number; refunds: number; total: number };
  debits: { giftdesk: number; elsewhere: number; total: number };
  closing: number | null;
  /** opening + credits − debits = closing. */
  balanced: boolean;
  /** closing − (opening + credits − debits): what the counted transactions leave unexplained. */
  difference: number;
  rows: StatementRow[];
  exceptions: StatementException[];
  /** Giftdesk orders placed in the span, and how many of them a debit of the confirmed amount accounts for. */
  orders: { placed: number; matched: number };
  /** Orders placed so lately that their debit may not have reached the wallet yet (DEBIT_GRACE_MS): listed, not yet exceptions. */
  awaitingDebit: LedgerOrder[];
  /** When the local copy starts, when it is after the span's start: the statement then covers less than asked. */
  copyStartsAt: number | null;
  /** Refunds of reported codes; those whose case is still open close it as refunded. */
  caseRefunds: CaseRefund[];
  /** Every case of each order the statement names (oldest first), by giftdesk's order id: the CSV's case column. */
  caseOf: ReadonlyMap<number, readonly number[]>;
}

export interface StatementInput {
  from: number;
  to: number;
  /** The copy's entries timed inside the span, oldest first. */
  entries: readonly LedgerEntry[];
  /** The newest entry before the span, for the opening balance. */
  before: LedgerEntry | null;
  /** Giftdesk orders whose POST went out inside the span. */
  placed: readonly LedgerOrder[];
  /** Giftdesk orders named by the span's entries, wherever they were placed. */
  named: readonly LedgerOrder[];
  /** Every entry naming one of the placed orders, wherever it lies in time (a debit can fall after midnight). */
  entriesOfPlaced: readonly LedgerEntry[];
  /** How far back the copy reaches (0: the whole history). */
  copyFrom: number;
  /** When the copy last read the newest page: orders after it cannot be missing a debit yet. */
  syncedAt: number;
  now: number;
  /** The cases of the orders above, and every case still open; absent, none. */
  cases?: readonly StatementCase[];
  /** The orders of open cases that the span does not name, for their exception. */
  caseOrders?: readonly LedgerOrder[];
  /** After how many days an open case is an exception (the /cases overdue setting). */
  caseOverdueDays?: number;
}

const returned = (order: LedgerOrder): boolean => (RETURNED_STATES as readonly string[]).includes(order.state);

/**
 * The wallet's statement for a span, worked out from the local copy of its
 * transactions and giftdesk's orders alone: pure, so that every figure can be
 * checked by hand. Every exception an administrator must look at is listed.
 */
export function computeStatement(input: StatementInput): Statement {
  const steps = statementSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Transactions matched between two returns to the event loop: a few milliseconds' work. */
const ROWS_PER_TURN = 1_000;

/**
 * computeStatement, other chats served every ROWS_PER_TURN transactions: a
 * month of 10,000 worked out in one go held them for 35 ms on a quiet
 * machine and past 100 ms on a loaded one. The same steps, so the same
 * statement.
 */
export async function computeStatementInTurns(input: StatementInput): Promise<Statement> {
  const steps = statementSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** The statement's work, pausing (yield) after each ROWS_PER_TURN transactions. */
function* statementSteps(input: StatementInput): Generator<void, Statement, void> {
  const { entries, before } = input;
  const ordersByProvider = new Map<number, LedgerOrder>();
  for (const order of [...input.named, ...input.placed]) ordersByProvider.set(order.providerOrderId, order);

  // An order may have several cases (one per card, and new ones after old ones closed): each counted once, oldest first.
  const casesByOrder = new Map<number, StatementCase[]>();
  const seenCases = new Set<number>();
  for (const reported of [...(input.cases ?? [])].sort((a, b) => a.id - b.id)) {
    if (seenCases.has(reported.id)) continue;
    seenCases.add(reported.id);
    casesByOrder.set(reported.orderId, [...(casesByOrder.get(reported.orderId) ?? []), reported]);
  }
  const caseRefunds: CaseRefund[] = [];

  const exceptions: StatementException[] = [];
  const rows: StatementRow[] = [];
  const credits = { topUps: 0, refunds: 0, total: 0 };
  const debits = { giftdesk: 0, elsewhere: 0, total: 0 };
  const debited = new Set<number>();
  const refunded = new Set<number>();
  let previous = before;

  for (const entry of entries) {
    const direction = transactionDirection(entry);
    const order = entry.providerOrderId === null ? null : (ordersByProvider.get(entry.providerOrderId) ?? null);
    let match: EntryMatch;
    if (direction === 'debit') {
      debits.total += entry.amount;
      if (order && !debited.has(order.providerOrderId)) {
        debited.add(order.providerOrderId);
        debits.giftdesk += entry.amount;
        match = { kind: 'order', order };
        if (entry.amount !== order.totalAmount) exceptions.push({ kind: 'amount-differs', entry, order });
      } else if (order) {
        debits.giftdesk += entry.amount;
        match = { kind: 'order', order };
        exceptions.push({ kind: 'second-debit', entry, order });
      } else {
        debits.elsewhere += entry.amount;
        match = { kind: 'elsewhere' };
        exceptions.push({ kind: 'foreign-debit', entry });
      }
    } else if (direction === 'credit') {
      credits.total += entry.amount;
      if (entry.providerOrderId === null) {
        credits.topUps += entry.amount;
        match = { kind: 'top-up' };
      } else {
        credits.refunds += entry.amount;
        // The cases a refund may stand for: open ones, or ones already closed as refunded (the refund seen again).
        const counted = (order ? (casesByOrder.get(order.id) ?? []) : []).filter((reported) => isOpenCase(reported.state) || reported.state === 'refunded');
        const reported = counted.at(-1);
        if (order && returned(order) && !refunded.has(order.providerOrderId)) {
          refunded.add(order.providerOrderId);
          match = { kind: 'refund', order };
        } else if (order && reported && !refunded.has(order.providerOrderId)) {
          // A delivered order's money back after its code was reported: the support's answer, not an exception. It settles every open case of the order.
          refunded.add(order.providerOrderId);
          const open = counted.filter((one) => isOpenCase(one.state)).map((one) => one.id);
          match = { kind: 'case-refund', order, caseId: reported.id };
          caseRefunds.push({ caseId: reported.id, open, order, entry, closes: open.length > 0 });
        } else {
          match = { kind: 'unplaced-refund', order };
          exceptions.push({ kind: 'unplaced-refund', entry, order });
        }
      }
    } else {
      match = { kind: 'unknown-type' };
      exceptions.push({ kind: 'unknown-type', entry });
    }
    if (previous?.balanceAfter != null && entry.balanceAfter !== null) {
      const expected = previous.balanceAfter + balanceChange(entry);
      if (expected !== entry.balanceAfter) exceptions.push({ kind: 'chain-break', entry, expected });
    }
    rows.push({ entry, match });
    previous = entry;
    if (rows.length % ROWS_PER_TURN === 0) yield;
  }

  // The placed orders' own entries, wherever they lie, decide what is missing.
  const firstDebit = new Map<number, LedgerEntry>();
  const refundOf = new Set<number>();
  for (const entry of input.entriesOfPlaced) {
    if (entry.providerOrderId === null) continue;
    const direction = transactionDirection(entry);
    if (direction === 'debit' && !firstDebit.has(entry.providerOrderId)) firstDebit.set(entry.providerOrderId, entry);
    if (direction === 'credit') refundOf.add(entry.providerOrderId);
  }
  let matched = 0;
  const awaitingDebit: LedgerOrder[] = [];
  for (const order of input.placed) {
    const judged = order.placedAt >= input.copyFrom;
    const debit = firstDebit.get(order.providerOrderId);
    if (debit) {
      if (debit.amount === order.totalAmount) matched += 1;
    } else if (judged && order.placedAt + DEBIT_GRACE_MS <= input.syncedAt) {
      exceptions.push({ kind: 'missing-debit', order });
    } else if (judged) {
      awaitingDebit.push(order);
    }
    if (judged && returned(order) && !refundOf.has(order.providerOrderId) && order.finishedAt !== null && order.finishedAt + REFUND_GRACE_MS <= input.now) {
      exceptions.push({ kind: 'missing-refund', order });
    }
  }

  // A case opened before the span ended and still open past the setting: listed until someone settles it.
  const overdueMs = (input.caseOverdueDays ?? Number.POSITIVE_INFINITY) * 86_400_000;
  const settledNow = new Set(caseRefunds.flatMap((refund) => refund.open));
  const orderById = new Map<number, LedgerOrder>();
  for (const order of [...(input.caseOrders ?? []), ...input.named, ...input.placed]) orderById.set(order.id, order);
  for (const reported of [...casesByOrder.values()].flat()) {
    const order = orderById.get(reported.orderId);
    if (!order || !isOpenCase(reported.state) || settledNow.has(reported.id) || reported.openedAt >= input.to || reported.openedAt + overdueMs > input.now) continue;
    exceptions.push({ kind: 'case-overdue', caseId: reported.id, order, openedAt: reported.openedAt, days: input.caseOverdueDays! });
  }

  const first = entries[0];
  const last = entries.at(-1);
  const opening = before?.balanceAfter ?? (first && first.balanceAfter !== null ? first.balanceAfter - balanceChange(first) : null);
  const closing = last ? (last.balanceAfter ?? null) : opening;
  const difference = opening === null || closing === null ? 0 : closing - (opening + credits.total - debits.total);
  return {
    from: input.from,
    to: input.to,
    opening,
    credits,
    debits,
    closing,
    balanced: difference === 0 && (opening === null) === (closing === null),
    difference,
    rows,
    exceptions,
    orders: { placed: input.placed.length, matched },
    awaitingDebit,
    copyStartsAt: input.copyFrom > input.from ? input.copyFrom : null,
    caseRefunds,
    caseOf: new Map([...casesByOrder].map(([orderId, reported]) => [orderId, reported.map((one) => one.id)])),
  };
}
