import type { BatchRecord } from '../db/batch-store.js';
import type { Logger } from '../logger.js';
import type { BatchApprovalCards } from './batch-approval-cards.js';
import type { BatchService } from './batch-service.js';

/**
 * Expires batches that waited for an administrator past their deadline, on
 * the approval expiry's beat (src/orders/expiry-sweep.ts). The deadline is
 * kept with the batch, so a restart neither forgets one nor gives it more
 * time; the move to 'expired' is one conditional update, so an Approve
 * pressed at the same moment either wins (and the batch runs) or finds it
 * expired (and nothing is placed), and of two instances one expires it.
 * Every copy of its approval card then says so, in place of its buttons,
 * and the orderer is told in their language.
 */
export function createBatchExpirySweep(deps: {
  batches: Pick<BatchService, 'expireDue'>;
  cards: Pick<BatchApprovalCards, 'settle'>;
  /** Tells the orderer that their batch expired; they are not told once removed from the staff. */
  tellRequester: (batch: BatchRecord) => Promise<void>;
  logger: Logger;
}): () => Promise<void> {
  return async () => {
    for (const batch of await deps.batches.expireDue()) {
      // One batch's trouble (a card that cannot be edited, a chat that refuses) does not keep the others' news back.
      try {
        await deps.cards.settle(batch, { kind: 'expired' });
        await deps.tellRequester(batch);
      } catch (error) {
        deps.logger.warn({ batchId: batch.id, err: error instanceof Error ? error.name : String(error) }, 'expired batch not fully told');
      }
    }
  };
}
