import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { EXPIRY_NEWS_KINDS } from '../expiry-news-table.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** News of an expiry still owed: see src/db/expiry-news-table.ts. */
export const expiryNews = pgTable(
  'expiry_news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: EXPIRY_NEWS_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    toldAt: at('told_at'),
    leaseUntil: at('lease_until'),
    leaseToken: text('lease_token'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('expiry_news_kind_check', sql.raw(`kind in (${EXPIRY_NEWS_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    uniqueIndex('expiry_news_subject_idx').on(t.kind, t.subjectId),
  ],
);
