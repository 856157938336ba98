-- An approval request can end withdrawn by its orderer ('withdrawn').
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_state_check";--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_state_check" CHECK (state in ('pending', 'approving', 'approved', 'rejected', 'expired', 'withdrawn'));