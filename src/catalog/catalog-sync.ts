import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { createAppStateRepo } from '../db/app-state-repo.js';
import type { Db } from '../db/open.js';
import { categories, products } from '../db/schema.js';
import type { SyncDb } from '../db/sync-db.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import { describeProviderFailure, ProviderError, providerFailureFields } from '../provider/errors.js';
import type { Category, ProductSummary } from '../provider/schemas.js';
import { normaliseSearchText } from './normalise.js';

export type CatalogSyncResult =
  | { ok: true; products: number; categories: number; removed: number }
  | { ok: false; error: unknown };

export interface CatalogSyncStatus {
  lastSuccessAt: number | null;
  /** A short description safe to show an administrator: error class and cause (code, status, host, time), never the key. */
  lastError: string | null;
  productCount: number;
}

export interface CatalogSync {
  /** Overlapping calls share one run. */
  syncNow(): Promise<CatalogSyncResult>;
  status(): CatalogSyncStatus;
}

export interface CatalogSyncDeps {
  provider: Pick<ProviderClient, 'listCategories' | 'allProducts'>;
  db: Db;
  clock: Clock;
  logger: Logger;
}

/** Kept in app_state so that the status survives a restart. */
const STATE_KEY = 'catalog.sync';
type StoredState = {
  lastSuccessAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
};
const EMPTY_STATE: StoredState = { lastSuccessAt: null, lastError: null, lastErrorAt: null };

/** Rows per INSERT: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

/** Refuses to wipe a catalog on an empty answer: far more likely a provider glitch than an empty shop. */
export class EmptyCatalogError extends Error {
  override name = 'EmptyCatalogError';
}

export function describeSyncError(error: unknown): string {
  if (error instanceof ProviderError) return describeProviderFailure(error);
  if (error instanceof EmptyCatalogError) return `${error.name}: ${error.message}`;
  // Other errors (SQLite's among them) can quote values: their class only.
  if (error instanceof Error) return error.name;
  return 'UnknownError';
}

export function createCatalogSync(deps: CatalogSyncDeps): CatalogSync {
  const { provider, db, clock, logger } = deps;
  let running: Promise<CatalogSyncResult> | null = null;

  const readState = (exec: SyncDb = db): StoredState => ({
    ...EMPTY_STATE,
    ...createAppStateRepo({ db: exec, clock }).get<StoredState>(STATE_KEY),
  });
  const writeState = (exec: SyncDb, state: StoredState) =>
    createAppStateRepo({ db: exec, clock }).set(STATE_KEY, state);

  async function fetchCatalog(): Promise<{ categories: Category[]; products: ProductSummary[] }> {
    const fetchedCategories = await provider.listCategories({ priority: 'background' });
    // Pages can shift while they are followed; the first sighting of an id keeps its place.
    const seen = new Map<number, ProductSummary>();
    for await (const product of provider.allProducts({ pageSize: 50 }, { priority: 'background' })) {
      if (!seen.has(product.id)) seen.set(product.id, product);
    }
    const uniqueCategories = [...new Map(fetchedCategories.map((c) => [c.id, c])).values()];
    return { categories: uniqueCategories, products: [...seen.values()] };
  }

  function replaceCatalog(fetched: { categories: Category[]; products: ProductSummary[] }): number {
    return db.transaction(
      (tx) => {
        const newIds = new Set(fetched.products.map((p) => p.id));
        const oldIds = tx.select({ id: products.id }).from(products).all();
        const removed = oldIds.filter((row) => !newIds.has(row.id)).length;

        tx.delete(categories).run();
        tx.delete(products).run();
        const categoryRows = fetched.categories.map((c, position) => ({
          id: c.id,
          title: c.title,
          parentId: c.parentId,
          position,
        }));
        const productRows = fetched.products.map((p, position) => ({
          id: p.id,
          title: p.title,
          searchText: normaliseSearchText(p.title),
          categoryId: p.categoryId,
          isAvailable: p.isAvailable,
          position,
        }));
        for (let i = 0; i < categoryRows.length; i += CHUNK) {
          tx.insert(categories).values(categoryRows.slice(i, i + CHUNK)).run();
        }
        for (let i = 0; i < productRows.length; i += CHUNK) {
          tx.insert(products).values(productRows.slice(i, i + CHUNK)).run();
        }
        writeState(tx, { lastSuccessAt: clock.now(), lastError: null, lastErrorAt: null });
        return removed;
      },
      { behavior: 'immediate' },
    );
  }

  function productCount(): number {
    return db.select({ n: sql<number>`count(*)` }).from(products).get()?.n ?? 0;
  }

  async function run(): Promise<CatalogSyncResult> {
    const startedAt = clock.now();
    try {
      const fetched = await fetchCatalog();
      if (fetched.products.length === 0 && productCount() > 0) {
        throw new EmptyCatalogError('the provider listed no products');
      }
      const removed = replaceCatalog(fetched);
      const result = { ok: true as const, products: fetched.products.length, categories: fetched.categories.length, removed };
      logger.info({ ...result, ms: clock.now() - startedAt }, 'catalog synced');
      return result;
    } catch (error) {
      const description = describeSyncError(error);
      try {
        writeState(db, { ...readState(), lastError: description, lastErrorAt: clock.now() });
      } catch (stateError) {
        logger.error({ error: describeSyncError(stateError) }, 'could not record the catalog sync failure');
      }
      logger.warn({ ...providerFailureFields(error), reason: description, ms: clock.now() - startedAt }, 'catalog sync failed; previous catalog kept');
      return { ok: false, error };
    }
  }

  return {
    syncNow() {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    status() {
      const state = readState();
      return { lastSuccessAt: state.lastSuccessAt, lastError: state.lastError, productCount: productCount() };
    },
  };
}
