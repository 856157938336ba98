CREATE TABLE "catalog_hidden" (
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"title" text NOT NULL,
	"hidden_by" bigint,
	"hidden_at" timestamp with time zone NOT NULL,
	CONSTRAINT "catalog_hidden_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "catalog_hidden_kind_check" CHECK (kind in ('product', 'category'))
);
--> statement-breakpoint
-- Hiding or showing changes what the /order menu lists, which each instance
-- keeps in memory (0014_pause_and_catalog_counters): the catalog's counter
-- moves with it, so every instance reads the menu again at its next update.
CREATE TRIGGER "catalog_hidden_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalog_hidden"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('catalog');
