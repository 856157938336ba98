CREATE TABLE "private_locks" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "private_locks" ("name") VALUES ('money');
