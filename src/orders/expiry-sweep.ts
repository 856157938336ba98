import type { Logger } from '../logger.js';
import type { ApprovalAnnouncer } from './approval-announcer.js';
import type { ApprovalService } from './approval-service.js';

/** How often waiting requests are checked for their deadline. */
export const APPROVAL_SWEEP_MS = 30_000;

/**
 * Expires requests whose deadline passed. The deadline is stored with the
 * request, so a restart neither forgets one nor gives it more time; the
 * move to 'expired' is a compare-and-swap, so an Approve pressed at the same
 * moment either wins (and places) or finds it expired (and places nothing).
 */
export function createApprovalExpirySweep(deps: {
  approvals: Pick<ApprovalService, 'expireDue' | 'approversFor'>;
  announcer: Pick<ApprovalAnnouncer, 'expired'>;
  logger: Logger;
}): () => Promise<void> {
  return async () => {
    const expired = await deps.approvals.expireDue();
    for (const approval of expired) {
      deps.logger.info({ approvalId: approval.id, requesterId: approval.requesterId }, 'approval request expired');
      await deps.announcer.expired(approval, deps.approvals.approversFor(approval).filter((id) => id !== approval.requesterId));
    }
  };
}
