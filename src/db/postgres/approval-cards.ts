import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { ApprovalCards } from '../../orders/approval-cards.js';
import type { PgDb } from './open.js';
import { approvalCards } from './schema.js';

/** Where each request's Approve and Reject went, on PostgreSQL: the same cards as on SQLite. */
export function createPostgresApprovalCards(deps: { db: PgDb; clock: Clock }): ApprovalCards {
  const { db, clock } = deps;
  return {
    async record(approvalId, card) {
      await db.insert(approvalCards).values({ approvalId, chatId: card.chatId, messageId: card.messageId, createdAt: new Date(clock.now()) });
    },
    async take(approvalId) {
      // A DELETE ... RETURNING deletes each row once, so two settlings at once never both get a card.
      const taken = await db
        .delete(approvalCards)
        .where(eq(approvalCards.approvalId, approvalId))
        .returning({ id: approvalCards.id, chatId: approvalCards.chatId, messageId: approvalCards.messageId });
      // In the order they were sent, as SQLite hands them out.
      return taken.sort((a, b) => a.id - b.id).map(({ chatId, messageId }) => ({ chatId, messageId }));
    },
  };
}
