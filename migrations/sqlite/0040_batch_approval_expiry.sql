-- A batch waiting for an administrator expires, as a single request does:
-- its deadline is kept with it ('approval_expires_at'), and 'expired' is a
-- state of its own. SQLite cannot change a CHECK in place, so the table is
-- rebuilt; openDb runs migrations with foreign keys off and checks them
-- before it commits, so orders.batch_id keeps every reference.
-- Batches already waiting get the default deadline (a day) from their
-- Confirm, the last write of a waiting batch, as they are copied.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`requester_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`source` text NOT NULL,
	`file_hash` text,
	`file_name` text,
	`plan` text NOT NULL,
	`total` integer NOT NULL,
	`state` text NOT NULL,
	`held_reason` text,
	`next_index` integer DEFAULT 0 NOT NULL,
	`progress_message_id` integer,
	`progress_edited_at` integer,
	`file_sent_at` integer,
	`approved_by` integer,
	`approval_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "batches_source_check" CHECK(source in ('quantity', 'file')),
	CONSTRAINT "batches_state_check" CHECK(state in ('draft', 'waiting-approval', 'running', 'held', 'placed', 'done', 'stopped', 'cancelled', 'expired')),
	CONSTRAINT "batches_held_reason_check" CHECK(held_reason is null or held_reason in ('price-changed', 'stock', 'funds', 'paused', 'access', 'limit', 'approval', 'unknown-outcome', 'provider', 'velocity', 'product-hidden'))
);
--> statement-breakpoint
INSERT INTO `__new_batches`("id", "key", "requester_id", "chat_id", "source", "file_hash", "file_name", "plan", "total", "state", "held_reason", "next_index", "progress_message_id", "progress_edited_at", "file_sent_at", "approved_by", "approval_expires_at", "created_at", "updated_at") SELECT "id", "key", "requester_id", "chat_id", "source", "file_hash", "file_name", "plan", "total", "state", "held_reason", "next_index", "progress_message_id", "progress_edited_at", "file_sent_at", "approved_by", CASE WHEN "state" = 'waiting-approval' THEN "updated_at" + 86400000 END, "created_at", "updated_at" FROM `batches`;--> statement-breakpoint
DROP TABLE `batches`;--> statement-breakpoint
ALTER TABLE `__new_batches` RENAME TO `batches`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `batches_key_idx` ON `batches` (`key`);--> statement-breakpoint
CREATE INDEX `batches_state_idx` ON `batches` (`state`);--> statement-breakpoint
CREATE INDEX `batches_state_expiry_idx` ON `batches` (`state`,`approval_expires_at`);--> statement-breakpoint
CREATE INDEX `batches_requester_file_idx` ON `batches` (`requester_id`,`file_hash`);