import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { FAVOURITE_KINDS, type FavouriteLine } from '../domain/favourite.js';

/**
 * Favourites and team picks. `owner_id` is the person a favourite belongs
 * to; null for a team pick, which administrators keep for everyone.
 * `uses` and `last_used_at` order the list: most used first, unless the
 * owner ordered it by hand: then `rank` (0 first) holds their order, and a
 * favourite added later (no rank yet) comes after the ranked ones.
 * `cost_centre_id`: kept from a starred order, null for a product.
 */
export const favourites = sqliteTable(
  'favourites',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id'),
    kind: text('kind', { enum: FAVOURITE_KINDS }).notNull(),
    name: text('name').notNull(),
    lines: text('lines', { mode: 'json' }).$type<FavouriteLine[]>().notNull(),
    uses: integer('uses').notNull().default(0),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    rank: integer('rank'),
    /** The cost centre of the order it was starred from (retired ones too): its order is for the same, unless retired since. */
    costCentreId: integer('cost_centre_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    check('favourites_kind_check', sql.raw(`kind in (${FAVOURITE_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    index('favourites_owner_idx').on(t.ownerId),
  ],
);
