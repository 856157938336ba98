PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`audience` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`parts_sent` integer DEFAULT 0 NOT NULL,
	`sent_at` integer,
	`last_error` text,
	`lease_owner` text,
	`lease_expires_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "notifications_kind_check" CHECK(kind in ('delivered', 'failed', 'cancelled', 'refunded', 'action_required', 'unrecognised', 'interrupted', 'adopted', 'not_placed', 'needs_review', 'stale')),
	CONSTRAINT "notifications_audience_check" CHECK("__new_notifications"."audience" in ('orderer', 'admins')),
	CONSTRAINT "notifications_status_check" CHECK("__new_notifications"."status" in ('pending', 'sent', 'undeliverable'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "order_id", "kind", "audience", "status", "created_at", "next_attempt_at", "attempts", "parts_sent", "sent_at", "last_error", "lease_owner", "lease_expires_at") SELECT "id", "order_id", "kind", "audience", "status", "created_at", "next_attempt_at", "attempts", "parts_sent", "sent_at", "last_error", "lease_owner", "lease_expires_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_order_kind_idx` ON `notifications` (`order_id`,`kind`);--> statement-breakpoint
CREATE INDEX `notifications_due_idx` ON `notifications` (`status`,`next_attempt_at`);