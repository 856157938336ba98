CREATE TABLE `approval_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`approval_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`approval_id`) REFERENCES `approvals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `approval_cards_approval_idx` ON `approval_cards` (`approval_id`);