import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { HIDDEN_KINDS } from '../catalog-hidden-table.js';

const big = (name: string) => bigint(name, { mode: 'number' });

/** Products and categories hidden from staff: see src/db/catalog-hidden-table.ts. */
export const catalogHidden = pgTable(
  'catalog_hidden',
  {
    kind: text('kind', { enum: HIDDEN_KINDS }).notNull(),
    itemId: big('item_id').notNull(),
    title: text('title').notNull(),
    hiddenBy: big('hidden_by'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    check('catalog_hidden_kind_check', sql.raw(`kind in (${HIDDEN_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
