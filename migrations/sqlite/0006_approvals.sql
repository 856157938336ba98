CREATE TABLE `approvals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requester_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`confirm_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`product_title` text NOT NULL,
	`region_property_id` integer NOT NULL,
	`region_title` text,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`field_values` text NOT NULL,
	`state` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`reason` text,
	`order_id` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "approvals_state_check" CHECK(state in ('pending', 'approving', 'approved', 'rejected', 'expired')),
	CONSTRAINT "approvals_quantity_check" CHECK("approvals"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `approvals_confirm_key_idx` ON `approvals` (`confirm_key`);--> statement-breakpoint
CREATE INDEX `approvals_state_expiry_idx` ON `approvals` (`state`,`expires_at`);