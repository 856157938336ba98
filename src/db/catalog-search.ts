import type { Database, Query } from './seam/database.js';
import { createFts5CatalogSearch } from './fts5-catalog-search.js';
import { createWordPrefixCatalogSearch } from './word-prefix-catalog-search.js';

/** A product's entry in a search index that is written beside the product: its folded title and its category's words. */
export interface SearchEntry {
  id: number;
  title: string;
  category: string;
}

/**
 * Product search, the one part of the catalog each database does its own
 * way: SQLite has FTS5, PostgreSQL a GIN index over the titles' word
 * prefixes (migration 0002). Both find the same products for the same
 * terms (search-query.ts): every term must match; a term matches when one
 * of its phrases begins words of the folded title or of the category's
 * name (with its parent's), the last word as a prefix.
 */
export interface CatalogSearch {
  /**
   * The ids found, in the order shown: the first MAX_SEARCH_RESULTS by
   * id, ordered by position. Hidden products are left out before the
   * limit unless `includeHidden`, so that they never take a place.
   */
  hitIds(terms: string[][][], includeHidden: boolean): Promise<number[]>;
  /** Whether another connection changed the database since last asked, where the search can tell (SQLite); false elsewhere. */
  changedElsewhere(): Promise<boolean>;
  /**
   * A watch of its own over the same signal, for another reader that keeps
   * copies (the catalog view): each call of the function says whether
   * another connection changed the database since that function's previous
   * call. Null where changes are learnt from the change counters instead.
   */
  changeWatch(): (() => Promise<boolean>) | null;
  /** Lets go of what it keeps beside the index (PostgreSQL: the category names), after any change to the catalog. */
  forget(): void;
  /**
   * True where another instance's change is learnt only from the catalog
   * view (its change counter), which then calls the store's `forget`.
   */
  readonly toldOfChanges: boolean;
  /**
   * Where the index is written beside the products (FTS5): the entries it
   * holds, to compare with, and their writes, in the products' own
   * transaction. Null where the database keeps the index itself (triggers).
   */
  readonly entries: {
    read(after: number, limit: number): Promise<SearchEntry[]>;
    /** Replaces the entries of these products. */
    write(tx: Query, entries: readonly SearchEntry[]): Promise<void>;
    remove(tx: Query, ids: readonly number[]): Promise<void>;
  } | null;
}

/** The search of this database: the one place that chooses by its kind. */
export function catalogSearchFor(database: Database): CatalogSearch {
  return database.kind === 'sqlite' ? createFts5CatalogSearch(database) : createWordPrefixCatalogSearch(database);
}
