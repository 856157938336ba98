CREATE TABLE `catalog_hidden` (
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`title` text NOT NULL,
	`hidden_by` integer,
	`hidden_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `item_id`),
	CONSTRAINT "catalog_hidden_kind_check" CHECK(kind in ('product', 'category'))
);
