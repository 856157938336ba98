import type { Clock } from '../clock.js';
import { menuOf, ownedBy, type Favourite, type FavouriteStore } from './favourite-store.js';
import { latestRead, readAgainAfter } from './latest-read.js';

/**
 * The favourites store with every favourite and team pick kept in memory
 * beside it (a screenful per person: small), so that /order opens and a
 * favourite's press is checked without a database read. The database stays
 * the truth: the copy is read at start and again after each change made
 * through this view; a change made elsewhere (another instance on the same
 * PostgreSQL) moves the favourites' change counter, and the view freshness
 * check (src/app/fresh-views.ts) calls `refresh` at the start of the next
 * update.
 */
export interface FavouriteView extends FavouriteStore {
  refresh(): Promise<void>;
}

export async function createFavouriteView(store: FavouriteStore, clock: Clock): Promise<FavouriteView> {
  let rows: Favourite[] = [];
  const refresh = latestRead(
    () => store.all(),
    (all) => {
      rows = all;
    },
  );
  const changing = readAgainAfter(refresh);
  await refresh();
  return {
    refresh,
    all: async () => rows.slice(),
    menuFor: async (personId) => menuOf(rows, personId),
    get: async (owner, id) => rows.find((row) => row.id === id && ownedBy(row, owner)) ?? null,
    add: (favourite) => changing(store.add(favourite)),
    remove: (owner, id) => changing(store.remove(owner, id)),
    rename: (owner, id, name) => changing(store.rename(owner, id, name)),
    moveUp: (owner, id) => changing(store.moveUp(owner, id)),
    async markUsed(id) {
      await store.markUsed(id);
      // Counted here as the store counted it, without reading the table again: a use is the most frequent change.
      const usedAt = new Date(clock.now());
      rows = rows.map((row) => (row.id === id ? { ...row, uses: row.uses + 1, lastUsedAt: usedAt } : row));
    },
  };
}
