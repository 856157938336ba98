CREATE TABLE "provider_rate_budget" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"interactive_until" timestamp with time zone NOT NULL,
	"last_take_granted" boolean NOT NULL
);
