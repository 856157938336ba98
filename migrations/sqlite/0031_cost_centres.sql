CREATE TABLE `cost_centres` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`code` text,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`retired_at` integer
);
--> statement-breakpoint
CREATE INDEX `cost_centres_retired_idx` ON `cost_centres` (`retired_at`);--> statement-breakpoint
ALTER TABLE `approvals` ADD `cost_centre_id` integer;--> statement-breakpoint
ALTER TABLE `approvals` ADD `purpose_note` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `cost_centre_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `purpose_note` text;