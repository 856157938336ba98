import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { FINAL_STATES } from '../domain/order-lifecycle.js';
import { SETTLED_APPROVAL_STATES } from '../domain/approvals.js';
import type { OrderLine } from '../domain/order-line.js';
import type { Database } from './seam/database.js';

/** The lines with every answer's value taken out; the field's title stays, so views can say what was erased. */
function eraseAnswers(lines: readonly OrderLine[], days: number): OrderLine[] {
  return lines.map((line) => ({ ...line, fields: line.fields.map((field) => ({ fieldId: field.fieldId, title: field.title, value: '', erasedAfterDays: days })) }));
}

export interface EraseAnswers {
  /** Orders that settled (reached a final state) before this time. */
  settledBefore: number;
  /** The setting, recorded on each erased answer. */
  days: number;
  now: number;
  limit: number;
}

/**
 * Keeps only what is needed: end customers' answers on settled orders,
 * strangers' rows. The order, its amounts and its audit rows are never
 * touched. Each order is erased by one compare-and-swap update on the row
 * as read (no transaction holds the read), so it needs no money lock: a
 * settled order's amounts and state are never written here, and a change
 * to the row meanwhile makes the update a no-op.
 */
export interface RetentionStore {
  /** Erases the answers of up to `limit` settled orders; the ids of the orders erased. */
  eraseAnswers(input: EraseAnswers): Promise<number[]>;
  /**
   * The same for approval requests decided (approved, rejected) or lapsed
   * before `settledBefore`: a refused request's answers are no more needed
   * than a settled order's; an approved one's order keeps its own copy
   * until that order is due.
   */
  eraseApprovalAnswers(input: EraseAnswers): Promise<number[]>;
  /**
   * Forgets strangers: the hourly-reply rows last used before `before`,
   * and the names of people last seen before then who are not on the
   * staff and never ordered, asked for an approval or appear in the audit
   * (those names are kept, or the records would lose who did what).
   */
  expireStrangers(before: number): Promise<{ replies: number; people: number }>;
}


export function createRetentionStore(deps: { database: Database }): RetentionStore {
  const { q, tables } = deps.database;
  const { approvals, auditLog, orders, people, staff, strangerReplies } = tables;
  /** Settled before `at`: finished_at where the move to a final state set it, updated_at on older rows. */
  const settledBefore = (at: Date) => or(and(isNotNull(orders.finishedAt), lt(orders.finishedAt, at)), and(isNull(orders.finishedAt), lt(orders.updatedAt, at)));
  return {
    async eraseAnswers(input) {
      const due = await q
        .select({ id: orders.id, lines: orders.lines, updatedAt: orders.updatedAt })
        .from(orders)
        .where(and(isNull(orders.answersErasedAt), inArray(orders.state, [...FINAL_STATES]), settledBefore(new Date(input.settledBefore))))
        .orderBy(asc(orders.id))
        .limit(input.limit);
      const erased: number[] = [];
      for (const row of due) {
        const done = await q
          .update(orders)
          .set({ lines: eraseAnswers(row.lines, input.days), answersErasedAt: new Date(input.now) })
          .where(and(eq(orders.id, row.id), isNull(orders.answersErasedAt), eq(orders.updatedAt, row.updatedAt), inArray(orders.state, [...FINAL_STATES])))
          .returning({ id: orders.id });
        if (done.length > 0) erased.push(row.id);
      }
      return erased;
    },
    async eraseApprovalAnswers(input) {
      const settled = inArray(approvals.state, [...SETTLED_APPROVAL_STATES]);
      const due = await q
        .select({ id: approvals.id, lines: approvals.lines, updatedAt: approvals.updatedAt })
        .from(approvals)
        .where(and(isNull(approvals.answersErasedAt), settled, lt(approvals.updatedAt, new Date(input.settledBefore))))
        .orderBy(asc(approvals.id))
        .limit(input.limit);
      const erased: number[] = [];
      for (const row of due) {
        const done = await q
          .update(approvals)
          .set({ lines: eraseAnswers(row.lines, input.days), answersErasedAt: new Date(input.now) })
          .where(and(eq(approvals.id, row.id), isNull(approvals.answersErasedAt), eq(approvals.updatedAt, row.updatedAt), settled))
          .returning({ id: approvals.id });
        if (done.length > 0) erased.push(row.id);
      }
      return erased;
    },
    async expireStrangers(before) {
      const cutoff = new Date(before);
      const replies = await q.delete(strangerReplies).where(lt(strangerReplies.lastReplyAt, cutoff)).returning({ id: strangerReplies.telegramId });
      const gone = await q
        .delete(people)
        .where(
          and(
            lt(people.updatedAt, cutoff),
            notExists(q.select({ one: sql`1` }).from(staff).where(eq(staff.telegramId, people.telegramId))),
            notExists(q.select({ one: sql`1` }).from(orders).where(eq(orders.userId, people.telegramId))),
            notExists(q.select({ one: sql`1` }).from(approvals).where(eq(approvals.requesterId, people.telegramId))),
            notExists(q.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.actorId, people.telegramId))),
            notExists(q.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.subjectId, people.telegramId))),
          ),
        )
        .returning({ id: people.telegramId });
      return { replies: replies.length, people: gone.length };
    },
  };
}
