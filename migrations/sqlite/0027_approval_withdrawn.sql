-- An approval request can end withdrawn by its orderer ('withdrawn'). SQLite
-- cannot change a CHECK in place, so the table is rebuilt; openDb runs
-- migrations with foreign keys off and checks them before it commits, so
-- approval_cards.approval_id keeps every reference.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_approvals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`requester_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`confirm_key` text NOT NULL,
	`lines` text NOT NULL,
	`state` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`reason` text,
	`order_id` integer,
	`owner_lock` integer,
	`answers_erased_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "approvals_state_check" CHECK(state in ('pending', 'approving', 'approved', 'rejected', 'expired', 'withdrawn'))
);
--> statement-breakpoint
INSERT INTO `__new_approvals`("id", "requester_id", "chat_id", "confirm_key", "lines", "state", "revision", "created_at", "updated_at", "expires_at", "decided_by", "decided_at", "reason", "order_id", "owner_lock", "answers_erased_at") SELECT "id", "requester_id", "chat_id", "confirm_key", "lines", "state", "revision", "created_at", "updated_at", "expires_at", "decided_by", "decided_at", "reason", "order_id", "owner_lock", "answers_erased_at" FROM `approvals`;--> statement-breakpoint
DROP TABLE `approvals`;--> statement-breakpoint
ALTER TABLE `__new_approvals` RENAME TO `approvals`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `approvals_confirm_key_idx` ON `approvals` (`confirm_key`);--> statement-breakpoint
CREATE INDEX `approvals_state_expiry_idx` ON `approvals` (`state`,`expires_at`);