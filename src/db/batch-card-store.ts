import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from './seam/database.js';

/** One message with a batch's Approve and Refuse: a private chat, or the administrators' group (in its topic's thread). */
export interface BatchCard {
  chatId: number;
  messageId: number;
  threadId: number | null;
}

/** Where each batch waiting for an administrator was announced. */
export interface BatchCardStore {
  record(batchId: number, card: BatchCard): Promise<void>;
  /**
   * The batch's cards, forgotten as they are handed out: they are about to
   * be settled. One statement, so two settlings at once (two instances, a
   * press and a code) share the cards out between them and none is settled
   * twice.
   */
  take(batchId: number): Promise<BatchCard[]>;
}

export function createBatchCardStore(deps: { database: Database; clock: Clock }): BatchCardStore {
  const { database, clock } = deps;
  const { q } = database;
  const { batchCards } = database.tables;
  return {
    async record(batchId, card) {
      await q.insert(batchCards).values({ batchId, chatId: card.chatId, messageId: card.messageId, threadId: card.threadId, createdAt: new Date(clock.now()) });
    },
    async take(batchId) {
      // A DELETE ... RETURNING deletes each row once, so two settlings at once never both get a card.
      const taken = await q
        .delete(batchCards)
        .where(eq(batchCards.batchId, batchId))
        .returning({ id: batchCards.id, chatId: batchCards.chatId, messageId: batchCards.messageId, threadId: batchCards.threadId });
      // In the order they were sent: RETURNING promises none.
      return taken.sort((a, b) => a.id - b.id).map(({ chatId, messageId, threadId }) => ({ chatId, messageId, threadId }));
    },
  };
}
