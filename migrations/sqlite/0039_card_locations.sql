CREATE TABLE `card_locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`thread_id` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "card_locations_kind_check" CHECK(kind in ('order', 'batch'))
);
--> statement-breakpoint
CREATE INDEX `card_locations_subject_idx` ON `card_locations` (`kind`,`subject_id`);--> statement-breakpoint
-- Cards live at the upgrade are still settled: every copy of both old tables is kept, in the order it was sent.
INSERT INTO `card_locations` (`kind`, `subject_id`, `chat_id`, `message_id`, `thread_id`, `created_at`) SELECT 'order', `approval_id`, `chat_id`, `message_id`, NULL, `created_at` FROM `approval_cards` ORDER BY `id`;--> statement-breakpoint
INSERT INTO `card_locations` (`kind`, `subject_id`, `chat_id`, `message_id`, `thread_id`, `created_at`) SELECT 'batch', `batch_id`, `chat_id`, `message_id`, `thread_id`, `created_at` FROM `batch_cards` ORDER BY `id`;--> statement-breakpoint
DROP TABLE `approval_cards`;--> statement-breakpoint
DROP TABLE `batch_cards`;