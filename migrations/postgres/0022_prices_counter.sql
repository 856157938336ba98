-- A counter for the cached prices (see 0004_change_counters): the /order
-- steps keep the pages of products they show in memory (a category's page,
-- a search's page, with each product's price and stock), and every instance
-- drops its pages when this moves. It moves only when a product's recorded
-- price or stock is not what it was: each product a person picks records
-- its price again, nearly always unchanged, and the pages stay kept.
INSERT INTO "change_counters" ("name") VALUES ('prices') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "prices_added_or_removed" AFTER INSERT OR DELETE ON "product_prices"
	FOR EACH ROW EXECUTE FUNCTION "giftdesk_count_change"('prices');
--> statement-breakpoint
CREATE TRIGGER "prices_updated" AFTER UPDATE ON "product_prices"
	FOR EACH ROW WHEN (
		OLD."product_id" IS DISTINCT FROM NEW."product_id"
		OR OLD."price_from" IS DISTINCT FROM NEW."price_from"
		OR OLD."price_to" IS DISTINCT FROM NEW."price_to"
		OR OLD."stock_total" IS DISTINCT FROM NEW."stock_total")
	EXECUTE FUNCTION "giftdesk_count_change"('prices');
--> statement-breakpoint
CREATE TRIGGER "prices_truncated" AFTER TRUNCATE ON "product_prices"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('prices');
