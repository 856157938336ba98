CREATE TABLE `batches` (
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
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "batches_source_check" CHECK(source in ('quantity', 'file')),
	CONSTRAINT "batches_state_check" CHECK(state in ('draft', 'waiting-approval', 'running', 'held', 'placed', 'done', 'stopped', 'cancelled')),
	CONSTRAINT "batches_held_reason_check" CHECK(held_reason is null or held_reason in ('price-changed', 'stock', 'funds', 'paused', 'access', 'limit', 'approval', 'unknown-outcome', 'provider', 'velocity'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batches_key_idx` ON `batches` (`key`);--> statement-breakpoint
CREATE INDEX `batches_state_idx` ON `batches` (`state`);--> statement-breakpoint
CREATE INDEX `batches_requester_file_idx` ON `batches` (`requester_id`,`file_hash`);--> statement-breakpoint
ALTER TABLE `orders` ADD `batch_id` integer REFERENCES batches(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `batch_index` integer;--> statement-breakpoint
CREATE INDEX `orders_batch_idx` ON `orders` (`batch_id`,`batch_index`);