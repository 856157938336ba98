CREATE TABLE `product_prices` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`price_from` integer NOT NULL,
	`stock_total` integer NOT NULL,
	`fetched_at` integer NOT NULL
);
