ALTER TABLE `orders` ADD `post_ended_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `accepted_order_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `accepted_reference` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `accepted_amount` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `adoption_proof` text;