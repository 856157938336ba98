import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { FAVOURITE_KINDS, type FavouriteLine } from '../../domain/favourite.js';

const big = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Favourites and team picks: see src/db/favourites-table.ts. */
export const favourites = pgTable(
  'favourites',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerId: big('owner_id'),
    kind: text('kind', { enum: FAVOURITE_KINDS }).notNull(),
    name: text('name').notNull(),
    lines: jsonb('lines').$type<FavouriteLine[]>().notNull(),
    uses: integer('uses').notNull().default(0),
    lastUsedAt: at('last_used_at'),
    rank: integer('rank'),
    /** The cost centre of the order it was starred from (retired ones too): its order is for the same, unless retired since. */
    costCentreId: integer('cost_centre_id'),
    createdBy: big('created_by').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('favourites_kind_check', sql.raw(`kind in (${FAVOURITE_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    index('favourites_owner_idx').on(t.ownerId),
  ],
);
