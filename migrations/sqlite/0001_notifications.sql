CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`audience` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` integer,
	`last_error` text,
	`lease_owner` text,
	`lease_expires_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notifications_kind_check" CHECK(kind in ('delivered', 'failed', 'cancelled', 'refunded', 'action_required', 'unrecognised', 'adopted', 'not_placed', 'needs_review', 'stale')),
	CONSTRAINT "notifications_audience_check" CHECK("notifications"."audience" in ('orderer', 'admins')),
	CONSTRAINT "notifications_status_check" CHECK("notifications"."status" in ('pending', 'sent', 'undeliverable'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_order_kind_idx` ON `notifications` (`order_id`,`kind`);--> statement-breakpoint
CREATE INDEX `notifications_due_idx` ON `notifications` (`status`,`next_attempt_at`);