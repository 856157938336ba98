import type { PageOf, PageRequest } from '../db/paging.js';
import type { Db } from '../db/open.js';
import type { SyncDb } from '../db/sync-db.js';
import type { Clock } from '../clock.js';
import { createAppStateRepo, type Json } from '../db/app-state-repo.js';
import { createCatalogQueries, type CatalogCategory, type CatalogProduct, type ListedProduct, type SearchRequest } from './catalog-queries.js';
import { createSqliteHiddenCatalog, type HiddenCatalog } from './catalog-hidden.js';
import { createCatalogWriter, type CatalogSnapshot, type CatalogWriteResult } from './catalog-writer.js';
import { createPriceRecorder, productsDueForPrice } from './price-rows.js';
import { createKeptSearches, inHitOrder, pageOfHits, searchKey } from './kept-searches.js';
import { buildSearchTerms } from './search-query.js';
import type { ProductDetail } from '../provider/schemas.js';

/**
 * The stored catalog, as every database keeps it: what a catalog refresh
 * writes, what the /order steps read, and the cached prices. Asynchronous,
 * so that the SQLite file and a PostgreSQL server answer through one shape.
 *
 * - Search: every word typed must begin a word of the product's folded
 *   title or of its category's name (with the category's parent), as a
 *   prefix; brand names match in either script (search-query.ts); an empty
 *   query finds nothing; at most MAX_SEARCH_RESULTS products (those with the
 *   lowest ids), listed in the provider's order.
 * - Pages past the end show the last page.
 * - What administrators hid (a product, or every product of a category and
 *   of the categories under it) is left out of the category menu, its
 *   counts, products pages and search; `product` reads it marked hidden.
 */
export interface CatalogStore extends HiddenCatalog {
  categoriesPage(request: PageRequest): Promise<PageOf<CatalogCategory>>;
  productsPage(request: PageRequest & { categoryId: number }): Promise<PageOf<CatalogProduct>>;
  /** Hidden products are left out unless `includeHidden`. */
  search(request: SearchRequest): Promise<PageOf<CatalogProduct>>;
  product(id: number): Promise<ListedProduct | null>;
  productCount(): Promise<number>;
  /**
   * Brings the stored catalog to `snapshot` in chunks (see catalog-writer.ts).
   * `state`, when given, is set in app_state in the same transaction as the
   * categories and their counts, the last one. `hideNew` hides each product
   * not stored before, in the same transaction as its row, so that no
   * reader sees it shown first.
   */
  write(snapshot: CatalogSnapshot, options?: CatalogWriteOptions): Promise<CatalogWriteResult>;
  /**
   * Remembers what a product detail said about price and stock (nothing for
   * a detail without regions); true when the price or stock stored before
   * (or none) differs, and the pages that show it are stale. Exact for one
   * writer; two instances recording one product at once may miss a move,
   * which the prices counter catches (catalog-view.ts).
   */
  recordPrice(detail: ProductDetail, now: number): Promise<boolean>;
  /** Up to `limit` product ids whose price is unknown or fetched before `cutoff`: unknown first, then oldest. */
  productsDueForPrice(cutoff: Date, limit: number): Promise<number[]>;
  /** The sync's own record in app_state (when it last succeeded or failed), so that its status survives a restart. */
  readState<T = Json>(key: string): Promise<T | null>;
  writeState(key: string, value: Json): Promise<void>;
  /**
   * Forgets what the store itself keeps between reads (on PostgreSQL the
   * category names search matches), so that its next read asks the
   * database: called by the catalog view when another instance or a
   * script changed the catalog. Absent where nothing is kept (SQLite).
   */
  forget?(): void;
}

export interface CatalogWriteOptions {
  state?: { key: string; value: Json };
  hideNew?: boolean;
}

/** What the /order steps read. */
export type CatalogReads = Pick<CatalogStore, 'categoriesPage' | 'productsPage' | 'search' | 'product' | 'hiddenAmong'>;

export interface CatalogStoreOptions {
  /** Products per write transaction. */
  chunkSize?: number;
  /** Waits between chunks; tests pass one that does not wait. */
  rest?: (ms: number) => Promise<unknown>;
}

/** The SQLite store: the synchronous queries and the FTS5 index behind promises. */
export function createSqliteCatalogStore(deps: { db: Db; clock: Clock } & CatalogStoreOptions): CatalogStore {
  const { db, clock } = deps;
  const queries = createCatalogQueries({ db });
  const writer = createCatalogWriter({ db, ...(deps.chunkSize ? { chunkSize: deps.chunkSize } : {}), ...(deps.rest ? { rest: deps.rest } : {}) });
  const count = db.$client.prepare<[], { n: number }>('select count(*) as n from products');
  // Kept, so that its compiled read is too: /order asks whether the first catalog is still loading.
  const state = createAppStateRepo({ db, clock });
  const recordPrice = createPriceRecorder(db);
  const hidden = createSqliteHiddenCatalog({ db, clock });
  // Every write to the catalog on this connection goes through this store; another connection's
  // (a script, a repair) moves SQLite's data_version, read before each search (a few microseconds).
  const kept = createKeptSearches();
  const dataVersion = db.$client.prepare<[], number>('pragma data_version').pluck();
  let seenVersion = dataVersion.get();
  // A refresh writes in chunks with rests between: what a search finds meanwhile is not kept.
  let writing = 0;
  const changed = async <T>(work: () => Promise<T>): Promise<T> => {
    writing += 1;
    kept.forget();
    try {
      return await work();
    } finally {
      writing -= 1;
      kept.forget();
    }
  };
  return {
    ...hidden,
    hide: (item, actorId) => changed(() => hidden.hide(item, actorId)),
    show: (item, actorId) => changed(() => hidden.show(item, actorId)),
    categoriesPage: async (request) => queries.categoriesPage(request),
    productsPage: async (request) => queries.productsPage(request),
    async search({ query, includeHidden, ...request }) {
      const version = dataVersion.get();
      if (version !== seenVersion) {
        kept.forget();
        seenVersion = version;
      }
      const find = () => queries.searchHits({ query, ...(includeHidden === undefined ? {} : { includeHidden }) });
      const key = searchKey(buildSearchTerms(query), includeHidden);
      const ids = writing > 0 ? find() : await kept.hits(key, async () => find());
      const { wanted, ...place } = pageOfHits(ids, request);
      return { items: inHitOrder(wanted, queries.productsById(wanted)), ...place };
    },
    product: async (id) => queries.product(id),
    productCount: async () => count.get()?.n ?? 0,
    write: (snapshot, options) => {
      const state = options?.state;
      const finish = state ? (tx: SyncDb) => createAppStateRepo({ db: tx, clock }).set(state.key, state.value) : undefined;
      return changed(() => writer.write(snapshot, finish, { hideNew: options?.hideNew ?? false, now: clock.now() }));
    },
    recordPrice: async (detail, now) => recordPrice(detail, now),
    productsDueForPrice: async (cutoff, limit) => productsDueForPrice(db, cutoff, limit),
    readState: async <T = Json>(key: string) => state.get<T>(key),
    writeState: async (key, value) => state.set(key, value),
  };
}
