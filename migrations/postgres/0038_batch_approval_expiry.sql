-- A batch waiting for an administrator expires, as a single request does
-- (see the SQLite migration). Batches already waiting get the default
-- deadline (a day) from their Confirm, the last write of a waiting batch.
ALTER TABLE "batches" DROP CONSTRAINT "batches_state_check";--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "approval_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "batches_state_expiry_idx" ON "batches" USING btree ("state","approval_expires_at");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_state_check" CHECK (state in ('draft', 'waiting-approval', 'running', 'held', 'placed', 'done', 'stopped', 'cancelled', 'expired'));--> statement-breakpoint
UPDATE "batches" SET "approval_expires_at" = "updated_at" + interval '1 day' WHERE "state" = 'waiting-approval';
