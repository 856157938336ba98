import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { isOpenCase, OPEN_CASE_STATES, type CaseReason, type CaseState } from '../domain/code-cases.js';
import { appendAuditRow } from './audit-trail.js';
import type { codeCases } from './postgres/code-cases-table.js';
import type { Database } from './seam/database.js';

export type CodeCase = typeof codeCases.$inferSelect;

export interface NewCase {
  orderId: number;
  /** Which card of the order (1 = "Card 1" of its delivery), or null for the whole order. Never the code. */
  card: number | null;
  ordererId: number;
  reportedBy: number;
  reason: CaseReason;
  note: string | null;
  providerOrderId: number | null;
  /** The order's confirmed amount, for the audit row. */
  amount: number;
}

/** What reporting answered: a case opened, or the open one it would repeat (the same card, or the whole order, is not reported twice). */
export type Reported = { kind: 'opened'; case: CodeCase } | { kind: 'already'; case: CodeCase };

/** What moving a case answered: moved; already in that state; or refused because it was not in the state the press was made on. */
export type Moved = { kind: 'moved'; case: CodeCase; from: CaseState } | { kind: 'same'; case: CodeCase } | { kind: 'stale'; case: CodeCase } | { kind: 'gone' };

/**
 * Cases on either database. Every change writes its audit row in the same
 * transaction, so a case never moves without its trace. Moves compare and
 * swap on the state the person saw, so two administrators pressing at once
 * (or a press on an old card) do not undo each other.
 */
export interface CodeCaseStore {
  /** Opens a case for a card (or the whole) of a delivered order, or answers the open one it would repeat. */
  report(entry: NewCase): Promise<Reported>;
  get(id: number): Promise<CodeCase | null>;
  /**
   * The open case a report of this card of the order (null: the whole order)
   * would repeat, or null: one of the same card, or of the whole order; a
   * report of the whole order repeats any open case of it.
   */
  openFor(orderId: number, card: number | null): Promise<CodeCase | null>;
  /** Every open case of an order, oldest first. */
  openOf(orderId: number): Promise<CodeCase[]>;
  /** Every open case (oldest first) and the `recent` most recently changed cases that are not open. */
  list(recent: number): Promise<{ open: CodeCase[]; recent: CodeCase[] }>;
  /** Moves a case from `from` (what the presser saw) to `to`; `actorId` null: giftdesk itself (the statement). */
  move(id: number, from: CaseState, to: CaseState, actorId: number | null, facts?: Record<string, string | number>): Promise<Moved>;
  /** Keeps the provider's answer (one line) on the case; null when there is no such case. */
  noteAnswer(id: number, answer: string, actorId: number): Promise<CodeCase | null>;
  /** Every case of these orders, newest first. */
  forOrders(orderIds: readonly number[]): Promise<CodeCase[]>;
  /** Cases still open that were opened at or before `at`, oldest first. */
  openSince(at: number): Promise<CodeCase[]>;
}

export function createCodeCaseStore(deps: { database: Database; clock: Clock }): CodeCaseStore {
  const { database, clock } = deps;
  const { q } = database;
  const { codeCases: table } = database.tables;
  const openStates = [...OPEN_CASE_STATES];
  const lockOf = (orderId: number) => `code_cases:order:${orderId}`;
  /** The open cases a case of this card (null: the whole order) may not stand beside. */
  const clashing = (orderId: number, card: number | null) =>
    and(eq(table.orderId, orderId), inArray(table.state, openStates), card === null ? undefined : or(isNull(table.card), eq(table.card, card)));

  return {
    async report(entry) {
      return database.transaction(async (tx) => {
        // Two reports of one order at once: the second sees the first's case.
        await database.holdLock(tx, lockOf(entry.orderId));
        const [open] = await tx.select().from(table).where(clashing(entry.orderId, entry.card)).orderBy(asc(table.id)).limit(1);
        if (open) return { kind: 'already', case: open } as const;
        const now = new Date(clock.now());
        const [row] = await tx
          .insert(table)
          .values({
            orderId: entry.orderId,
            card: entry.card,
            ordererId: entry.ordererId,
            reportedBy: entry.reportedBy,
            reason: entry.reason,
            note: entry.note,
            state: 'open',
            providerOrderId: entry.providerOrderId,
            openedAt: now,
            updatedAt: now,
          })
          .returning();
        await appendAuditRow(tx, database.tables, now, {
          actorId: entry.reportedBy,
          action: 'case.opened',
          orderId: entry.orderId,
          amount: entry.amount,
          subjectId: entry.ordererId === entry.reportedBy ? null : entry.ordererId,
          facts: { case: row!.id, ...(entry.card === null ? {} : { card: entry.card }), reason: entry.reason, ...(entry.note === null ? {} : { note: entry.note }) },
        });
        return { kind: 'opened', case: row! } as const;
      });
    },
    async get(id) {
      const [row] = await q.select().from(table).where(eq(table.id, id));
      return row ?? null;
    },
    async openFor(orderId, card) {
      const [row] = await q.select().from(table).where(clashing(orderId, card)).orderBy(asc(table.id)).limit(1);
      return row ?? null;
    },
    async openOf(orderId) {
      return q.select().from(table).where(and(eq(table.orderId, orderId), inArray(table.state, openStates))).orderBy(asc(table.id));
    },
    async list(recent) {
      const open = await q.select().from(table).where(inArray(table.state, openStates)).orderBy(asc(table.id));
      const done = await q.select().from(table).where(notInArray(table.state, openStates)).orderBy(desc(table.updatedAt), desc(table.id)).limit(recent);
      return { open, recent: done };
    },
    async move(id, from, to, actorId, facts = {}) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(table).where(eq(table.id, id));
        if (!row) return { kind: 'gone' } as const;
        await database.holdLock(tx, lockOf(row.orderId));
        const [current] = await tx.select().from(table).where(eq(table.id, id));
        if (current!.state === to) return { kind: 'same', case: current! } as const;
        if (current!.state !== from) return { kind: 'stale', case: current! } as const;
        // Reopening a case while another open case covers its card would break "one open case per card".
        if (isOpenCase(to) && !isOpenCase(from)) {
          const [other] = await tx.select().from(table).where(clashing(row.orderId, row.card));
          if (other) return { kind: 'stale', case: current! } as const;
        }
        const now = new Date(clock.now());
        const [moved] = await tx
          .update(table)
          .set({ state: to, updatedAt: now, closedAt: isOpenCase(to) ? null : now })
          .where(and(eq(table.id, id), eq(table.state, from)))
          .returning();
        await appendAuditRow(tx, database.tables, now, {
          actorId,
          action: 'case.moved',
          orderId: row.orderId,
          amount: null,
          subjectId: row.ordererId,
          facts: { case: id, from, to, ...facts },
        });
        return { kind: 'moved', case: moved!, from } as const;
      });
    },
    async noteAnswer(id, answer, actorId) {
      return database.transaction(async (tx) => {
        const now = new Date(clock.now());
        const [row] = await tx.update(table).set({ providerAnswer: answer, updatedAt: now }).where(eq(table.id, id)).returning();
        if (!row) return null;
        await appendAuditRow(tx, database.tables, now, {
          actorId,
          action: 'case.answered',
          orderId: row.orderId,
          amount: null,
          subjectId: row.ordererId,
          facts: { case: id, answer },
        });
        return row;
      });
    },
    async forOrders(orderIds) {
      if (orderIds.length === 0) return [];
      return q.select().from(table).where(inArray(table.orderId, [...orderIds])).orderBy(desc(table.id));
    },
    async openSince(at) {
      return q
        .select()
        .from(table)
        .where(and(inArray(table.state, openStates), lte(table.openedAt, new Date(at))))
        .orderBy(asc(table.id));
    },
  };
}
