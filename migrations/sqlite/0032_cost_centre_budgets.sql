ALTER TABLE `cost_centres` ADD `monthly_budget` integer;--> statement-breakpoint
CREATE INDEX `orders_cost_centre_created_idx` ON `orders` (`cost_centre_id`,`created_at`);