import type { ApprovalAnnouncer } from '../../../orders/approval-announcer.js';
import type { ApprovalService } from '../../../orders/approval-service.js';
import { totalOf } from '../../../orders/approval-repo.js';
import type { PlaceInput } from '../../../orders/order-service.js';
import type { ApprovalWaiting } from './order-types.js';

/**
 * What Confirm does with an order above the person's approval threshold:
 * stores the request and asks the administrators, once. A replayed Confirm
 * finds the stored request and asks nobody again. Null when the order needs
 * no approval and can be placed.
 */
export function createApprovalRequester(approvals: { service: ApprovalService; announcer: ApprovalAnnouncer }) {
  return async (input: PlaceInput): Promise<ApprovalWaiting | null> => {
    const stored = await approvals.service.requestIfNeeded(input);
    if (!stored) return null;
    if (stored.created) await approvals.announcer.announce(stored.approval);
    const { approval } = stored;
    return {
      total: totalOf(approval),
      expiresAt: approval.expiresAt.getTime(),
    };
  };
}
