import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BATCH_HOLD_REASONS, BATCH_STATES, type BatchOrderPlan } from '../../domain/batches.js';

const inList = (column: string, values: readonly string[]) => `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** Batches and their cursor: see ../batches-table.ts. */
export const batches = pgTable(
  'batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    requesterId: big('requester_id').notNull(),
    chatId: big('chat_id').notNull(),
    source: text('source', { enum: ['quantity', 'file'] }).notNull(),
    fileHash: text('file_hash'),
    fileName: text('file_name'),
    plan: jsonb('plan').$type<BatchOrderPlan[]>().notNull(),
    total: big('total').notNull(),
    state: text('state', { enum: BATCH_STATES }).notNull(),
    heldReason: text('held_reason', { enum: BATCH_HOLD_REASONS }),
    nextIndex: integer('next_index').notNull().default(0),
    progressMessageId: big('progress_message_id'),
    progressEditedAt: at('progress_edited_at'),
    fileSentAt: at('file_sent_at'),
    approvedBy: big('approved_by'),
    approvalExpiresAt: at('approval_expires_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('batches_source_check', sql.raw(inList('source', ['quantity', 'file']))),
    check('batches_state_check', sql.raw(inList('state', BATCH_STATES))),
    check('batches_held_reason_check', sql.raw(`held_reason is null or ${inList('held_reason', BATCH_HOLD_REASONS)}`)),
    uniqueIndex('batches_key_idx').on(t.key),
    index('batches_state_idx').on(t.state),
    index('batches_state_expiry_idx').on(t.state, t.approvalExpiresAt),
    index('batches_requester_file_idx').on(t.requesterId, t.fileHash),
  ],
);
