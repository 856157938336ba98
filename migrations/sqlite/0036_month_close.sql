CREATE TABLE `closed_months` (
	`month` text PRIMARY KEY NOT NULL,
	`from_at` integer NOT NULL,
	`to_at` integer NOT NULL,
	`requested_by` integer NOT NULL,
	`confirmed_by` integer,
	`requested_at` integer NOT NULL,
	`closed_at` integer NOT NULL,
	`snapshot` text NOT NULL,
	`late_told` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `statement_notes` (
	`month` text NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`note` text NOT NULL,
	`actor_id` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`month`, `key`),
	CONSTRAINT "statement_notes_kind_check" CHECK(kind in ('explained', 'refunded', 'written-off'))
);
