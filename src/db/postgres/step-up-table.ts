import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { STEP_UP_STATES, type StepUpAction } from '../../domain/safeguards.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** Step-up enrolments and their one pending prompt: see src/db/step-up-table.ts. */
export const stepUp = pgTable(
  'step_up',
  {
    personId: big('person_id').primaryKey(),
    secret: text('secret').notNull(),
    state: text('state', { enum: STEP_UP_STATES }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    enrolledAt: at('enrolled_at'),
    approvedBy: big('approved_by'),
    lastStep: big('last_step'),
    failures: integer('failures').notNull().default(0),
    lockedUntil: at('locked_until'),
    challengeId: text('challenge_id'),
    challenge: jsonb('challenge').$type<StepUpAction>(),
    challengeExpiresAt: at('challenge_expires_at'),
    qrMessageId: integer('qr_message_id'),
  },
  () => [check('step_up_state_check', sql.raw(`state in (${STEP_UP_STATES.map((s) => `'${s}'`).join(', ')})`))],
);
