import { sql } from 'drizzle-orm';
import { check, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const HIDDEN_KINDS = ['product', 'category'] as const;
export type HiddenKind = (typeof HIDDEN_KINDS)[number];

/**
 * Products and categories administrators hid from staff. Kept apart from
 * `products` and `categories` because a catalog sync rewrites those: a row
 * here outlives a refresh, and a product the provider drops and lists again
 * comes back still hidden. `title` is the name when it was hidden, so the
 * list still names an entry the provider no longer lists.
 */
export const catalogHidden = sqliteTable(
  'catalog_hidden',
  {
    kind: text('kind', { enum: HIDDEN_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    title: text('title').notNull(),
    /** Null when the catalog sync hid a new product (the "new products arrive hidden" setting). */
    hiddenBy: integer('hidden_by'),
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    check('catalog_hidden_kind_check', sql.raw(`kind in (${HIDDEN_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
