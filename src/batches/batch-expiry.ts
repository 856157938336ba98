import type { BatchRecord } from '../db/batch-store.js';
import type { ExpiryNewsStore } from '../db/expiry-news-store.js';
import type { Logger } from '../logger.js';
import { finishOwedExpiryNews } from '../orders/expiry-news-pass.js';
import { attemptTelling } from '../text/send-port.js';
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
 * and the orderer is told in their language. That news is owed with the
 * move and finished on every pass, so a process that stopped before it
 * (or Telegram out of reach) leaves it to the next pass, on any instance.
 */
export function createBatchExpirySweep(deps: {
  batches: Pick<BatchService, 'expireDue'>;
  /** The batch as it is now, for news owed since an earlier pass. */
  batchNow: (id: number) => Promise<BatchRecord | null>;
  cards: Pick<BatchApprovalCards, 'settle'>;
  news: Pick<ExpiryNewsStore, 'claim' | 'told' | 'done' | 'release'>;
  /**
   * Tells the orderer that their batch expired; they are not told once
   * removed from the staff. Throws the send port's errors: Telegram busy
   * or out of reach leaves the telling for the next pass.
   */
  tellRequester: (batch: BatchRecord) => Promise<void>;
  logger: Logger;
}): () => Promise<void> {
  /** Whether the orderer's news is done with: told, or refused for good (blocked, chat gone). */
  const tell = async (batch: BatchRecord): Promise<boolean> =>
    (await attemptTelling(
      () => deps.tellRequester(batch),
      (error) => deps.logger.warn({ batchId: batch.id, err: error instanceof Error ? error.name : String(error) }, 'expired batch: the orderer could not be told'),
    )) !== 'try-again';
  return async () => {
    for (const batch of await deps.batches.expireDue()) deps.logger.info({ batchId: batch.id, requesterId: batch.requesterId }, 'batch approval expired');
    await finishOwedExpiryNews({
      kind: 'batch',
      news: deps.news,
      subject: deps.batchNow,
      finish: async (batch, told) => {
        // One batch's trouble (a card that cannot be edited, a chat that refuses) does not keep the others' news back.
        const cardsSettled = await deps.cards.settle(batch, { kind: 'expired' }, undefined, true);
        return { cardsSettled, told: told || (await tell(batch)) };
      },
      logger: deps.logger,
    });
  };
}
