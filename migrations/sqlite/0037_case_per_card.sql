DROP INDEX `code_cases_one_open_idx`;--> statement-breakpoint
ALTER TABLE `code_cases` ADD `card` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `code_cases_one_open_card_idx` ON `code_cases` (`order_id`,coalesce(`card`, 0)) WHERE state in ('open', 'waiting');