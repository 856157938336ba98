CREATE TABLE `update_queue` (
	`update_id` integer PRIMARY KEY NOT NULL,
	`chat_key` text NOT NULL,
	`payload` text,
	`received_at` integer NOT NULL,
	`claim_token` text,
	`claimed_by` text,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`done_at` integer
);
--> statement-breakpoint
CREATE INDEX `update_queue_chat_idx` ON `update_queue` (`chat_key`,`update_id`);--> statement-breakpoint
CREATE INDEX `update_queue_pending_idx` ON `update_queue` (`update_id`) WHERE done_at is null;--> statement-breakpoint
CREATE INDEX `update_queue_done_idx` ON `update_queue` (`done_at`);