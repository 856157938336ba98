import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ADMIN_REQUEST_STATES, type AdminChange, type RequestCard } from '../../domain/approvals.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** Privileged changes waiting for a second administrator: see src/db/admin-requests-table.ts. */
export const adminRequests = pgTable(
  'admin_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    requesterId: big('requester_id').notNull(),
    change: jsonb('change').$type<AdminChange>().notNull(),
    state: text('state', { enum: ADMIN_REQUEST_STATES }).notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    decidedBy: big('decided_by'),
    decidedAt: at('decided_at'),
    reason: text('reason'),
    cards: jsonb('cards').$type<RequestCard[]>().notNull().default([]),
  },
  (t) => [
    check('admin_requests_state_check', sql.raw(`state in (${ADMIN_REQUEST_STATES.map((s) => `'${s}'`).join(', ')})`)),
    index('admin_requests_state_expiry_idx').on(t.state, t.expiresAt),
  ],
);
