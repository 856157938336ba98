-- Orders and approvals hold a list of lines (one per product) instead of one
-- product's columns: each existing row becomes a list of one line, in the
-- shape of OrderLine (src/db/schema-values.ts). Notifications lose the
-- audience column, which nothing read. openDb runs the migrations with
-- foreign keys off and checks them before it commits, so rebuilding orders
-- (which other tables reference) keeps every reference.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_approvals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requester_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`confirm_key` text NOT NULL,
	`state` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`reason` text,
	`order_id` integer,
	`lines` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "approvals_state_check" CHECK(state in ('pending', 'approving', 'approved', 'rejected', 'expired'))
);
--> statement-breakpoint
INSERT INTO `__new_approvals`("id", "requester_id", "chat_id", "confirm_key", "state", "revision", "created_at", "updated_at", "expires_at", "decided_by", "decided_at", "reason", "order_id", "lines") SELECT "id", "requester_id", "chat_id", "confirm_key", "state", "revision", "created_at", "updated_at", "expires_at", "decided_by", "decided_at", "reason", "order_id", json_array(json_object('product', json_object('id', "product_id", 'title', "product_title"), 'region', json_object('regionPropertyId', "region_property_id", 'title', "region_title", 'price', "unit_price"), 'quantity', "quantity", 'fields', json("field_values"))) FROM `approvals`;--> statement-breakpoint
DROP TABLE `approvals`;--> statement-breakpoint
ALTER TABLE `__new_approvals` RENAME TO `approvals`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `approvals_confirm_key_idx` ON `approvals` (`confirm_key`);--> statement-breakpoint
CREATE INDEX `approvals_state_expiry_idx` ON `approvals` (`state`,`expires_at`);--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
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
	CONSTRAINT "notifications_status_check" CHECK("__new_notifications"."status" in ('pending', 'sent', 'undeliverable'))
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "order_id", "kind", "status", "created_at", "next_attempt_at", "attempts", "parts_sent", "sent_at", "last_error", "lease_owner", "lease_expires_at") SELECT "id", "order_id", "kind", "status", "created_at", "next_attempt_at", "attempts", "parts_sent", "sent_at", "last_error", "lease_owner", "lease_expires_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_order_kind_idx` ON `notifications` (`order_id`,`kind`);--> statement-breakpoint
CREATE INDEX `notifications_due_idx` ON `notifications` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`confirm_key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`total_amount` integer NOT NULL,
	`state` text NOT NULL,
	`provider_order_id` integer,
	`provider_reference` text,
	`provider_status` text,
	`provider_message` text,
	`sandbox` integer NOT NULL,
	`created_at` integer NOT NULL,
	`posted_at` integer,
	`post_ended_at` integer,
	`updated_at` integer NOT NULL,
	`finished_at` integer,
	`next_check_at` integer,
	`check_count` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`stale_reported_at` integer,
	`review_candidates` text,
	`accepted_order_id` integer,
	`accepted_reference` text,
	`accepted_amount` integer,
	`adoption_proof` text,
	`lines` text NOT NULL,
	CONSTRAINT "orders_state_check" CHECK(state in ('intent', 'placing', 'unknown', 'rejected', 'not_placed', 'in_progress', 'action_required', 'unrecognised', 'completed', 'failed', 'cancelled', 'refunded', 'needs_review'))
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "user_id", "chat_id", "confirm_key", "fingerprint", "total_amount", "state", "provider_order_id", "provider_reference", "provider_status", "provider_message", "sandbox", "created_at", "posted_at", "post_ended_at", "updated_at", "finished_at", "next_check_at", "check_count", "lease_owner", "lease_expires_at", "stale_reported_at", "review_candidates", "accepted_order_id", "accepted_reference", "accepted_amount", "adoption_proof", "lines") SELECT "id", "user_id", "chat_id", "confirm_key", "fingerprint", "total_amount", "state", "provider_order_id", "provider_reference", "provider_status", "provider_message", "sandbox", "created_at", "posted_at", "post_ended_at", "updated_at", "finished_at", "next_check_at", "check_count", "lease_owner", "lease_expires_at", "stale_reported_at", "review_candidates", "accepted_order_id", "accepted_reference", "accepted_amount", "adoption_proof", json_array(json_object('product', json_object('id', "product_id", 'title', "product_title"), 'region', json_object('regionPropertyId', "region_property_id", 'title', "region_title", 'price', "unit_price"), 'quantity', "quantity", 'fields', json("field_values"))) FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_confirm_key_idx` ON `orders` (`confirm_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_order_id_idx` ON `orders` (`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_placing_idx` ON `orders` (`state`) WHERE state = 'placing';--> statement-breakpoint
CREATE UNIQUE INDEX `orders_open_fingerprint_idx` ON `orders` (`fingerprint`) WHERE state in ('placing', 'unknown', 'needs_review');--> statement-breakpoint
CREATE INDEX `orders_next_check_idx` ON `orders` (`next_check_at`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`id`);