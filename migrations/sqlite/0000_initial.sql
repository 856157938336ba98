CREATE TABLE `app_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`order_id` integer,
	`amount` integer,
	`detail` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_order_idx` ON `audit_log` (`order_id`);--> statement-breakpoint
CREATE TABLE `bot_sessions` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`parent_id` integer,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`confirm_key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`product_id` integer NOT NULL,
	`product_title` text NOT NULL,
	`region_property_id` integer NOT NULL,
	`region_title` text,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`field_values` text NOT NULL,
	`state` text NOT NULL,
	`provider_order_id` integer,
	`provider_reference` text,
	`provider_status` text,
	`provider_message` text,
	`sandbox` integer NOT NULL,
	`created_at` integer NOT NULL,
	`posted_at` integer,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	`next_check_at` integer,
	`check_count` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`stale_reported_at` integer,
	CONSTRAINT "orders_state_check" CHECK(state in ('intent', 'placing', 'unknown', 'rejected', 'not_placed', 'in_progress', 'action_required', 'unrecognised', 'completed', 'failed', 'cancelled', 'refunded', 'needs_review')),
	CONSTRAINT "orders_quantity_check" CHECK("orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_confirm_key_idx` ON `orders` (`confirm_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_order_id_idx` ON `orders` (`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_placing_idx` ON `orders` (`state`) WHERE state = 'placing';--> statement-breakpoint
CREATE UNIQUE INDEX `orders_open_fingerprint_idx` ON `orders` (`fingerprint`) WHERE state in ('placing', 'unknown', 'needs_review');--> statement-breakpoint
CREATE INDEX `orders_next_check_idx` ON `orders` (`next_check_at`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`search_text` text NOT NULL,
	`category_id` integer,
	`is_available` integer,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category_id`,`position`);--> statement-breakpoint
CREATE TABLE `staff` (
	`telegram_id` integer PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`source` text NOT NULL,
	`added_by` integer,
	`locale` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "staff_role_check" CHECK("staff"."role" in ('admin', 'staff')),
	CONSTRAINT "staff_source_check" CHECK("staff"."source" in ('env', 'chat')),
	CONSTRAINT "staff_locale_check" CHECK("staff"."locale" is null or "staff"."locale" in ('en', 'fa'))
);
--> statement-breakpoint
CREATE TABLE `stranger_replies` (
	`telegram_id` integer PRIMARY KEY NOT NULL,
	`last_reply_at` integer NOT NULL
);
