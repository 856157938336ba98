import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTE_KINDS } from '../../domain/month-close.js';

const big = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Annotations of a statement's exceptions: see src/db/month-close-tables.ts. */
export const statementNotes = pgTable(
  'statement_notes',
  {
    month: text('month').notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: NOTE_KINDS }).notNull(),
    note: text('note').notNull(),
    actorId: big('actor_id').notNull(),
    at: at('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.key] }), check('statement_notes_kind_check', sql.raw(`kind in (${NOTE_KINDS.map((k) => `'${k}'`).join(', ')})`))],
);

/** Months closed and signed off, with the statement as it stood: see src/db/month-close-tables.ts. */
export const closedMonths = pgTable('closed_months', {
  month: text('month').primaryKey(),
  fromAt: big('from_at').notNull(),
  toAt: big('to_at').notNull(),
  requestedBy: big('requested_by').notNull(),
  confirmedBy: big('confirmed_by'),
  requestedAt: at('requested_at').notNull(),
  closedAt: at('closed_at').notNull(),
  snapshot: text('snapshot').notNull(),
  lateTold: jsonb('late_told').$type<number[]>().notNull(),
});
