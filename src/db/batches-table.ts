import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { BATCH_HOLD_REASONS, BATCH_STATES, type BatchOrderPlan } from '../domain/batches.js';

const inList = (column: string, values: readonly string[]) => `${column} in (${values.map((v) => `'${v}'`).join(', ')})`;

/**
 * Batches (src/batches): one confirmation that places many orders one
 * after another. The plan is the orders as confirmed, in the order they
 * are placed; `next_index` is the cursor. Every move of the state and of
 * the cursor is a compare-and-swap; each order placed carries the batch's
 * id and its index in the plan (orders.batch_id, orders.batch_index).
 */
export const batches = sqliteTable(
  'batches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Random, chosen with the summary: order i's confirm key is derived from it (batchConfirmKey). */
    key: text('key').notNull(),
    requesterId: integer('requester_id').notNull(),
    chatId: integer('chat_id').notNull(),
    source: text('source', { enum: ['quantity', 'file'] }).notNull(),
    /** SHA-256 of the file's bytes; null for a quantity batch. */
    fileHash: text('file_hash'),
    fileName: text('file_name'),
    /** BatchOrderPlan[] in JSON: each order's lines (as orders.lines) and the file's rows it came from. */
    plan: text('plan', { mode: 'json' }).$type<BatchOrderPlan[]>().notNull(),
    /** The sum of every order at its confirmed prices. */
    total: integer('total').notNull(),
    state: text('state', { enum: BATCH_STATES }).notNull(),
    heldReason: text('held_reason', { enum: BATCH_HOLD_REASONS }),
    nextIndex: integer('next_index').notNull().default(0),
    progressMessageId: integer('progress_message_id'),
    progressEditedAt: integer('progress_edited_at', { mode: 'timestamp_ms' }),
    fileSentAt: integer('file_sent_at', { mode: 'timestamp_ms' }),
    /** The administrator who approved the batch as a whole (its orders skip the threshold); null when none was needed. */
    approvedBy: integer('approved_by'),
    /** While it waits for an administrator: when it expires, fixed at Confirm as a single request's deadline is. */
    approvalExpiresAt: integer('approval_expires_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
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
