import type { ExpiryNewsStore } from '../db/expiry-news-store.js';
import type { Logger } from '../logger.js';
import type { ApprovalAnnouncer } from './approval-announcer.js';
import type { ApprovalService } from './approval-service.js';
import { finishOwedExpiryNews } from './expiry-news-pass.js';

/** How often waiting requests are checked for their deadline. */
export const APPROVAL_SWEEP_MS = 30_000;

/**
 * Expires requests whose deadline passed. The deadline is stored with the
 * request, so a restart neither forgets one nor gives it more time; the
 * move to 'expired' is a compare-and-swap, so an Approve pressed at the same
 * moment either wins (and places) or finds it expired (and places nothing).
 * The news is owed in the same transaction and finished after it, on every
 * pass: a process that stopped before its cards were settled or the
 * requester told leaves it to the next pass, on any instance.
 */
export function createApprovalExpirySweep(deps: {
  approvals: Pick<ApprovalService, 'expireDue' | 'approversFor' | 'get'>;
  announcer: Pick<ApprovalAnnouncer, 'expired'>;
  news: Pick<ExpiryNewsStore, 'claim' | 'told' | 'done' | 'release'>;
  logger: Logger;
}): () => Promise<void> {
  return async () => {
    for (const approval of await deps.approvals.expireDue()) {
      deps.logger.info({ approvalId: approval.id, requesterId: approval.requesterId }, 'approval request expired');
    }
    await finishOwedExpiryNews({
      kind: 'order',
      news: deps.news,
      subject: (id) => deps.approvals.get(id),
      finish: (approval, told) => deps.announcer.expired(approval, deps.approvals.approversFor(approval).filter((id) => id !== approval.requesterId), told),
      logger: deps.logger,
    });
  };
}
