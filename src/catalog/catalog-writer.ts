import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../db/open.js';
import type { SyncDb } from '../db/sync-db.js';
import type { Category, ProductSummary } from '../provider/schemas.js';
import { normaliseSearchText } from './normalise.js';

/** The synthetic category of products with no category, or one the provider did not list. */
export const UNCATEGORISED_ID = 0;

export interface CatalogSnapshot {
  categories: Category[];
  products: ProductSummary[];
}

export interface CatalogWriteResult {
  /** Products added or changed (their row, their place or their index entry). */
  written: number;
  /** New products hidden as they arrived (the write's `hideNew`). */
  hidden: number;
  removed: number;
}

export interface CatalogWriter {
  /**
   * Brings the stored catalog to `snapshot`, writing only what changed, in
   * transactions of at most `chunkSize` products with the event loop free
   * between them, so that no update waits long behind a refresh. `finish`
   * runs inside the last transaction, with the categories and their counts.
   */
  write(snapshot: CatalogSnapshot, finish?: (tx: SyncDb) => void, options?: { hideNew: boolean; now: number }): Promise<CatalogWriteResult>;
}

interface ProductRow {
  id: number;
  title: string;
  searchText: string;
  categoryId: number | null;
  isAvailable: number | null;
  position: number;
  bucketId: number;
}

interface IndexRow {
  title: string;
  category: string;
}

/** The words a product is found by besides its title, by category id: its category's name and that category's parent's, folded. */
export function categoryTexts(categories: Pick<Category, 'id' | 'title' | 'parentId'>[]): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return new Map(
    categories.map((c) => {
      const parent = c.parentId === null ? undefined : byId.get(c.parentId);
      return [c.id, normaliseSearchText(parent && parent.id !== c.id ? `${c.title} ${parent.title}` : c.title)];
    }),
  );
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
  db: Db;
  chunkSize?: number;
  /** Waits between chunks; tests pass one that does not wait. */
  rest?: (ms: number) => Promise<unknown>;
}): CatalogWriter {
  const { db } = deps;
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
  const sqlite = db.$client;

  const readProducts = sqlite.prepare<[number, number], ProductRow>(
    `select id, title, search_text as searchText, category_id as categoryId, is_available as isAvailable, position, bucket_id as bucketId
     from products where id > ? order by id limit ?`,
  );
  const readIndex = sqlite.prepare<[number, number], IndexRow & { id: number }>(
    'select rowid as id, title, category from products_fts where rowid > ? order by rowid limit ?',
  );
  const upsertProduct = sqlite.prepare<ProductRow>(
    `insert into products (id, title, search_text, category_id, is_available, position, bucket_id)
     values (@id, @title, @searchText, @categoryId, @isAvailable, @position, @bucketId)
     on conflict (id) do update set title = excluded.title, search_text = excluded.search_text,
       category_id = excluded.category_id, is_available = excluded.is_available,
       position = excluded.position, bucket_id = excluded.bucket_id`,
  );
  const deleteProduct = sqlite.prepare<[number]>('delete from products where id = ?');
  const deleteIndex = sqlite.prepare<[number]>('delete from products_fts where rowid = ?');
  const insertIndex = sqlite.prepare<[number, string, string]>('insert into products_fts (rowid, title, category) values (?, ?, ?)');
  const hideProduct = sqlite.prepare<[number, string, number]>(
    "insert into catalog_hidden (kind, item_id, title, hidden_by, hidden_at) values ('product', ?, ?, null, ?) on conflict do nothing",
  );
  const clearCategories = sqlite.prepare('delete from categories');
  const insertCategory = sqlite.prepare<[number, string, number | null, number]>(
    'insert into categories (id, title, parent_id, position) values (?, ?, ?, ?)',
  );
  const clearCounts = sqlite.prepare('delete from category_counts');
  const insertCount = sqlite.prepare<[number, number]>('insert into category_counts (category_id, product_count) values (?, ?)');

  /** Reads a whole table a chunk at a time, so that reading 10,000 rows never holds the event loop either. */
  async function readAll<T extends { id: number }>(
    statement: { all(after: number, limit: number): T[] },
    breathe: () => Promise<void>,
  ): Promise<Map<number, T>> {
    const rows = new Map<number, T>();
    for (let after = -1; ; ) {
      const page = statement.all(after, chunkSize);
      for (const row of page) rows.set(row.id, row);
      if (page.length < chunkSize) return rows;
      after = page.at(-1)!.id;
      await breathe();
    }
  }

  return {
    async write(snapshot, finish, options) {
      const texts = categoryTexts(snapshot.categories);
      const breathe = pacer();
      const oldProducts = await readAll(readProducts, breathe);
      const oldIndex = await readAll(readIndex, breathe);
      const counts = new Map<number, number>();
      let written = 0;
      let hidden = 0;

      for (let start = 0; start < snapshot.products.length; start += chunkSize) {
        const changes: { row: ProductRow; index: IndexRow | null; hide: boolean }[] = [];
        snapshot.products.slice(start, start + chunkSize).forEach((p, offset) => {
          const bucketId = p.categoryId !== null && texts.has(p.categoryId) ? p.categoryId : UNCATEGORISED_ID;
          counts.set(bucketId, (counts.get(bucketId) ?? 0) + 1);
          const old = oldProducts.get(p.id);
          const row: ProductRow = {
            id: p.id,
            title: p.title,
            // Folding is the costliest part of a refresh: an unchanged title keeps its folded text
            // (a change to normalise.ts that must reach stored titles needs a migration clearing search_text).
            searchText: old?.title === p.title ? old.searchText : normaliseSearchText(p.title),
            categoryId: p.categoryId,
            isAvailable: p.isAvailable === null ? null : Number(p.isAvailable),
            position: start + offset,
            bucketId,
          };
          const index: IndexRow = { title: row.searchText, category: texts.get(bucketId) ?? '' };
          const oldEntry = oldIndex.get(p.id);
          const rowChanged = !old || (Object.keys(row) as (keyof ProductRow)[]).some((key) => old[key] !== row[key]);
          const indexChanged = !oldEntry || oldEntry.title !== index.title || oldEntry.category !== index.category;
          if (rowChanged || indexChanged) changes.push({ row, index: indexChanged ? index : null, hide: !old && options?.hideNew === true });
          oldProducts.delete(p.id);
          oldIndex.delete(p.id);
        });
        if (changes.length > 0) {
          sqlite.transaction(() => {
            for (const { row, index, hide } of changes) {
              upsertProduct.run(row);
              if (hide) hidden += hideProduct.run(row.id, row.title, options!.now).changes;
              if (index) {
                deleteIndex.run(row.id);
                insertIndex.run(row.id, index.title, index.category);
              }
            }
          }).immediate();
          written += changes.length;
        }
        await breathe();
      }

      // What is left was not in the snapshot: gone from the provider (or an index entry without its product).
      const gone = [...new Set([...oldProducts.keys(), ...oldIndex.keys()])];
      for (let start = 0; start < gone.length; start += chunkSize) {
        sqlite.transaction(() => {
          for (const id of gone.slice(start, start + chunkSize)) {
            deleteProduct.run(id);
            deleteIndex.run(id);
          }
        }).immediate();
        await breathe();
      }

      db.transaction(
        (tx) => {
          clearCategories.run();
          snapshot.categories.forEach((c, position) => insertCategory.run(c.id, c.title, c.parentId, position));
          clearCounts.run();
          for (const [categoryId, count] of counts) insertCount.run(categoryId, count);
          finish?.(tx);
        },
        { behavior: 'immediate' },
      );
      return { written, removed: oldProducts.size, hidden };
    },
  };
}
