import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Whose expiry is owed news: an order's approval request, a batch waiting for an administrator, or a privileged change (dual control). */
export const EXPIRY_NEWS_KINDS = ['order', 'batch', 'admin'] as const;
export type ExpiryNewsKind = (typeof EXPIRY_NEWS_KINDS)[number];

/**
 * News of an expiry still owed: written in the transaction that moves the
 * request to 'expired', and forgotten once every copy of its card is
 * settled and its orderer told. A process that stops between the two
 * leaves the row, and the next expiry pass (on any instance) finishes it.
 * `lease_until`/`lease_token`: the pass working on it now, so that two at
 * once tell the orderer once. `told_at`: the orderer was told; only the
 * cards are left.
 */
export const expiryNews = sqliteTable(
  'expiry_news',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: EXPIRY_NEWS_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    toldAt: integer('told_at', { mode: 'timestamp_ms' }),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    leaseToken: text('lease_token'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    check('expiry_news_kind_check', sql.raw(`kind in (${EXPIRY_NEWS_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    uniqueIndex('expiry_news_subject_idx').on(t.kind, t.subjectId),
  ],
);
