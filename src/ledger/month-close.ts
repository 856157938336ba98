import type { Clock } from '../clock.js';
import type { LedgerEntry, LedgerOrder } from '../db/ledger-store.js';
import type { ClosedMonth, ClosedMonthHead, MonthCloseStore, StatementNote } from '../db/month-close-store.js';
import type { NoteKind } from '../domain/month-close.js';
import type { OrderState } from '../domain/order-states.js';
import type { Logger } from '../logger.js';
import { exceptionKey } from './exception-keys.js';
import { packSnapshot, unpackSnapshot } from './snapshot-packing.js';
import type { StatementReading } from './statement-reader.js';
import type { Statement, StatementException } from './statement.js';

/** A month of the deployment's calendar: `month` names it by the local date its span starts (2026-11-01), whatever calendar it was typed in. */
export interface MonthSpan {
  month: string;
  from: number;
  to: number;
}

/** An annotation as the snapshot keeps it. */
export type KeptNote = Pick<StatementNote, 'key' | 'kind' | 'note' | 'actorId'>;

/** What a closed month keeps: the statement as it stood at the close, and what was said of each exception. */
export interface MonthSnapshot {
  version: 1;
  statement: Statement;
  notes: KeptNote[];
}

/** Why a month cannot be closed (yet): each list says what is missing. */
export interface CloseBlockers {
  unannotated: StatementException[];
  openOrders: { id: number; state: OrderState }[];
  /** Placed moments ago, their debit not in the wallet yet: closing now would leave it to be a late entry. */
  awaitingDebit: LedgerOrder[];
}

export type CloseCheck =
  | { kind: 'ready'; statement: Statement; notes: StatementNote[] }
  | ({ kind: 'blocked'; statement: Statement } & CloseBlockers)
  | { kind: 'closed'; closed: ClosedMonth }
  | { kind: 'future' }
  | { kind: 'unreadable'; reading: Extract<StatementReading, { ok: false }> };

export type AnnotateOutcome = { kind: 'kept'; note: StatementNote; exception: StatementException; /** The month's exceptions still without a note. */ left: number } | { kind: 'no-such-exception' } | { kind: 'closed' } | { kind: 'unreadable'; reading: Extract<StatementReading, { ok: false }> };

export type CloseOutcome = { kind: 'done'; closed: ClosedMonth; snapshot: MonthSnapshot } | Exclude<CloseCheck, { kind: 'ready' }>;

/** A closed month as its statement is read: the snapshot, and the transactions dated in it that arrived after the close. */
export interface ClosedMonthView {
  closed: ClosedMonth;
  snapshot: MonthSnapshot;
  late: LedgerEntry[];
}

/** How long before its close a transaction kept may still be missing from the snapshot (the statement is read moments before the close is written). */
const SNAPSHOT_READ_MARGIN_MS = 5 * 60_000;


export interface MonthClose {
  check(span: MonthSpan): Promise<CloseCheck>;
  /**
   * Keeps an annotation of an exception of the month's statement, read afresh; or of `statement`, when the
   * caller has just read it through check() (one page of the wallet per annotation, not two).
   */
  annotate(span: MonthSpan, input: { key: string; kind: NoteKind; note: string; actorId: number }, statement?: Statement): Promise<AnnotateOutcome>;
  notes(month: string): Promise<StatementNote[]>;
  /** Closes the month if it may be closed now: checked again, from the wallet read afresh, at the moment of closing. */
  close(span: MonthSpan, people: { requestedBy: number; confirmedBy: number | null; requestedAt: number }): Promise<CloseOutcome>;
  /** The closed month as kept, with its late entries; null when the month is open. */
  closedView(month: string): Promise<ClosedMonthView | null>;
  /** Late entries of every closed month not told yet, each answered once (across instances). */
  lateNews(): Promise<{ month: ClosedMonthHead; entries: LedgerEntry[] }[]>;
}

/**
 * Closing a month: allowed when every exception of its statement was
 * annotated and no order of it is still moving; the statement is then kept
 * as it stood (the snapshot), and whatever the wallet later lists for that
 * month is a late entry beside it, never a change to it.
 */
export function createMonthClose(deps: {
  store: MonthCloseStore;
  /** The month's statement, the newest transactions read first. */
  read: (span: MonthSpan) => Promise<StatementReading>;
  clock: Clock;
  logger: Logger;
}): MonthClose {
  const { store, clock, logger } = deps;
  // The ids a snapshot holds, per month, read once per process when a transaction near the close needs them.
  const snapshotIds = new Map<string, Set<number>>();

  async function check(span: MonthSpan): Promise<CloseCheck> {
    if (span.from > clock.now()) return { kind: 'future' };
    const closed = await store.closed(span.month);
    if (closed) return { kind: 'closed', closed };
    const reading = await deps.read(span);
    if (!reading.ok) return { kind: 'unreadable', reading };
    const { statement } = reading;
    const notes = await store.notes(span.month);
    const annotated = new Set(notes.map((note) => note.key));
    const unannotated = statement.exceptions.filter((exception) => !annotated.has(exceptionKey(exception)));
    const openOrders = await store.openOrdersBetween(span.from, span.to);
    if (unannotated.length > 0 || openOrders.length > 0 || statement.awaitingDebit.length > 0) {
      return { kind: 'blocked', statement, unannotated, openOrders, awaitingDebit: statement.awaitingDebit };
    }
    return { kind: 'ready', statement, notes };
  }

  async function idsOf(month: string): Promise<Set<number>> {
    let ids = snapshotIds.get(month);
    if (!ids) {
      const closed = await store.closed(month);
      ids = new Set(closed ? (await unpackSnapshot(closed.snapshot)).statement.rows.map((row) => row.entry.id) : []);
      snapshotIds.set(month, ids);
    }
    return ids;
  }

  /** Transactions of a closed month not in its snapshot. */
  async function lateOf(head: ClosedMonthHead): Promise<LedgerEntry[]> {
    const closedAt = head.closedAt.getTime();
    const seen = await store.seenSince(head.fromAt, head.toAt, closedAt - SNAPSHOT_READ_MARGIN_MS);
    // Kept after the close: the snapshot cannot hold it. Kept just before: the snapshot says.
    const nearClose = seen.filter((entry) => entry.seenAt < closedAt);
    const ids = nearClose.length > 0 ? await idsOf(head.month) : new Set<number>();
    return seen.filter((entry) => entry.seenAt >= closedAt || !ids.has(entry.id));
  }

  return {
    check,

    async annotate(span, input, justRead) {
      if (await store.closed(span.month)) return { kind: 'closed' };
      let statement = justRead;
      if (!statement) {
        const reading = await deps.read(span);
        if (!reading.ok) return { kind: 'unreadable', reading };
        statement = reading.statement;
      }
      const exception = statement.exceptions.find((candidate) => exceptionKey(candidate) === input.key);
      if (!exception) return { kind: 'no-such-exception' };
      const note = await store.annotate({ month: span.month, ...input });
      logger.info({ actorId: input.actorId, month: span.month, key: input.key, kind: input.kind }, 'statement exception annotated');
      const annotated = new Set((await store.notes(span.month)).map((kept) => kept.key));
      const left = statement.exceptions.filter((candidate) => !annotated.has(exceptionKey(candidate))).length;
      return { kind: 'kept', note, exception, left };
    },

    notes: (month) => store.notes(month),

    async close(span, people) {
      const checked = await check(span);
      if (checked.kind !== 'ready') return checked;
      const snapshot: MonthSnapshot = {
        version: 1,
        statement: checked.statement,
        notes: checked.notes.map(({ key, kind, note, actorId }) => ({ key, kind, note, actorId })),
      };
      const closed = await store.close({ month: span.month, fromAt: span.from, toAt: span.to, ...people, snapshot: await packSnapshot(snapshot) });
      // Closed by someone else in the meantime: theirs stands.
      if (!closed) return { kind: 'closed', closed: (await store.closed(span.month))! };
      logger.info({ month: span.month, requestedBy: people.requestedBy, confirmedBy: people.confirmedBy, transactions: snapshot.statement.rows.length }, 'statement month closed');
      return { kind: 'done', closed, snapshot };
    },

    async closedView(month) {
      const closed = await store.closed(month);
      if (!closed) return null;
      const snapshot = await unpackSnapshot(closed.snapshot);
      snapshotIds.set(month, new Set(snapshot.statement.rows.map((row) => row.entry.id)));
      return { closed, snapshot, late: await lateOf(closed) };
    },

    async lateNews() {
      const news: { month: ClosedMonthHead; entries: LedgerEntry[] }[] = [];
      for (const head of await store.closedMonths()) {
        const told = new Set(head.lateTold);
        const candidates = (await lateOf(head)).filter((entry) => !told.has(entry.id));
        if (candidates.length === 0) continue;
        const fresh = new Set(await store.markLateTold(head.month, candidates.map((entry) => entry.id)));
        const entries = candidates.filter((entry) => fresh.has(entry.id));
        if (entries.length > 0) news.push({ month: head, entries });
      }
      return news;
    },
  };
}
