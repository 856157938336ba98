import { resolvePage, type PageRequest } from './paging.js';
import { createKeptReads } from './kept-reads.js';

/** Searches whose hits are kept; the least recently used is let go past this (each is at most MAX_SEARCH_RESULTS ids). */
const KEPT_SEARCHES = 256;

const EMPTY_PAGE = { page: 1, pageCount: 1, total: 0 };

/**
 * The hits of recent searches (product ids in the order shown), kept in
 * memory until the catalog changes. Finding a common word's hits reads the
 * search index for a thousand rows and more (about 1 ms on SQLite, 2 to 5
 * on PostgreSQL), while staff search the same brands again and again and
 * the catalog changes only with a refresh or a hide. The hits depend on the
 * products, the categories' names and what is hidden, nothing else: the
 * store that keeps them calls `forget` after each of its writes, hides and
 * shows, and whenever it learns that someone else changed the catalog.
 * Prices and availability are not kept here: a page's rows are read by id
 * (on PostgreSQL the catalog view keeps whole pages, catalog-view.ts).
 */
export function createKeptSearches() {
  const kept = createKeptReads(KEPT_SEARCHES);
  return {
    /** The hits kept under `key`, or those `find` finds (kept unless it fails). */
    hits: (key: string, find: () => Promise<number[]>): Promise<number[]> => kept.read(key, find),
    forget: () => kept.forget(),
  };
}

/**
 * What a search is kept under: its terms (buildSearchTerms), so that
 * "Steam", "steam " and "steam" are one search, and whether hidden products
 * count.
 */
export const searchKey = (terms: string[][][] | null, includeHidden: boolean | undefined): string => `${includeHidden ? 'all' : 'shown'} ${JSON.stringify(terms)}`;

/** Where a page of a search's hits (`ids`, in the order shown) lies: the ids whose rows it shows, and its place. */
export function pageOfHits(ids: readonly number[], request: PageRequest): { wanted: number[]; page: number; pageCount: number; total: number } {
  if (ids.length === 0) return { wanted: [], ...EMPTY_PAGE };
  const { page, pageCount, offset, pageSize } = resolvePage(request, ids.length);
  return { wanted: ids.slice(offset, offset + pageSize), page, pageCount, total: ids.length };
}

/** `rows` in the order of `ids`; a product gone meanwhile (a change not yet learnt) is left out. */
export function inHitOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
