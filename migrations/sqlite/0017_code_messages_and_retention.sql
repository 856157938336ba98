CREATE TABLE `code_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`state` text NOT NULL,
	`claimed_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`done_at` integer,
	`last_error` text,
	CONSTRAINT "code_messages_state_check" CHECK(state in ('kept', 'working', 'replaced', 'deleted', 'gone', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `code_messages_due_idx` ON `code_messages` (`state`,`sent_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `answers_erased_at` integer;--> statement-breakpoint
CREATE INDEX `orders_answers_kept_idx` ON `orders` (`finished_at`) WHERE answers_erased_at is null;