import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { describeProviderFailure, ProviderError, providerFailureFields } from '../provider/errors.js';
import type { Category } from '../provider/schemas.js';
import type { CatalogStore } from '../db/catalog-store.js';
import type { SnapshotProduct } from '../db/catalog-writer.js';

export type CatalogSyncResult =
  | { ok: true; products: number; categories: number; removed: number }
  /** `kept`: products still stored and offered; 0 on a new database, where nothing was ever loaded. */
  | { ok: false; error: unknown; kept: number };

export interface CatalogSyncStatus {
  lastSuccessAt: number | null;
  /** A short description safe to show an administrator: error class and cause (code, status, host, time), never the key. */
  lastError: string | null;
  productCount: number;
}

export interface CatalogSync {
  /** Overlapping calls share one run. */
  syncNow(): Promise<CatalogSyncResult>;
  status(): Promise<CatalogSyncStatus>;
  /** True while a run is under way (on this instance or another) and nothing is stored yet: the first sync of a new database. */
  loading(): Promise<boolean>;
  /** Waits at most `ms` for the first catalog to be stored; true once it is (or nothing is loading), false when it is still loading. */
  loadedWithin(ms: number): Promise<boolean>;
}

/** How often another instance's first run is looked at while a person waits for it. */
const LOADED_CHECK_MS = 250;

interface CatalogSyncDeps {
  provider: Pick<ProviderClient, 'listCategories' | 'allProducts'>;
  /** Where the catalog, and the sync's own status, are stored. */
  store: Pick<CatalogStore, 'write' | 'productCount' | 'readState' | 'writeState'>;
  clock: Clock;
  logger: Logger;
  /** Aborted at shutdown: a run in progress stops at its next request instead of holding the exit. */
  signal?: AbortSignal;
  /** Whether products not stored before arrive hidden (read at each run, so a change holds from the next one). */
  hideNew?: () => boolean;
}

/** Kept in app_state so that the status survives a restart; on PostgreSQL its changes move the catalog's change counter (migration 0013). */
export const CATALOG_SYNC_STATE_KEY = 'catalog.sync';
const STATE_KEY = CATALOG_SYNC_STATE_KEY;
type StoredState = {
  lastSuccessAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  /**
   * When the run under way started, null when none is: the sync runs on
   * the one instance holding the background work, and the others read
   * this to say "the catalog is loading" instead of "no products".
   */
  runningSince?: number | null;
};
const EMPTY_STATE: StoredState = { lastSuccessAt: null, lastError: null, lastErrorAt: null, runningSince: null };
/** A run that stopped without clearing its mark (a crash) stops counting as loading after this; a new run marks itself again. */
const RUN_MARK_MAX_AGE_MS = 30 * 60_000;

/** Refuses to wipe a catalog on an empty answer: far more likely a provider glitch than an empty shop. */
export class EmptyCatalogError extends Error {
  override name = 'EmptyCatalogError';
}

export function describeSyncError(error: unknown): string {
  if (error instanceof ProviderError) return describeProviderFailure(error);
  if (error instanceof EmptyCatalogError) return `${error.name}: ${error.message}`;
  // Other errors (a database's among them) can quote values: their class only.
  if (error instanceof Error) return error.name;
  return 'UnknownError';
}

export function createCatalogSync(deps: CatalogSyncDeps): CatalogSync {
  const { provider, store, clock, logger } = deps;
  let running: Promise<CatalogSyncResult> | null = null;

  const readState = async (): Promise<StoredState> => ({ ...EMPTY_STATE, ...(await store.readState<StoredState>(STATE_KEY)) });

  async function fetchCatalog(): Promise<{ categories: Category[]; products: SnapshotProduct[] }> {
    const options = { priority: 'background' as const, ...(deps.signal ? { signal: deps.signal } : {}) };
    const fetchedCategories = await provider.listCategories(options);
    // Pages can shift while they are followed; the first sighting of an id keeps its place.
    // Only what is stored is kept: the whole listing is held until the last page (10,000 products take
    // some 40 s at the provider's rate), and the image addresses and the fields giftdesk does not know would
    // only be left behind for the garbage collector once it is written.
    const seen = new Map<number, SnapshotProduct>();
    for await (const { id, title, categoryId, isAvailable } of provider.allProducts({ pageSize: 50 }, options)) {
      if (!seen.has(id)) seen.set(id, { id, title, categoryId, isAvailable });
    }
    const uniqueCategories = [...new Map(fetchedCategories.map((c) => [c.id, c])).values()];
    return { categories: uniqueCategories, products: [...seen.values()] };
  }

  const productCount = () => store.productCount();

  async function run(): Promise<CatalogSyncResult> {
    const startedAt = clock.now();
    try {
      await store.writeState(STATE_KEY, { ...(await readState()), runningSince: startedAt });
      const fetched = await fetchCatalog();
      if (fetched.products.length === 0 && (await productCount()) > 0) {
        throw new EmptyCatalogError('the provider listed no products');
      }
      const state: StoredState = { lastSuccessAt: clock.now(), lastError: null, lastErrorAt: null, runningSince: null };
      const { removed, hidden } = await store.write(fetched, { state: { key: STATE_KEY, value: state }, hideNew: deps.hideNew?.() ?? false });
      const result = { ok: true as const, products: fetched.products.length, categories: fetched.categories.length, removed };
      logger.info({ ...result, hidden, ms: clock.now() - startedAt }, 'catalog synced');
      return result;
    } catch (error) {
      if (deps.signal?.aborted) {
        // Not a failure of the provider: nothing to record, nobody to alert.
        logger.info({ ms: clock.now() - startedAt }, 'catalog sync stopped for shutdown; previous catalog kept');
        await store.writeState(STATE_KEY, { ...(await readState()), runningSince: null }).catch(() => undefined);
        return { ok: false, error, kept: await productCount() };
      }
      const description = describeSyncError(error);
      try {
        await store.writeState(STATE_KEY, { ...(await readState()), lastError: description, lastErrorAt: clock.now(), runningSince: null });
      } catch (stateError) {
        logger.error({ error: describeSyncError(stateError) }, 'could not record the catalog sync failure');
      }
      const kept = await productCount();
      logger.warn(
        { ...providerFailureFields(error), reason: description, kept, ms: clock.now() - startedAt },
        kept > 0 ? 'catalog sync failed; previous catalog kept' : 'catalog sync failed; no catalog stored yet',
      );
      return { ok: false, error, kept };
    }
  }

  /**
   * Whether staff must wait for the first catalog. A catalog stored once is
   * served while a refresh runs. Until then: loading while the first run is
   * under way (this instance's, or another's by its mark), even once its
   * first chunks of products are in, since the categories come with its
   * last; and loading while it is still ahead on an empty database (the
   * background work starts a moment after the bot answers). A first run
   * that failed leaves the catalog empty, not loading: /order says so.
   */
  async function loading(): Promise<boolean> {
    const state = await readState();
    if (state.lastSuccessAt !== null) return false;
    const since = state.runningSince ?? null;
    if (running !== null || (since !== null && clock.now() - since <= RUN_MARK_MAX_AGE_MS)) return true;
    return state.lastErrorAt === null && (await productCount()) === 0;
  }

  return {
    syncNow() {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    async status() {
      const state = await readState();
      return { lastSuccessAt: state.lastSuccessAt, lastError: state.lastError, productCount: await productCount() };
    },
    loading,
    async loadedWithin(ms) {
      const deadline = clock.now() + ms;
      while (await loading()) {
        const left = deadline - clock.now();
        if (left <= 0) return false;
        // This instance's run ends the wait as soon as it ends; another instance's is looked at again shortly.
        const pause = clock.sleep(Math.min(left, LOADED_CHECK_MS));
        await (running ? Promise.race([running.then(() => undefined, () => undefined), pause]) : pause);
      }
      return true;
    },
  };
}
