CREATE TABLE `favourites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`lines` text NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`last_used_at` integer,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "favourites_kind_check" CHECK(kind in ('product', 'order'))
);
--> statement-breakpoint
CREATE INDEX `favourites_owner_idx` ON `favourites` (`owner_id`);