import type { ApprovalAnnouncer } from '../../../orders/approval-announcer.js';
import type { ApprovalService } from '../../../orders/approval-service.js';
import { totalOf } from '../../../db/approval-store.js';
import type { PlaceInput } from '../../../orders/order-service.js';
import type { VelocityGuard } from '../../../safeguards/velocity/velocity-guard.js';
import { linesTotal } from '../../../orders/order-line.js';
import type { ApprovalWaiting, VelocityRefused } from './order-types.js';

/**
 * What Confirm does with an order above the person's approval threshold:
 * stores the request and asks the administrators, once. A replayed Confirm
 * finds the stored request and asks nobody again. Null when the order needs
 * no approval and can be placed.
 */
export function createApprovalRequester(approvals: { service: ApprovalService; announcer: ApprovalAnnouncer; velocity?: Pick<VelocityGuard, 'pending'> }) {
  return async (input: PlaceInput): Promise<ApprovalWaiting | VelocityRefused | null> => {
    const { velocity } = approvals;
    // A new request beyond the person's waiting ones is refused; a replayed Confirm finds its own request below.
    if (velocity && (await approvals.service.byConfirmKey(input.confirmKey)) === null && (await approvals.service.needsApproval(input.userId, linesTotal(input.lines), input.purpose?.costCentreId))) {
      const waiting = (await approvals.service.listPending()).filter((row) => row.requesterId === input.userId).length;
      const verdict = await velocity.pending(input.userId, waiting);
      if (!verdict.ok) return { kind: 'velocity', verdict };
    }
    const stored = await approvals.service.requestIfNeeded(input);
    if (!stored) return null;
    if (stored.created) await approvals.announcer.announce(stored.approval);
    const { approval } = stored;
    return {
      kind: 'approval',
      total: totalOf(approval),
      expiresAt: approval.expiresAt.getTime(),
    };
  };
}
