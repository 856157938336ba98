CREATE TABLE "closed_months" (
	"month" text PRIMARY KEY NOT NULL,
	"from_at" bigint NOT NULL,
	"to_at" bigint NOT NULL,
	"requested_by" bigint NOT NULL,
	"confirmed_by" bigint,
	"requested_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"snapshot" text NOT NULL,
	"late_told" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_notes" (
	"month" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"actor_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_notes_month_key_pk" PRIMARY KEY("month","key"),
	CONSTRAINT "statement_notes_kind_check" CHECK (kind in ('explained', 'refunded', 'written-off'))
);
