CREATE TABLE `category_counts` (
	`category_id` integer PRIMARY KEY NOT NULL,
	`product_count` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `product_prices` ADD `price_to` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `bucket_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_bucket_idx` ON `products` (`bucket_id`,`position`);