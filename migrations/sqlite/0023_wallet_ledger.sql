CREATE TABLE `wallet_ledger` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`amount` integer NOT NULL,
	`balance_after` integer,
	`provider_order_id` integer,
	`description` text,
	`created_at` text,
	`at` integer,
	`seen_at` integer NOT NULL,
	`baseline` integer NOT NULL,
	`verdict` text,
	`judged_at` integer
);
--> statement-breakpoint
CREATE INDEX `wallet_ledger_at_idx` ON `wallet_ledger` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `wallet_ledger_order_idx` ON `wallet_ledger` (`provider_order_id`);--> statement-breakpoint
CREATE INDEX `wallet_ledger_unjudged_idx` ON `wallet_ledger` (`id`) WHERE verdict is null and baseline = 0;