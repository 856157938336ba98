import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { codeMessages, orders } from '../../db/schema.js';
import type { Db } from '../../db/open.js';

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

/** What a due claim matches: waiting, or claimed long ago by a pass that never finished. */
const claimableWhere = (t: typeof codeMessages, staleBefore: Date) =>
  or(eq(t.state, 'kept'), and(eq(t.state, 'working'), lte(t.claimedAt, staleBefore)));

export function createSqliteCodeMessageStore(deps: { db: Db }): CodeMessageStore {
  const { db } = deps;
  return {
    async record(message) {
      db.insert(codeMessages)
        .values({ chatId: message.chatId, messageId: message.messageId, orderId: message.orderId, sentAt: new Date(message.sentAt), state: 'kept' })
        .run();
    },
    async claimDue(input) {
      const staleBefore = new Date(input.staleBefore);
      const candidates = db
        .select({ id: codeMessages.id })
        .from(codeMessages)
        .where(and(claimableWhere(codeMessages, staleBefore), lte(codeMessages.sentAt, new Date(input.sentBefore))))
        .orderBy(asc(codeMessages.sentAt), asc(codeMessages.id))
        .limit(input.limit)
        .all();
      const claimed: number[] = [];
      for (const { id } of candidates) {
        const won = db
          .update(codeMessages)
          .set({ state: 'working', claimedAt: new Date(input.now) })
          .where(and(eq(codeMessages.id, id), claimableWhere(codeMessages, staleBefore)))
          .run();
        if (won.changes > 0) claimed.push(id);
      }
      if (claimed.length === 0) return [];
      return db
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
        .orderBy(asc(codeMessages.sentAt), asc(codeMessages.id))
        .all()
        .map((row) => ({ ...row, sentAt: row.sentAt.getTime(), claimedAt: input.now }));
    },
    async finish(id, claimedAt, outcome, at, error = null) {
      const done = db
        .update(codeMessages)
        .set({ state: outcome, doneAt: new Date(at), lastError: error })
        .where(and(eq(codeMessages.id, id), eq(codeMessages.state, 'working'), eq(codeMessages.claimedAt, new Date(claimedAt))))
        .run();
      return done.changes > 0;
    },
    async release(id, claimedAt, error) {
      const done = db
        .update(codeMessages)
        .set({ state: 'kept', claimedAt: null, attempts: sql`${codeMessages.attempts} + 1`, lastError: error })
        .where(and(eq(codeMessages.id, id), eq(codeMessages.state, 'working'), eq(codeMessages.claimedAt, new Date(claimedAt))))
        .run();
      return done.changes > 0;
    },
    async prune(before) {
      return db.delete(codeMessages).where(lt(codeMessages.sentAt, new Date(before))).run().changes;
    },
  };
}
