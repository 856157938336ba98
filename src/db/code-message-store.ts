import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from './seam/database.js';

/** A message carrying codes that a pass has claimed: where it is, and the order it showed. */
export interface CodeMessageRow {
  id: number;
  chatId: number;
  messageId: number;
  orderId: number;
  /** The order's reference, null when it has none (then it is named by #id). */
  orderReference: string | null;
  sentAt: number;
  attempts: number;
  /** The claim's own time: finish and release change the row only while it is still this claim. */
  claimedAt: number;
}

export type CodeMessageOutcome = 'replaced' | 'deleted' | 'gone' | 'failed';

export interface SentCodeMessage {
  chatId: number;
  messageId: number;
  orderId: number;
  sentAt: number;
}

export interface ClaimDue {
  /** Messages sent at or before this time are due. */
  sentBefore: number;
  now: number;
  /** A claim made at or before this time was left by a pass that stopped: it may be claimed again. */
  staleBefore: number;
  limit: number;
}

/**
 * Where every message carrying codes went, so that they can be taken out
 * of the chat later (src/safeguards/retention/code-messages.ts). Each due row is
 * claimed by compare-and-swap, so two instances never both act on one
 * message; finishing and releasing hold only for the claim that made them.
 */
export interface CodeMessageStore {
  record(message: SentCodeMessage): Promise<void>;
  /** Claims up to `limit` due messages, oldest first. */
  claimDue(input: ClaimDue): Promise<CodeMessageRow[]>;
  /** Records what became of a claimed message; false when the claim was lost meanwhile. */
  finish(id: number, claimedAt: number, outcome: CodeMessageOutcome, at: number, error?: string | null): Promise<boolean>;
  /** Gives a claimed message back for a later pass, the attempt counted. */
  release(id: number, claimedAt: number, error: string): Promise<boolean>;
  /** Forgets messages sent before `before`: Telegram no longer lets the bot touch them. */
  prune(before: number): Promise<number>;
}

export function createCodeMessageStore(deps: { database: Database }): CodeMessageStore {
  const { q, tables } = deps.database;
  const { codeMessages, orders } = tables;
  /** What a due claim matches: waiting, or claimed long ago by a pass that never finished. */
  const claimable = (staleBefore: Date) => or(eq(codeMessages.state, 'kept'), and(eq(codeMessages.state, 'working'), lte(codeMessages.claimedAt, staleBefore)));
  return {
    async record(message) {
      await q
        .insert(codeMessages)
        .values({ chatId: message.chatId, messageId: message.messageId, orderId: message.orderId, sentAt: new Date(message.sentAt), state: 'kept' });
    },
    async claimDue(input) {
      const staleBefore = new Date(input.staleBefore);
      const candidates = await q
        .select({ id: codeMessages.id })
        .from(codeMessages)
        .where(and(claimable(staleBefore), lte(codeMessages.sentAt, new Date(input.sentBefore))))
        .orderBy(asc(codeMessages.sentAt), asc(codeMessages.id))
        .limit(input.limit);
      const claimed: number[] = [];
      for (const { id } of candidates) {
        const won = await q
          .update(codeMessages)
          .set({ state: 'working', claimedAt: new Date(input.now) })
          .where(and(eq(codeMessages.id, id), claimable(staleBefore)))
          .returning({ id: codeMessages.id });
        if (won.length > 0) claimed.push(id);
      }
      if (claimed.length === 0) return [];
      const rows = await q
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
      const done = await q
        .update(codeMessages)
        .set({ state: outcome, doneAt: new Date(at), lastError: error })
        .where(and(eq(codeMessages.id, id), eq(codeMessages.state, 'working'), eq(codeMessages.claimedAt, new Date(claimedAt))))
        .returning({ id: codeMessages.id });
      return done.length > 0;
    },
    async release(id, claimedAt, error) {
      const done = await q
        .update(codeMessages)
        .set({ state: 'kept', claimedAt: null, attempts: sql`${codeMessages.attempts} + 1`, lastError: error })
        .where(and(eq(codeMessages.id, id), eq(codeMessages.state, 'working'), eq(codeMessages.claimedAt, new Date(claimedAt))))
        .returning({ id: codeMessages.id });
      return done.length > 0;
    },
    async prune(before) {
      const gone = await q.delete(codeMessages).where(lt(codeMessages.sentAt, new Date(before))).returning({ id: codeMessages.id });
      return gone.length;
    },
  };
}
