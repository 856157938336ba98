CREATE TABLE `step_up` (
	`person_id` integer PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`enrolled_at` integer,
	`approved_by` integer,
	`last_step` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`challenge_id` text,
	`challenge` text,
	`challenge_expires_at` integer,
	`qr_message_id` integer,
	CONSTRAINT "step_up_state_check" CHECK(state in ('enrolling', 'waiting', 'active'))
);
