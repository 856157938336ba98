import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { asc, gt, inArray, sql } from 'drizzle-orm';
import type { CatalogSearch, SearchEntry } from './catalog-search.js';
import { categoryTexts } from '../text/search-query.js';
import { normaliseSearchText } from '../text/search-text.js';
import type { Database, Query } from './seam/database.js';

/** The synthetic category of products with no category, or one the provider did not list. */
export const UNCATEGORISED_ID = 0;

/** A category as the catalog keeps it: the provider's, or any shape that has these. */
export interface SnapshotCategory {
  id: number;
  title: string;
  parentId: number | null;
}

/** A product as the catalog lists it (its price and stock come with its detail, recordPrice). */
export interface SnapshotProduct {
  id: number;
  title: string;
  categoryId: number | null;
  isAvailable: boolean | null;
}

/** The whole catalog at one moment. Storage names the fields it keeps, so it needs nothing of the provider's client. */
export interface CatalogSnapshot {
  categories: SnapshotCategory[];
  products: SnapshotProduct[];
}

export interface CatalogWriteResult {
  /** Products added or changed (their row, their place or their index entry). */
  written: number;
  /** New products hidden as they arrived (the write's `hideNew`). */
  hidden: number;
  removed: number;
}

interface CatalogWriter {
  /**
   * Brings the stored catalog to `snapshot`, writing only what changed, in
   * transactions of at most `chunkSize` products with the event loop free
   * between them, so that no update waits long behind a refresh. `finish`
   * runs inside the last transaction, with the categories and their counts.
   */
  write(snapshot: CatalogSnapshot, finish?: (tx: Query) => Promise<void>, options?: { hideNew: boolean; now: number }): Promise<CatalogWriteResult>;
}

interface ProductRow {
  id: number;
  title: string;
  searchText: string;
  categoryId: number | null;
  isAvailable: boolean | null;
  position: number;
  bucketId: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}

/** Small enough that one chunk holds the event loop a few milliseconds even on a busy machine. */
const DEFAULT_CHUNK = 250;

/**
 * How the catalog is written. Each product's row and its search entry
 * change in one transaction, so a reader sees every product whole, old or
 * new. Between chunks a reader may see part of the new catalog: a product
 * can be briefly listed at its old place or be gone before its category's
 * count says so, which the order flow already meets (a page past the end
 * shows the last page; a product gone is reported when picked, since the
 * product's detail is read from the provider). Counts and categories
 * change together at the end.
 */
export function createCatalogWriter(deps: {
  database: Database;
  search: Pick<CatalogSearch, 'entries'>;
  chunkSize?: number;
  /** Waits between chunks; tests pass one that does not wait. */
  rest?: (ms: number) => Promise<unknown>;
}): CatalogWriter {
  const { database } = deps;
  const { q, tables } = database;
  const { products, categories, categoryCounts, catalogHidden } = tables;
  const index = deps.search.entries;
  const chunkSize = deps.chunkSize ?? DEFAULT_CHUNK;
  const rest = deps.rest ?? ((ms: number) => delay(ms));

  /**
   * Between chunks the writer rests as long as it worked since the last
   * rest (a millisecond at least): an update needs several turns of the
   * event loop, and a writer that only yielded would take the next chunk
   * at every turn. So a refresh, background work with minutes to spare,
   * gets at most half of the loop's time.
   */
  function pacer(): () => Promise<void> {
    let since = performance.now();
    return async () => {
      await rest(Math.max(1, performance.now() - since));
      since = performance.now();
    };
  }

  const readProducts = (after: number, limit: number): Promise<ProductRow[]> =>
    q
      .select({
        id: products.id,
        title: products.title,
        searchText: products.searchText,
        categoryId: products.categoryId,
        isAvailable: products.isAvailable,
        position: products.position,
        bucketId: products.bucketId,
      })
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(limit);

  /** Reads a whole table a chunk at a time, so that reading 10,000 rows never holds the event loop either. */
  async function readAll<T extends { id: number }>(read: (after: number, limit: number) => Promise<T[]>, breathe: () => Promise<void>): Promise<Map<number, T>> {
    const rows = new Map<number, T>();
    for (let after = -1; ; ) {
      const page = await read(after, chunkSize);
      for (const row of page) rows.set(row.id, row);
      if (page.length < chunkSize) return rows;
      after = page.at(-1)!.id;
      await breathe();
    }
  }

  const column = (name: string) => sql.raw(`excluded.${name}`);

  return {
    async write(snapshot, finish, options) {
      const texts = categoryTexts(snapshot.categories);
      const breathe = pacer();
      const oldProducts = await readAll(readProducts, breathe);
      // Where the index is written beside the products: what it holds, so that only what changed is written.
      const oldIndex = index ? await readAll(index.read, breathe) : new Map<number, SearchEntry>();
      const counts = new Map<number, number>();
      let written = 0;
      let hidden = 0;

      for (let start = 0; start < snapshot.products.length; start += chunkSize) {
        const rows: ProductRow[] = [];
        const entries: SearchEntry[] = [];
        const fresh: ProductRow[] = [];
        snapshot.products.slice(start, start + chunkSize).forEach((p, offset) => {
          const bucketId = p.categoryId !== null && texts.has(p.categoryId) ? p.categoryId : UNCATEGORISED_ID;
          counts.set(bucketId, (counts.get(bucketId) ?? 0) + 1);
          const old = oldProducts.get(p.id);
          const row: ProductRow = {
            id: p.id,
            title: p.title,
            // Folding is the costliest part of a refresh: an unchanged title keeps its folded text
            // (a change to search-text.ts that must reach stored titles needs a migration clearing search_text).
            searchText: old?.title === p.title ? old.searchText : normaliseSearchText(p.title),
            categoryId: p.categoryId,
            isAvailable: p.isAvailable,
            position: start + offset,
            bucketId,
          };
          const entry: SearchEntry = { id: p.id, title: row.searchText, category: texts.get(bucketId) ?? '' };
          const oldEntry = oldIndex.get(p.id);
          const rowChanged = !old || (Object.keys(row) as (keyof ProductRow)[]).some((key) => old[key] !== row[key]);
          const entryChanged = index !== null && (!oldEntry || oldEntry.title !== entry.title || oldEntry.category !== entry.category);
          if (rowChanged || entryChanged) rows.push(row);
          if (entryChanged) entries.push(entry);
          if (!old && options?.hideNew) fresh.push(row);
          oldProducts.delete(p.id);
          oldIndex.delete(p.id);
        });
        if (rows.length > 0) {
          hidden += await database.transaction(async (tx) => {
            await tx
              .insert(products)
              .values(rows)
              .onConflictDoUpdate({
                target: products.id,
                set: {
                  title: column('title'),
                  searchText: column('search_text'),
                  categoryId: column('category_id'),
                  isAvailable: column('is_available'),
                  position: column('position'),
                  bucketId: column('bucket_id'),
                },
              });
            await index?.write(tx, entries);
            if (fresh.length === 0) return 0;
            const at = new Date(options!.now);
            const added = await tx
              .insert(catalogHidden)
              .values(fresh.map((row) => ({ kind: 'product' as const, itemId: row.id, title: row.title, hiddenBy: null, hiddenAt: at })))
              .onConflictDoNothing()
              .returning({ id: catalogHidden.itemId });
            return added.length;
          });
          written += rows.length;
        }
        await breathe();
      }

      // What is left was not in the snapshot: gone from the provider (or an index entry without its product).
      const gone = [...new Set([...oldProducts.keys(), ...oldIndex.keys()])];
      for (let start = 0; start < gone.length; start += chunkSize) {
        const ids = gone.slice(start, start + chunkSize);
        await database.transaction(async (tx) => {
          await tx.delete(products).where(inArray(products.id, ids));
          await index?.remove(tx, ids);
        });
        await breathe();
      }

      await database.transaction(async (tx) => {
        // In chunks too: one statement binds a bounded number of values (32,766 on SQLite).
        await tx.delete(categories);
        const listed = snapshot.categories.map((c, position) => ({ id: c.id, title: c.title, parentId: c.parentId, position }));
        for (const part of chunks(listed, chunkSize)) await tx.insert(categories).values(part);
        await tx.delete(categoryCounts);
        for (const part of chunks([...counts].map(([categoryId, productCount]) => ({ categoryId, productCount })), chunkSize)) await tx.insert(categoryCounts).values(part);
        await finish?.(tx);
      });
      return { written, removed: oldProducts.size, hidden };
    },
  };
}
