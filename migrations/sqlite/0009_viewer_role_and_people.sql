CREATE TABLE `people` (
	`telegram_id` integer PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text,
	`username` text,
	`language_code` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_staff` (
	`telegram_id` integer PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`source` text NOT NULL,
	`added_by` integer,
	`locale` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "staff_role_check" CHECK(role in ('admin', 'staff', 'viewer')),
	CONSTRAINT "staff_source_check" CHECK("__new_staff"."source" in ('env', 'chat')),
	CONSTRAINT "staff_locale_check" CHECK("__new_staff"."locale" is null or "__new_staff"."locale" in ('en', 'fa'))
);
--> statement-breakpoint
INSERT INTO `__new_staff`("telegram_id", "role", "source", "added_by", "locale", "created_at") SELECT "telegram_id", "role", "source", "added_by", "locale", "created_at" FROM `staff`;--> statement-breakpoint
DROP TABLE `staff`;--> statement-breakpoint
ALTER TABLE `__new_staff` RENAME TO `staff`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `subject_id` integer;--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_subject_idx` ON `audit_log` (`subject_id`,`id`);