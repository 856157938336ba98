-- One counter per in-memory view (staff, people, settings), moved by the
-- database itself whenever the table behind the view changes, whoever
-- changes it (any instance, a script, an operator's psql). Every instance
-- reads these three numbers once per update and reloads a view only when
-- its number moved, so that a change made through one instance holds on
-- every other at its next update. Kept out of schema.ts on purpose: no
-- query of the application writes this table, only the triggers below.
CREATE TABLE "change_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "change_counters" ("name") VALUES ('staff'), ('people'), ('settings');
--> statement-breakpoint
CREATE FUNCTION "giftdesk_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "change_counters" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('staff');
--> statement-breakpoint
CREATE TRIGGER "people_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "people"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('people');
--> statement-breakpoint
-- app_state also holds the feed's cursor, the digest's day and other
-- values written often: only the settings' keys move the counter.
CREATE TRIGGER "settings_inserted" AFTER INSERT ON "app_state"
	FOR EACH ROW WHEN (NEW."key" LIKE 'setting.%')
	EXECUTE FUNCTION "giftdesk_count_change"('settings');
--> statement-breakpoint
CREATE TRIGGER "settings_updated" AFTER UPDATE ON "app_state"
	FOR EACH ROW WHEN (NEW."key" LIKE 'setting.%' OR OLD."key" LIKE 'setting.%')
	EXECUTE FUNCTION "giftdesk_count_change"('settings');
--> statement-breakpoint
CREATE TRIGGER "settings_removed" AFTER DELETE ON "app_state"
	FOR EACH ROW WHEN (OLD."key" LIKE 'setting.%')
	EXECUTE FUNCTION "giftdesk_count_change"('settings');
--> statement-breakpoint
CREATE TRIGGER "settings_truncated" AFTER TRUNCATE ON "app_state"
	FOR EACH STATEMENT EXECUTE FUNCTION "giftdesk_count_change"('settings');
