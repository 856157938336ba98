import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { CodeMessageStore } from '../../safeguards/retention/code-message-store.js';
import type { PgDb } from './open.js';
import { codeMessages, orders } from './schema.js';

const claimable = (staleBefore: Date) => or(eq(codeMessages.state, 'kept'), and(eq(codeMessages.state, 'working'), lte(codeMessages.claimedAt, staleBefore)));

/** As the SQLite store: each due row claimed by its own compare-and-swap update, so two instances never both act on one message. */
export function createPostgresCodeMessageStore(deps: { db: PgDb }): CodeMessageStore {
  const { db } = deps;
  return {
    async record(message) {
      await db
        .insert(codeMessages)
        .values({ chatId: message.chatId, messageId: message.messageId, orderId: message.orderId, sentAt: new Date(message.sentAt), state: 'kept' });
    },
    async claimDue(input) {
      const staleBefore = new Date(input.staleBefore);
      const candidates = await db
        .select({ id: codeMessages.id })
        .from(codeMessages)
        .where(and(claimable(staleBefore), lte(codeMessages.sentAt, new Date(input.sentBefore))))
        .orderBy(asc(codeMessages.sentAt), asc(codeMessages.id))
        .limit(input.limit);
      const claimed: number[] = [];
      for (const { id } of candidates) {
        const won = await db
          .update(codeMessages)
          .set({ state: 'working', claimedAt: new Date(input.now) })
          .where(and(eq(codeMessages.id, id), claimable(staleBefore)))
          .returning({ id: codeMessages.id });
        if (won.length > 0) claimed.push(id);
      }
      if (claimed.length === 0) return [];
      const rows = await db
        .select({
          id: codeMessages.id,
          chatId: codeMessages.chatId,
          messageId: codeMessages.messageId,
          orderId: codeMessages.orderId,
          orderReference: orders.providerReference,
          sentAt: codeMessages.sentAt,
          attempts: codeMessages.attempts,
        })
        .from(codeMessages)
        .leftJoin(orders, eq(orders.id, codeMessages.orderId))
        .where(inArray(codeMessages.id, claimed))
        .orderBy(asc(codeMessages.sentAt), asc(codeMessages.id));
      return rows.map((row) => ({ ...row, sentAt: row.sentAt.getTime(), claimedAt: input.now }));
    },
    async finish(id, claimedAt, outcome, at, error = null) {
      const done = await db
        .update(codeMessages)
        .set({ state: outcome, doneAt: new Date(at), lastError: error })
        .where(and(eq(codeMessages.id, id), eq(codeMessages.state, 'working'), eq(codeMessages.claimedAt, new Date(claimedAt))))
        .returning({ id: codeMessages.id });
      return done.length > 0;
    },
    async release(id, claimedAt, error) {
      const done = await db
        .update(codeMessages)
        .set({ state: 'kept', claimedAt: null, attempts: sql`${codeMessages.attempts} + 1`, lastError: error })
        .where(and(eq(codeMessages.id, id), eq(codeMessages.state, 'working'), eq(codeMessages.claimedAt, new Date(claimedAt))))
        .returning({ id: codeMessages.id });
      return done.length > 0;
    },
    async prune(before) {
      const gone = await db.delete(codeMessages).where(lt(codeMessages.sentAt, new Date(before))).returning({ id: codeMessages.id });
      return gone.length;
    },
  };
}
