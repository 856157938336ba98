import type { Json } from '../db/json.js';
import type { CatalogStore } from '../db/catalog-store.js';
import { createKeptReads } from '../db/kept-reads.js';
import { searchKey } from '../db/kept-searches.js';
import { buildSearchTerms } from '../text/search-query.js';

/** Pages of products (a category's, a search's) kept; past this the least recently used is let go. */
export const KEPT_PAGES = 512;
/** A page kept holds at most this many rows (the /order steps show 8); a larger read goes to the store. */
const KEPT_PAGE_ROWS = 24;
/** Pages of the category menu kept: a menu has a handful; the page asked for comes from a button's data. */
const KEPT_MENU_READS = 64;

/**
 * The stored catalog with what the /order steps read kept in memory: on a
 * database server each read is a round trip on top of the update's own (the
 * chat's state and the change counters, read together), and on SQLite a
 * page of products read after a pause costs more than half a millisecond
 * (its pages and indexes gone cold), where a kept one costs a look at
 * SQLite's data_version:
 *
 * - the menu: the category pages, the number of products and the sync's own
 *   state (whether the first catalog is still loading);
 * - the pages of products: a category's page and a search's page, with the
 *   cached prices and stock they show.
 *
 * All of it is dropped by every write, hide and show through this store,
 * and by the view freshness check when the catalog's change counter moved
 * (a refresh or a hide by any instance or a script; on SQLite, where the
 * counters never move, when another connection wrote the database, seen
 * before each read through the store's `changeWatch`); the next read asks the
 * database again, and so does the store's own (search's category names and
 * hits). The pages alone are dropped when a price or stock recorded through
 * this store differs from the stored one, and when the prices' counter
 * moved (the same, by any instance, learnt at this instance's next update;
 * the counter does not move for a price read again unchanged, so people
 * picking products keep the pages). A product's own row (its details,
 * whether it is hidden) is never kept: ordering reads it afresh. Searches
 * that include hidden products (a batch file's titles) and pages larger
 * than the steps show are not kept either: they would push the steps' out.
 */
interface CatalogView extends CatalogStore {
  /** Forgets every copy (the freshness check, when the catalog's counter moved). */
  refresh(): Promise<void>;
  /** Forgets the pages of products (the freshness check, when the prices' counter moved). */
  refreshPages(): Promise<void>;
}

export function createCatalogView(store: CatalogStore, deps: { keptStateKeys: readonly string[] }): CatalogView {
  const keptStateKeys = new Set(deps.keptStateKeys);
  const menu = createKeptReads(KEPT_MENU_READS);
  const pages = createKeptReads(KEPT_PAGES);
  const drop = () => {
    menu.forget();
    pages.forget();
    store.forget?.();
  };
  const changedElsewhere = store.changeWatch?.();
  /** A kept read, after dropping every copy if another connection changed the database (SQLite) since the last look. */
  const keptRead = (reads: typeof menu) =>
    changedElsewhere
      ? async <T>(key: string, read: () => Promise<T>): Promise<T> => {
          if (await changedElsewhere()) drop();
          return reads.read(key, read);
        }
      : <T>(key: string, read: () => Promise<T>): Promise<T> => reads.read(key, read);
  const fromMenu = keptRead(menu);
  const fromPages = keptRead(pages);

  /** Drops the copies after a write (whether it succeeded or not: part of it may have landed) and on the way in. */
  async function writing<T>(work: () => Promise<T>): Promise<T> {
    drop();
    try {
      return await work();
    } finally {
      drop();
    }
  }

  return {
    ...store,
    categoriesPage: (request) => fromMenu(`categories:${request.page}:${request.pageSize}`, () => store.categoriesPage(request)),
    productCount: () => fromMenu('count', () => store.productCount()),
    readState<T = Json>(key: string): Promise<T | null> {
      if (!keptStateKeys.has(key)) return store.readState<T>(key);
      return fromMenu(`state:${key}`, () => store.readState<T>(key));
    },
    productsPage(request) {
      if (request.pageSize > KEPT_PAGE_ROWS) return store.productsPage(request);
      return fromPages(`products:${request.categoryId}:${request.page}:${request.pageSize}`, () => store.productsPage(request));
    },
    search(request) {
      if (request.includeHidden || request.pageSize > KEPT_PAGE_ROWS) return store.search(request);
      return fromPages(`search:${searchKey(buildSearchTerms(request.query), false)}:${request.page}:${request.pageSize}`, () => store.search(request));
    },
    async recordPrice(detail, now) {
      // Dropped after the price landed: a page read meanwhile may hold the old one.
      const changed = await store.recordPrice(detail, now);
      if (changed) pages.forget();
      return changed;
    },
    write: (snapshot, options) => writing(() => store.write(snapshot, options)),
    writeState: (key, value) => writing(() => store.writeState(key, value)),
    // What is hidden changes the menu's categories and counts, and what the pages show.
    hide: (item, actorId) => writing(() => store.hide(item, actorId)),
    show: (item, actorId) => writing(() => store.show(item, actorId)),
    async refresh() {
      drop();
    },
    async refreshPages() {
      pages.forget();
    },
  };
}
