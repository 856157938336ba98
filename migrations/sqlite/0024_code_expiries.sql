CREATE TABLE `code_expiries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`item_index` integer NOT NULL,
	`card_index` integer NOT NULL,
	`product_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	`handed_over_at` integer,
	`reminder_state` text,
	`reminded_at` integer,
	CONSTRAINT "code_expiries_reminder_state_check" CHECK(reminder_state is null or reminder_state in ('sending', 'sent', 'withheld', 'undeliverable'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `code_expiries_card_idx` ON `code_expiries` (`order_id`,`item_index`,`card_index`);--> statement-breakpoint
CREATE INDEX `code_expiries_expires_idx` ON `code_expiries` (`expires_at`);