import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { NoteKind } from '../domain/month-close.js';
import type { OrderState } from '../domain/order-states.js';
import { appendAuditRow } from './audit-trail.js';
import type { LedgerEntry } from './ledger-store.js';
import { ledgerEntryOf } from './ledger-rows.js';
import type { closedMonths, statementNotes } from './postgres/month-close-tables.js';
import type { Database } from './seam/database.js';

export type StatementNote = typeof statementNotes.$inferSelect;
export type ClosedMonth = typeof closedMonths.$inferSelect;
/** A closed month without its snapshot: what is read to find late entries. */
export type ClosedMonthHead = Omit<ClosedMonth, 'snapshot'>;

/** Orders still moving: not yet delivered, failed, refused or found never placed. A month with one of them cannot be closed. */
export const OPEN_ORDER_STATES = ['intent', 'placing', 'unknown', 'in_progress', 'action_required', 'unrecognised', 'needs_review'] as const satisfies readonly OrderState[];

export interface NewClosedMonth {
  month: string;
  fromAt: number;
  toAt: number;
  requestedBy: number;
  confirmedBy: number | null;
  requestedAt: number;
  /** The snapshot as src/ledger/snapshot-packing.ts keeps it. */
  snapshot: string;
}

/**
 * The month's sign-off: what administrators said of each exception, and the
 * months closed with the statement as it stood. A month is closed once (the
 * first close wins; a second finds it closed), and never changed after:
 * only the list of late entries already told grows.
 */
export interface MonthCloseStore {
  /** Keeps (or replaces) the annotation of one exception, audited as `statement.annotated`. */
  annotate(input: { month: string; key: string; kind: NoteKind; note: string; actorId: number }): Promise<StatementNote>;
  /** Every annotation of the month, by key. */
  notes(month: string): Promise<StatementNote[]>;
  /** Closes the month with its snapshot, audited as `statement.closed`; null when it was closed already. */
  close(input: NewClosedMonth): Promise<ClosedMonth | null>;
  /** The closed month with its snapshot, or null when it is open. */
  closed(month: string): Promise<ClosedMonth | null>;
  /** Every closed month, without snapshots, oldest first. */
  closedMonths(): Promise<ClosedMonthHead[]>;
  /** Adds these transaction ids to the month's late entries told; answers those that were not told before (told once, across instances). */
  markLateTold(month: string, ids: readonly number[]): Promise<number[]>;
  /** giftdesk orders sent (or saved) inside [from, to) that are still open, oldest first. */
  openOrdersBetween(from: number, to: number): Promise<{ id: number; state: OrderState }[]>;
  /** Wallet transactions timed inside [from, to) that the local copy kept at or after `seenSince`, oldest first: a closed month's candidates for late entries. */
  seenSince(from: number, to: number, seenSince: number): Promise<LedgerEntry[]>;
}

export function createMonthCloseStore(deps: { database: Database; clock: Clock }): MonthCloseStore {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { statementNotes, closedMonths, orders, walletLedger } = tables;
  const head = {
    month: closedMonths.month,
    fromAt: closedMonths.fromAt,
    toAt: closedMonths.toAt,
    requestedBy: closedMonths.requestedBy,
    confirmedBy: closedMonths.confirmedBy,
    requestedAt: closedMonths.requestedAt,
    closedAt: closedMonths.closedAt,
    lateTold: closedMonths.lateTold,
  };

  return {
    annotate: (input) =>
      database.transaction(async (tx) => {
        const at = new Date(clock.now());
        const row = { month: input.month, key: input.key, kind: input.kind, note: input.note, actorId: input.actorId, at };
        const [kept] = await tx
          .insert(statementNotes)
          .values(row)
          .onConflictDoUpdate({ target: [statementNotes.month, statementNotes.key], set: { kind: row.kind, note: row.note, actorId: row.actorId, at } })
          .returning();
        await appendAuditRow(tx, tables, at, { actorId: input.actorId, action: 'statement.annotated', orderId: null, amount: null, facts: { month: input.month, key: input.key, kind: input.kind, note: input.note } });
        return kept!;
      }),

    notes: (month) => q.select().from(statementNotes).where(eq(statementNotes.month, month)).orderBy(asc(statementNotes.key)),

    close: (input) =>
      database.transaction(async (tx) => {
        const at = new Date(clock.now());
        const [closed] = await tx
          .insert(closedMonths)
          .values({ ...input, requestedAt: new Date(input.requestedAt), closedAt: at, lateTold: [] })
          .onConflictDoNothing()
          .returning();
        if (!closed) return null;
        await appendAuditRow(tx, tables, at, {
          actorId: input.confirmedBy ?? input.requestedBy,
          action: 'statement.closed',
          orderId: null,
          amount: null,
          subjectId: input.requestedBy,
          facts: { month: input.month, requester: input.requestedBy, confirmer: input.confirmedBy },
        });
        return closed;
      }),

    closed: async (month) => (await q.select().from(closedMonths).where(eq(closedMonths.month, month)))[0] ?? null,

    closedMonths: () => q.select(head).from(closedMonths).orderBy(asc(closedMonths.fromAt)),

    markLateTold: (month, ids) =>
      database.transaction(async (tx) => {
        // Two instances telling at once: one of them adds each id.
        await database.holdLock(tx, `closed_month:${month}`);
        const [row] = await tx.select({ lateTold: closedMonths.lateTold }).from(closedMonths).where(eq(closedMonths.month, month));
        if (!row) return [];
        const told = new Set(row.lateTold);
        const fresh = [...new Set(ids)].filter((id) => !told.has(id));
        if (fresh.length > 0) await tx.update(closedMonths).set({ lateTold: [...row.lateTold, ...fresh] }).where(eq(closedMonths.month, month));
        return fresh;
      }),

    openOrdersBetween: async (from, to) => {
      const placedAt = sql`coalesce(${orders.postedAt}, ${orders.createdAt})`;
      const moment = (ms: number) => sql.param(new Date(ms), orders.postedAt);
      return q
        .select({ id: orders.id, state: orders.state })
        .from(orders)
        .where(and(inArray(orders.state, [...OPEN_ORDER_STATES]), gte(placedAt, moment(from)), lt(placedAt, moment(to))))
        .orderBy(asc(orders.id));
    },

    seenSince: async (from, to, seenSince) =>
      (
        await q
          .select()
          .from(walletLedger)
          .where(and(gte(walletLedger.at, from), lt(walletLedger.at, to), gte(walletLedger.seenAt, seenSince)))
          .orderBy(asc(walletLedger.at), asc(walletLedger.id))
      ).map(ledgerEntryOf),
  };
}
