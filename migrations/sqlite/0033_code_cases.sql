CREATE TABLE `code_cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`orderer_id` integer NOT NULL,
	`reported_by` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`state` text NOT NULL,
	`provider_order_id` integer,
	`provider_answer` text,
	`opened_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`closed_at` integer,
	CONSTRAINT "code_cases_reason_check" CHECK(reason in ('invalid', 'used', 'wrong', 'other')),
	CONSTRAINT "code_cases_state_check" CHECK(state in ('open', 'waiting', 'refunded', 'replaced', 'rejected', 'closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `code_cases_one_open_idx` ON `code_cases` (`order_id`) WHERE state in ('open', 'waiting');--> statement-breakpoint
CREATE INDEX `code_cases_order_idx` ON `code_cases` (`order_id`);--> statement-breakpoint
CREATE INDEX `code_cases_updated_idx` ON `code_cases` (`updated_at`);