-- A person's own order of their favourites (and administrators' of the
-- team's picks), once they move one by hand: 0 first; null until then.
ALTER TABLE "favourites" ADD COLUMN "rank" integer;
--> statement-breakpoint
-- A counter for the favourites (see 0004_change_counters): every instance
-- keeps all favourites and picks in memory, so that /order opens without
-- reading them, and reads them again when this moves, whoever changed them.
INSERT INTO "change_counters" ("name") VALUES ('favourites') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "favourites_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "favourites"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('favourites');
