import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { STEP_UP_STATES, type StepUpAction } from '../domain/safeguards.js';

/**
 * One row per person enrolled for step-up confirmation (src/safeguards/step-up): the
 * TOTP secret sealed with STEP_UP_KEY (never the secret itself), the last
 * time-step a code was accepted for (a replayed code is refused, whichever
 * instance it reaches), wrong codes in a row and the lock they led to, and
 * the one action a code is being asked for.
 */
export const stepUp = sqliteTable(
  'step_up',
  {
    personId: integer('person_id').primaryKey(),
    secret: text('secret').notNull(),
    state: text('state', { enum: STEP_UP_STATES }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    enrolledAt: integer('enrolled_at', { mode: 'timestamp_ms' }),
    approvedBy: integer('approved_by'),
    lastStep: integer('last_step'),
    failures: integer('failures').notNull().default(0),
    lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
    challengeId: text('challenge_id'),
    challenge: text('challenge', { mode: 'json' }).$type<StepUpAction>(),
    challengeExpiresAt: integer('challenge_expires_at', { mode: 'timestamp_ms' }),
    /** The QR code's message, deleted once the first right code came. */
    qrMessageId: integer('qr_message_id'),
  },
  () => [check('step_up_state_check', sql.raw(`state in (${STEP_UP_STATES.map((s) => `'${s}'`).join(', ')})`))],
);
