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
  /** The cost centre of the order it is starred from; none for a product. */
  costCentreId?: number | null;
}

/**
 * What starring answered: kept, already kept (the same choices), already
 * kept but for another cost centre (now the new one: `before` was its
 * cost centre), or refused because the list is full.
 */
export type Starred =
  | { kind: 'added'; favourite: Favourite }
  | { kind: 'already'; favourite: Favourite }
  | { kind: 'centre-changed'; favourite: Favourite; before: number | null }
  | { kind: 'full'; max: number };

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
  /**
   * Keeps a favourite; the same choices starred twice are kept once, and a
   * full list refuses. The same order starred again from an order of
   * another cost centre takes that cost centre: the star points at what
   * the person orders now.
   */
  add(favourite: NewFavourite): Promise<Starred>;
  /** Removes this owner's favourite and answers it; null when it was not theirs or was gone. */
  remove(owner: FavouriteOwner, id: number): Promise<Favourite | null>;
  /** Counts one use, which moves it up the person's list (while the person has not ordered it by hand). */
  markUsed(id: number): Promise<void>;
  /** Gives this owner's favourite a new name and answers it; null when it was not theirs or was gone. */
  rename(owner: FavouriteOwner, id: number, name: string): Promise<Favourite | null>;
  /** Moves this owner's favourite one place up their list as shown, and answers whether it moved. */
  moveUp(owner: FavouriteOwner, id: number): Promise<boolean>;
  /** Every favourite and pick of everyone: what an in-memory copy holds (favourite-view.ts). */
  all(): Promise<Favourite[]>;
}

/** Whether `row` belongs to `owner`. */
export const ownedBy = (row: Favourite, owner: FavouriteOwner): boolean => (owner === 'team' ? row.ownerId === null : row.ownerId === owner.person);

/**
 * A list in the order shown: by hand where the owner ordered it (rank),
 * then the most used, then the most recently used, then the oldest; team
 * picks without a rank oldest first. Sorted here rather than in SQL: the
 * two databases place nulls differently.
 */
export function inShownOrder(rows: readonly Favourite[]): Favourite[] {
  const rank = (row: Favourite) => row.rank ?? Number.MAX_SAFE_INTEGER;
  const lastUse = (row: Favourite) => row.lastUsedAt?.getTime() ?? 0;
  const byUse = (a: Favourite, b: Favourite) => (a.ownerId === null ? 0 : b.uses - a.uses || lastUse(b) - lastUse(a));
  return [...rows].sort((a, b) => rank(a) - rank(b) || byUse(a, b) || a.id - b.id);
}

/** What /order opens with for `personId`, out of rows holding at least theirs and the team's. */
export function menuOf(rows: readonly Favourite[], personId: number): { mine: Favourite[]; picks: Favourite[] } {
  return {
    mine: inShownOrder(rows.filter((row) => row.ownerId === personId)).slice(0, MAX_FAVOURITES),
    picks: inShownOrder(rows.filter((row) => row.ownerId === null)).slice(0, MAX_TEAM_PICKS),
  };
}

export function createFavouriteStore(deps: { database: Database; clock: Clock }): FavouriteStore {
  const { database } = deps;
  const { q } = database;
  const { favourites: table } = database.tables;
  const ownerIs = (owner: FavouriteOwner) => (owner === 'team' ? isNull(table.ownerId) : eq(table.ownerId, owner.person));
  const lockOf = (owner: FavouriteOwner) => `favourites:${owner === 'team' ? 'team' : owner.person}`;
  // The choices alone, in a fixed order: PostgreSQL's jsonb gives keys back in an order of its own.
  const choices = (lines: FavouriteLine[]) =>
    JSON.stringify(lines.map((l) => [l.productId, l.regionPropertyId, l.quantity, Object.entries(l.fieldValues).sort(([a], [b]) => a.localeCompare(b))]));
  const sameLines = (a: FavouriteLine[], b: FavouriteLine[]) => choices(a) === choices(b);
  return {
    async menuFor(personId) {
      return menuOf(await q.select().from(table).where(or(eq(table.ownerId, personId), isNull(table.ownerId))), personId);
    },
    async all() {
      return q.select().from(table).orderBy(asc(table.id));
    },
    async get(owner, id) {
      const [row] = await q.select().from(table).where(and(eq(table.id, id), ownerIs(owner)));
      return row ?? null;
    },
    async add(favourite) {
      const max = favourite.owner === 'team' ? MAX_TEAM_PICKS : MAX_FAVOURITES;
      return database.transaction(async (tx) => {
        // Two stars at once from one person count against the same list, one after the other.
        await database.holdLock(tx, lockOf(favourite.owner));
        const kept = await tx.select().from(table).where(ownerIs(favourite.owner));
        const same = kept.find((row) => row.kind === favourite.kind && sameLines(row.lines, favourite.lines));
        const centre = favourite.costCentreId ?? null;
        if (same && same.kind === 'order' && same.costCentreId !== centre) {
          const [moved] = await tx.update(table).set({ costCentreId: centre }).where(eq(table.id, same.id)).returning();
          return { kind: 'centre-changed', favourite: moved!, before: same.costCentreId } as const;
        }
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
            costCentreId: favourite.costCentreId ?? null,
            createdAt: new Date(deps.clock.now()),
          })
          .returning();
        return { kind: 'added', favourite: row! } as const;
      });
    },
    async remove(owner, id) {
      const [row] = await q.delete(table).where(and(eq(table.id, id), ownerIs(owner))).returning();
      return row ?? null;
    },
    async markUsed(id) {
      await q
        .update(table)
        .set({ uses: sql`${table.uses} + 1`, lastUsedAt: new Date(deps.clock.now()) })
        .where(eq(table.id, id));
    },
    async rename(owner, id, name) {
      const [row] = await q.update(table).set({ name }).where(and(eq(table.id, id), ownerIs(owner))).returning();
      return row ?? null;
    },
    async moveUp(owner, id) {
      return database.transaction(async (tx) => {
        // A move and a star at once from one person see one list, one after the other.
        await database.holdLock(tx, lockOf(owner));
        const shown = inShownOrder(await tx.select().from(table).where(ownerIs(owner)));
        const at = shown.findIndex((row) => row.id === id);
        if (at <= 0) return false;
        [shown[at - 1], shown[at]] = [shown[at]!, shown[at - 1]!];
        // The whole list takes the order shown: from now on it is the owner's, not the uses'.
        for (const [rank, row] of shown.entries()) {
          if (row.rank !== rank) await tx.update(table).set({ rank }).where(eq(table.id, row.id));
        }
        return true;
      });
    },
  };
}
