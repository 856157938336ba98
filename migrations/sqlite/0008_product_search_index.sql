-- Product search through FTS5. The sync writes titles and category names
-- already folded by normaliseSearchText (Persian letters, digits, ZWNJ), so
-- the tokenizer only splits words and drops Latin diacritics; '%' and '_'
-- stay inside words so that "50%" finds "50%" and not every "50".
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	`title`,
	`category`,
	tokenize = "unicode61 remove_diacritics 2 tokenchars '%_'"
);
--> statement-breakpoint
-- A database that already holds a catalog serves it at once: list buckets,
-- counts and the index are derived here; the next sync rewrites any row
-- whose folding differs (category names are only lower-cased here).
UPDATE `products` SET `bucket_id` = CASE
	WHEN `category_id` IN (SELECT `id` FROM `categories`) THEN `category_id`
	ELSE 0
END;
--> statement-breakpoint
INSERT INTO `category_counts` (`category_id`, `product_count`)
	SELECT `bucket_id`, count(*) FROM `products` GROUP BY `bucket_id`;
--> statement-breakpoint
INSERT INTO `products_fts` (`rowid`, `title`, `category`)
	SELECT p.`id`, p.`search_text`, coalesce(lower(c.`title`), '')
	FROM `products` p LEFT JOIN `categories` c ON c.`id` = p.`bucket_id`;
