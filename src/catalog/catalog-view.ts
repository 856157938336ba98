import type { Json } from '../db/app-state-repo.js';
import type { CatalogStore } from './catalog-store.js';

/**
 * The stored catalog with what the /order menu reads kept in memory: the
 * category pages, the number of products and the sync's own state (whether
 * the first catalog is still loading). They change only with a catalog
 * refresh, yet on a database server each read is a round trip on every
 * /order, "Back" and search that finds nothing. The copies are dropped by
 * every write through this store, and by the view freshness check when the
 * catalog's change counter moved (a refresh by any instance or a script);
 * the next read asks the database again, and so does the store's own
 * (search's category names). Products pages, search and product details
 * are not kept here: they are read as before.
 */
export interface CatalogView extends CatalogStore {
  /** Forgets the copies (the freshness check, when the catalog's counter moved). */
  refresh(): Promise<void>;
}

export function createCatalogView(store: CatalogStore, deps: { keptStateKeys: readonly string[] }): CatalogView {
  const keptStateKeys = new Set(deps.keptStateKeys);
  // One map of reads in memory; dropping replaces it, so a read that was under way is not put back in the new one.
  let kept = new Map<string, Promise<unknown>>();
  const drop = () => {
    kept = new Map();
    store.forget?.();
  };

  function remembered<T>(key: string, read: () => Promise<T>): Promise<T> {
    const held = kept.get(key);
    if (held) return held as Promise<T>;
    const into = kept;
    const reading = read();
    into.set(key, reading);
    // A failed read is not kept: the next one asks again.
    reading.catch(() => {
      if (into.get(key) === reading) into.delete(key);
    });
    return reading;
  }

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
    categoriesPage: (request) => remembered(`categories:${request.page}:${request.pageSize}`, () => store.categoriesPage(request)),
    productCount: () => remembered('count', () => store.productCount()),
    readState<T = Json>(key: string): Promise<T | null> {
      if (!keptStateKeys.has(key)) return store.readState<T>(key);
      return remembered(`state:${key}`, () => store.readState<T>(key));
    },
    write: (snapshot, options) => writing(() => store.write(snapshot, options)),
    writeState: (key, value) => writing(() => store.writeState(key, value)),
    // What is hidden changes the menu's categories and counts.
    hide: (item, actorId) => writing(() => store.hide(item, actorId)),
    show: (item, actorId) => writing(() => store.show(item, actorId)),
    async refresh() {
      drop();
    },
  };
}
