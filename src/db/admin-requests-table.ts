import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ADMIN_REQUEST_STATES, type AdminChange, type RequestCard } from '../domain/approvals.js';

const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull();

/**
 * Privileged changes asked for by one administrator and waiting for a
 * second (dual control): who asked, the change itself, until when it may be
 * confirmed, and how it ended. Every move is a compare-and-swap on `state`
 * committed with its audit row.
 */
export const adminRequests = sqliteTable(
  'admin_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requesterId: integer('requester_id').notNull(),
    change: text('change', { mode: 'json' }).$type<AdminChange>().notNull(),
    state: text('state', { enum: ADMIN_REQUEST_STATES }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** Why it was refused without a person's press (the requester lost their role). */
    reason: text('reason'),
    /** The messages that carry its Confirm and Refuse. */
    cards: text('cards', { mode: 'json' }).$type<RequestCard[]>().notNull().default([]),
  },
  (t) => [
    check('admin_requests_state_check', sql.raw(`state in (${ADMIN_REQUEST_STATES.map((s) => `'${s}'`).join(', ')})`)),
    index('admin_requests_state_expiry_idx').on(t.state, t.expiresAt),
  ],
);
