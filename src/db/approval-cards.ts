import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from './seam/database.js';

export interface ApprovalCard {
  chatId: number;
  messageId: number;
}

/** Where each request's Approve and Reject buttons were sent. */
export interface ApprovalCards {
  record(approvalId: number, card: ApprovalCard): Promise<void>;
  /**
   * The request's cards, forgotten as they are handed out: their buttons are
   * about to go. One statement, so two settlings at once share the cards
   * out between them and none is handed out twice.
   */
  take(approvalId: number): Promise<ApprovalCard[]>;
}

export function createApprovalCards(deps: { database: Database; clock: Clock }): ApprovalCards {
  const { database, clock } = deps;
  const { q } = database;
  const { approvalCards } = database.tables;
  return {
    async record(approvalId, card) {
      await q.insert(approvalCards).values({ approvalId, chatId: card.chatId, messageId: card.messageId, createdAt: new Date(clock.now()) });
    },
    async take(approvalId) {
      // A DELETE ... RETURNING deletes each row once, so two settlings at once never both get a card.
      const taken = await q
        .delete(approvalCards)
        .where(eq(approvalCards.approvalId, approvalId))
        .returning({ id: approvalCards.id, chatId: approvalCards.chatId, messageId: approvalCards.messageId });
      // In the order they were sent: RETURNING promises none.
      return taken.sort((a, b) => a.id - b.id).map(({ chatId, messageId }) => ({ chatId, messageId }));
    },
  };
}
