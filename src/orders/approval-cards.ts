import { eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from '../db/open.js';
import { approvalCards } from '../db/schema.js';

export interface ApprovalCard {
  chatId: number;
  messageId: number;
}

/** Where each request's Approve and Reject buttons were sent, on any database. */
export interface ApprovalCards {
  record(approvalId: number, card: ApprovalCard): Promise<void>;
  /**
   * The request's cards, forgotten as they are handed out: their buttons are
   * about to go. One statement, so two settlings at once share the cards
   * out between them and none is handed out twice.
   */
  take(approvalId: number): Promise<ApprovalCard[]>;
}

export function createSqliteApprovalCards(deps: { db: Db; clock: Clock }): ApprovalCards {
  const { db, clock } = deps;
  return {
    async record(approvalId, card) {
      db.insert(approvalCards).values({ approvalId, chatId: card.chatId, messageId: card.messageId, createdAt: new Date(clock.now()) }).run();
    },
    async take(approvalId) {
      return db
        .delete(approvalCards)
        .where(eq(approvalCards.approvalId, approvalId))
        .returning({ chatId: approvalCards.chatId, messageId: approvalCards.messageId })
        .all();
    },
  };
}
