ALTER TABLE `notifications` ADD `parts_sent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `review_candidates` text;