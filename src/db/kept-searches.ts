import { resolvePage, type PageRequest } from './paging.js';
import { createKeptReads } from './kept-reads.js';

/** Searches whose hits are kept; the least recently used is let go past this (each is at most MAX_SEARCH_RESULTS ids). */
const KEPT_SEARCHES = 256;
/** Pages of rows kept (each at most KEPT_PAGE_ROWS products); the least recently used is let go past this. */
const KEPT_PAGES = 512;
/** A page kept holds at most this many rows (the /order steps show 8); a larger one is read each time. */
export const KEPT_PAGE_ROWS = 24;

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
 *
 * Where the store learns every change itself (SQLite: its own writes, and
 * data_version for any other connection's), the rows of a page shown are
 * kept too, by the ids they show: a page's read by id took about half a
 * millisecond of the event loop at each typed search. They carry prices
 * and stock, so a price or stock recorded differently drops them
 * (`forgetRows`), as any catalog change does. On PostgreSQL another
 * instance's price is learnt only through the catalog view's counter, and
 * the view keeps whole pages itself (catalog-view.ts).
 */
export function createKeptSearches() {
  const kept = createKeptReads(KEPT_SEARCHES);
  const rows = createKeptReads(KEPT_PAGES);
  return {
    /** The hits kept under `key`, or those `find` finds (kept unless it fails). */
    hits: (key: string, find: () => Promise<number[]>): Promise<number[]> => kept.read(key, find),
    /** The rows of the products `ids`, kept, or those `read` reads (kept unless it fails). */
    rows: <T>(ids: readonly number[], read: () => Promise<T[]>): Promise<T[]> => rows.read(ids.join(','), read),
    forgetRows: () => rows.forget(),
    forget: () => {
      kept.forget();
      rows.forget();
    },
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
