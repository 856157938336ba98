-- Two more counters for in-memory copies (see 0004_change_counters): the
-- ordering pause, and the stored catalog as the /order menu reads it (the
-- categories, their counts, the products' number and the sync's own state
-- in app_state). Every instance reads them with the other counters at the
-- start of each update, so a pause or resume and a catalog refresh made on
-- any instance (or by a script) are seen on every other at its next update,
-- while the updates in between answer from memory instead of asking.
INSERT INTO "change_counters" ("name") VALUES ('pause'), ('catalog') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "pause_inserted" AFTER INSERT ON "app_state"
	FOR EACH ROW WHEN (NEW."key" = 'ordering.pause')
	EXECUTE FUNCTION "giftdesk_count_change"('pause');
--> statement-breakpoint
CREATE TRIGGER "pause_updated" AFTER UPDATE ON "app_state"
	FOR EACH ROW WHEN (NEW."key" = 'ordering.pause' OR OLD."key" = 'ordering.pause')
	EXECUTE FUNCTION "giftdesk_count_change"('pause');
--> statement-breakpoint
CREATE TRIGGER "pause_removed" AFTER DELETE ON "app_state"
	FOR EACH ROW WHEN (OLD."key" = 'ordering.pause')
	EXECUTE FUNCTION "giftdesk_count_change"('pause');
--> statement-breakpoint
CREATE TRIGGER "pause_truncated" AFTER TRUNCATE ON "app_state"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('pause');
--> statement-breakpoint
-- The sync's state ('catalog.sync': a run under way, its last success) says
-- whether the first catalog is still loading.
CREATE TRIGGER "catalog_state_inserted" AFTER INSERT ON "app_state"
	FOR EACH ROW WHEN (NEW."key" = 'catalog.sync')
	EXECUTE FUNCTION "giftdesk_count_change"('catalog');
--> statement-breakpoint
CREATE TRIGGER "catalog_state_updated" AFTER UPDATE ON "app_state"
	FOR EACH ROW WHEN (NEW."key" = 'catalog.sync' OR OLD."key" = 'catalog.sync')
	EXECUTE FUNCTION "giftdesk_count_change"('catalog');
--> statement-breakpoint
CREATE TRIGGER "catalog_state_removed" AFTER DELETE ON "app_state"
	FOR EACH ROW WHEN (OLD."key" = 'catalog.sync')
	EXECUTE FUNCTION "giftdesk_count_change"('catalog');
--> statement-breakpoint
CREATE TRIGGER "catalog_state_truncated" AFTER TRUNCATE ON "app_state"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('catalog');
--> statement-breakpoint
-- Once per statement, not per row: a refresh writes products in chunks of a few hundred.
CREATE TRIGGER "catalog_products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('catalog');
--> statement-breakpoint
CREATE TRIGGER "catalog_categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('catalog');
--> statement-breakpoint
CREATE TRIGGER "catalog_counts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_counts"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('catalog');
