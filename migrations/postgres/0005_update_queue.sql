CREATE TABLE "update_queue" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"chat_key" text NOT NULL,
	"payload" text,
	"received_at" timestamp with time zone NOT NULL,
	"claim_token" text,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "update_queue_chat_idx" ON "update_queue" USING btree ("chat_key","update_id");--> statement-breakpoint
CREATE INDEX "update_queue_pending_idx" ON "update_queue" USING btree ("update_id") WHERE done_at is null;--> statement-breakpoint
CREATE INDEX "update_queue_done_idx" ON "update_queue" USING btree ("done_at");