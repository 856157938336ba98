import { and, asc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { FINAL_STATES } from '../../orders/order-states.js';
import { eraseAnswers, SETTLED_APPROVAL_STATES, type RetentionStore } from '../../safeguards/retention/retention-store.js';
import type { PgDb } from './open.js';
import { approvals, auditLog, orders, people, staff, strangerReplies } from './schema.js';

/**
 * As the SQLite store. Each order is erased by one compare-and-swap update
 * on the row as read (no transaction holds the read), so it needs no money
 * lock: a settled order's amounts and state are never written here, and a
 * change to the row meanwhile makes the update a no-op.
 */
export function createPostgresRetentionStore(deps: { db: PgDb }): RetentionStore {
  const { db } = deps;
  const settledAt = sql`coalesce(${orders.finishedAt}, ${orders.updatedAt})`;
  return {
    async eraseAnswers(input) {
      const due = await db
        .select({ id: orders.id, lines: orders.lines, updatedAt: orders.updatedAt })
        .from(orders)
        .where(and(isNull(orders.answersErasedAt), inArray(orders.state, [...FINAL_STATES]), lt(settledAt, new Date(input.settledBefore))))
        .orderBy(asc(orders.id))
        .limit(input.limit);
      const erased: number[] = [];
      for (const row of due) {
        const done = await db
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
      const due = await db
        .select({ id: approvals.id, lines: approvals.lines, updatedAt: approvals.updatedAt })
        .from(approvals)
        .where(and(isNull(approvals.answersErasedAt), settled, lt(approvals.updatedAt, new Date(input.settledBefore))))
        .orderBy(asc(approvals.id))
        .limit(input.limit);
      const erased: number[] = [];
      for (const row of due) {
        const done = await db
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
      const replies = await db.delete(strangerReplies).where(lt(strangerReplies.lastReplyAt, cutoff)).returning({ id: strangerReplies.telegramId });
      const gone = await db
        .delete(people)
        .where(
          and(
            lt(people.updatedAt, cutoff),
            notExists(db.select({ one: sql`1` }).from(staff).where(eq(staff.telegramId, people.telegramId))),
            notExists(db.select({ one: sql`1` }).from(orders).where(eq(orders.userId, people.telegramId))),
            notExists(db.select({ one: sql`1` }).from(approvals).where(eq(approvals.requesterId, people.telegramId))),
            notExists(db.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.actorId, people.telegramId))),
            notExists(db.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.subjectId, people.telegramId))),
          ),
        )
        .returning({ id: people.telegramId });
      return { replies: replies.length, people: gone.length };
    },
  };
}
