CREATE TABLE `admin_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requester_id` integer NOT NULL,
	`change` text NOT NULL,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`reason` text,
	`cards` text DEFAULT '[]' NOT NULL,
	CONSTRAINT "admin_requests_state_check" CHECK(state in ('pending', 'confirmed', 'refused', 'expired'))
);
--> statement-breakpoint
CREATE INDEX `admin_requests_state_expiry_idx` ON `admin_requests` (`state`,`expires_at`);