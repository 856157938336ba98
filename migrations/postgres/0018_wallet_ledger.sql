CREATE TABLE "wallet_ledger" (
	"id" bigint PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"provider_order_id" bigint,
	"description" text,
	"created_at" text,
	"at" bigint,
	"seen_at" bigint NOT NULL,
	"baseline" boolean NOT NULL,
	"verdict" text,
	"judged_at" bigint
);
--> statement-breakpoint
CREATE INDEX "wallet_ledger_at_idx" ON "wallet_ledger" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_order_idx" ON "wallet_ledger" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_unjudged_idx" ON "wallet_ledger" USING btree ("id") WHERE verdict is null and baseline = false;