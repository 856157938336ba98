import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { MAX_FAVOURITES, MAX_TEAM_PICKS, type FavouriteKind, type FavouriteLine } from '../domain/favourite.js';
import type { favourites } from './postgres/favourites-table.js';
import type { Database } from './seam/database.js';

export type Favourite = typeof favourites.$inferSelect;

/** Whose a favourite is: a person's (their Telegram id), or the team's (a pick administrators keep for everyone). */
export type FavouriteOwner = { person: number } | 'team';

export interface NewFavourite {
  owner: FavouriteOwner;
  kind: FavouriteKind;
  name: string;
  lines: FavouriteLine[];
  createdBy: number;
}

/** What starring answered: kept (or already kept, the same choices), or refused because the list is full. */
export type Starred = { kind: 'added'; favourite: Favourite } | { kind: 'already'; favourite: Favourite } | { kind: 'full'; max: number };

/**
 * Favourites and team picks, kept per person across restarts on either
 * database. Every read and change names the owner, so a favourite of
 * someone else is never read, used or removed by id alone.
 */
export interface FavouriteStore {
  /** The person's favourites (most used first) and the team's picks (oldest first), in one read: what /order opens with. */
  menuFor(personId: number): Promise<{ mine: Favourite[]; picks: Favourite[] }>;
  /** One favourite of this owner, or null (gone, or someone else's). */
  get(owner: FavouriteOwner, id: number): Promise<Favourite | null>;
  /** Keeps a favourite; the same choices starred twice are kept once, and a full list refuses. */
  add(favourite: NewFavourite): Promise<Starred>;
  /** Removes this owner's favourite and answers it; null when it was not theirs or was gone. */
  remove(owner: FavouriteOwner, id: number): Promise<Favourite | null>;
  /** Counts one use, which moves it up the person's list. */
  markUsed(id: number): Promise<void>;
}

export function createFavouriteStore(deps: { database: Database; clock: Clock }): FavouriteStore {
  const { database } = deps;
  const { q } = database;
  const { favourites: table } = database.tables;
  const ownedBy = (owner: FavouriteOwner) => (owner === 'team' ? isNull(table.ownerId) : eq(table.ownerId, owner.person));
  // The choices alone, in a fixed order: PostgreSQL's jsonb gives keys back in an order of its own.
  const choices = (lines: FavouriteLine[]) =>
    JSON.stringify(lines.map((l) => [l.productId, l.regionPropertyId, l.quantity, Object.entries(l.fieldValues).sort(([a], [b]) => a.localeCompare(b))]));
  const sameLines = (a: FavouriteLine[], b: FavouriteLine[]) => choices(a) === choices(b);
  return {
    async menuFor(personId) {
      const rows = await q.select().from(table).where(or(eq(table.ownerId, personId), isNull(table.ownerId))).orderBy(asc(table.id));
      // Sorted here: the two databases place a null last use differently in SQL.
      const lastUse = (row: Favourite) => row.lastUsedAt?.getTime() ?? 0;
      const mine = rows
        .filter((row) => row.ownerId !== null)
        .sort((a, b) => b.uses - a.uses || lastUse(b) - lastUse(a) || a.id - b.id)
        .slice(0, MAX_FAVOURITES);
      const picks = rows.filter((row) => row.ownerId === null).slice(0, MAX_TEAM_PICKS);
      return { mine, picks };
    },
    async get(owner, id) {
      const [row] = await q.select().from(table).where(and(eq(table.id, id), ownedBy(owner)));
      return row ?? null;
    },
    async add(favourite) {
      const max = favourite.owner === 'team' ? MAX_TEAM_PICKS : MAX_FAVOURITES;
      return database.transaction(async (tx) => {
        // Two stars at once from one person count against the same list, one after the other.
        await database.holdLock(tx, `favourites:${favourite.owner === 'team' ? 'team' : favourite.owner.person}`);
        const kept = await tx.select().from(table).where(ownedBy(favourite.owner));
        const same = kept.find((row) => row.kind === favourite.kind && sameLines(row.lines, favourite.lines));
        if (same) return { kind: 'already', favourite: same } as const;
        if (kept.length >= max) return { kind: 'full', max } as const;
        const [row] = await tx
          .insert(table)
          .values({
            ownerId: favourite.owner === 'team' ? null : favourite.owner.person,
            kind: favourite.kind,
            name: favourite.name,
            lines: favourite.lines,
            createdBy: favourite.createdBy,
            createdAt: new Date(deps.clock.now()),
          })
          .returning();
        return { kind: 'added', favourite: row! } as const;
      });
    },
    async remove(owner, id) {
      const [row] = await q.delete(table).where(and(eq(table.id, id), ownedBy(owner))).returning();
      return row ?? null;
    },
    async markUsed(id) {
      await q
        .update(table)
        .set({ uses: sql`${table.uses} + 1`, lastUsedAt: new Date(deps.clock.now()) })
        .where(eq(table.id, id));
    },
  };
}
