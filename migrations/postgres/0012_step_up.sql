CREATE TABLE "step_up" (
	"person_id" bigint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"enrolled_at" timestamp with time zone,
	"approved_by" bigint,
	"last_step" bigint,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"challenge_id" text,
	"challenge" jsonb,
	"challenge_expires_at" timestamp with time zone,
	"qr_message_id" integer,
	CONSTRAINT "step_up_state_check" CHECK (state in ('enrolling', 'waiting', 'active'))
);
