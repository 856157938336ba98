import { sql } from 'drizzle-orm';
import { check, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { NOTE_KINDS } from '../domain/month-close.js';

/**
 * What administrators said of each exception of a month's statement: one
 * row per exception, by the month (the local date its span starts) and the
 * exception's stable key (src/ledger/exception-keys.ts). Annotating again
 * replaces the row; every annotation is audited as `statement.annotated`.
 */
export const statementNotes = sqliteTable(
  'statement_notes',
  {
    month: text('month').notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: NOTE_KINDS }).notNull(),
    note: text('note').notNull(),
    actorId: integer('actor_id').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.key] }), check('statement_notes_kind_check', sql.raw(`kind in (${NOTE_KINDS.map((k) => `'${k}'`).join(', ')})`))],
);

/**
 * Months closed and signed off. `snapshot` is the statement as it stood at
 * the close (its figures, rows and exceptions): the month's statement, CSV
 * and chart are read from it ever after. `late_told` holds the transactions
 * dated in the month that arrived after the close and were told to the
 * administrators, so that each is told once.
 */
export const closedMonths = sqliteTable('closed_months', {
  month: text('month').primaryKey(),
  fromAt: integer('from_at').notNull(),
  toAt: integer('to_at').notNull(),
  requestedBy: integer('requested_by').notNull(),
  /** The second administrator; null when the team had one administrator (dual control not in force). */
  confirmedBy: integer('confirmed_by'),
  requestedAt: integer('requested_at', { mode: 'timestamp_ms' }).notNull(),
  closedAt: integer('closed_at', { mode: 'timestamp_ms' }).notNull(),
  /** The snapshot as its codec wrote it (src/ledger/snapshot-codec.ts), compressed (src/ledger/snapshot-packing.ts; months closed before, plain): made and read in parts, and small, so that a large month holds no chat up. */
  snapshot: text('snapshot').notNull(),
  lateTold: text('late_told', { mode: 'json' }).$type<number[]>().notNull(),
});
