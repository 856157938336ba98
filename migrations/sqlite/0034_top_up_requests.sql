CREATE TABLE `top_up_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requested_by` integer NOT NULL,
	`amount` integer NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	`received_at` integer,
	`credit_id` integer,
	`credit_amount` integer
);
--> statement-breakpoint
CREATE INDEX `top_up_requests_open_idx` ON `top_up_requests` (`received_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `top_up_requests_credit_idx` ON `top_up_requests` (`credit_id`);