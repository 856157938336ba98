CREATE TABLE `expiry_news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`told_at` integer,
	`lease_until` integer,
	`lease_token` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "expiry_news_kind_check" CHECK(kind in ('order', 'batch', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `expiry_news_subject_idx` ON `expiry_news` (`kind`,`subject_id`);