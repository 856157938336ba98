ALTER TABLE "approvals" ADD COLUMN "owner_lock" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "owner_lock" bigint;--> statement-breakpoint
CREATE INDEX "orders_in_hand_idx" ON "orders" USING btree ("state") WHERE state in ('intent', 'placing');