-- A counter for the cached prices (see 0004_change_counters): the /order
-- steps keep the pages of products they show in memory (a category's page,
-- a search's page, with each product's price and stock), and every instance
-- drops its pages when this moves. It moves only when a product's recorded
-- price or stock is not what it was: each product a person picks records
-- its price again, most often unchanged, and the pages stay kept.
--
-- Once per statement, over the rows it changed (transition tables): a row
-- trigger would update the counter's row once per row, and a statement
-- writing thousands of prices (db:copy, an operator's update) would slow
-- with the square of its rows while holding that row locked. A trigger with
-- transition tables takes one event, hence one per event.
INSERT INTO "change_counters" ("name") VALUES ('prices') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "giftdesk_count_price_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NOT EXISTS (
			SELECT 1 FROM "old_prices" o JOIN "new_prices" n USING ("product_id")
			WHERE (o."price_from", o."price_to", o."stock_total") IS DISTINCT FROM (n."price_from", n."price_to", n."stock_total")
		) THEN
			RETURN NULL;
		END IF;
	ELSIF TG_OP = 'INSERT' THEN
		IF NOT EXISTS (SELECT 1 FROM "new_prices") THEN RETURN NULL; END IF;
	ELSIF TG_OP = 'DELETE' THEN
		IF NOT EXISTS (SELECT 1 FROM "old_prices") THEN RETURN NULL; END IF;
	END IF;
	UPDATE "change_counters" SET "version" = "version" + 1 WHERE "name" = 'prices';
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "prices_inserted" AFTER INSERT ON "product_prices"
	REFERENCING NEW TABLE AS "new_prices"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_price_change"();
--> statement-breakpoint
CREATE TRIGGER "prices_updated" AFTER UPDATE ON "product_prices"
	REFERENCING OLD TABLE AS "old_prices" NEW TABLE AS "new_prices"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_price_change"();
--> statement-breakpoint
CREATE TRIGGER "prices_deleted" AFTER DELETE ON "product_prices"
	REFERENCING OLD TABLE AS "old_prices"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_price_change"();
--> statement-breakpoint
CREATE TRIGGER "prices_truncated" AFTER TRUNCATE ON "product_prices"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('prices');
