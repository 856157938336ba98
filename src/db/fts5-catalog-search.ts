import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { bigint, pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { HIDDEN_CATEGORIES } from './catalog-hidden.js';
import type { CatalogSearch } from './catalog-search.js';
import { matchExpression, MAX_SEARCH_RESULTS } from '../text/search-query.js';
import type { Database } from './seam/database.js';

/** PostgreSQL's table builders, as types alone: this module builds nothing of PostgreSQL's. */
declare const pg: { pgTable: typeof pgTable; bigint: typeof bigint; text: typeof pgText };
/** products_fts's shape as the seam's builder is typed (PostgreSQL's), as seam/tables.ts types SQLite's tables; never called. */
const typedAs = () => pg.pgTable('products_fts', { rowid: pg.bigint('rowid', { mode: 'number' }).notNull(), title: pg.text('title').notNull(), category: pg.text('category').notNull() });

/**
 * The FTS5 index (migration 0001), a virtual table drizzle-kit does not
 * manage, hence declared here rather than in the schema: one entry a
 * product, under the product's id, holding its folded title and its
 * category's words.
 */
const productsFts = sqliteTable('products_fts', {
  rowid: integer('rowid').notNull(),
  title: text('title').notNull(),
  category: text('category').notNull(),
}) as unknown as ReturnType<typeof typedAs>;

/**
 * Search on SQLite: each term an FTS5 prefix query (search-query.ts turns
 * the terms into one match expression). The index is written beside the
 * products, in their transactions (catalog-writer.ts). What another
 * connection (a script, a repair) changed is seen through SQLite's
 * data_version, read before each search (a few microseconds).
 */
export function createFts5CatalogSearch(database: Database): CatalogSearch {
  const { q, tables } = database;
  const { products, catalogHidden } = tables;
  // Read before every search: built once, not by the query builder at each call.
  const versionRead = q.select({ version: sql<number>`data_version` }).from(sql`pragma_data_version`).prepare('catalog-data-version');
  const dataVersion = () => versionRead.execute();
  /** Each watch keeps the version it saw last, so that two readers never take each other's news. */
  const changeWatch = () => {
    let seenVersion: Promise<number | undefined> = dataVersion().then(([row]) => row?.version);
    return async () => {
      const [row] = await dataVersion();
      const before = await seenVersion;
      seenVersion = Promise.resolve(row?.version);
      return row?.version !== before;
    };
  };
  const changedSinceLastSearch = changeWatch();

  return {
    async hitIds(terms, includeHidden) {
      const match = matchExpression(terms);
      // A search stops at MAX_SEARCH_RESULTS matches: a word every title shares would otherwise
      // sort the whole catalog for one page, and nobody pages past a few dozen results.
      // Hidden products are left out before the limit, so that they never take a place among the results.
      const shown: SQL = includeHidden
        ? sql``
        : sql` and rowid not in (select ${catalogHidden.itemId} from ${catalogHidden} where ${catalogHidden.kind} = 'product')
            and rowid not in (select p.id from products p where p.bucket_id in ${HIDDEN_CATEGORIES})`;
      // The hits are ordered by position alone; only a page's rows are read in full, by id.
      const rows = await q
        .select({ id: products.id })
        .from(products)
        .where(sql`${products.id} in (select rowid from products_fts where products_fts match ${match}${shown} limit ${sql.raw(String(MAX_SEARCH_RESULTS))})`)
        .orderBy(asc(products.position), asc(products.id));
      return rows.map((row) => row.id);
    },

    changedElsewhere: changedSinceLastSearch,
    changeWatch,

    forget: () => undefined,
    toldOfChanges: false,

    entries: {
      read: (after, limit) =>
        q
          .select({ id: productsFts.rowid, title: productsFts.title, category: productsFts.category })
          .from(productsFts)
          .where(sql`${productsFts.rowid} > ${after}`)
          .orderBy(asc(productsFts.rowid))
          .limit(limit),
      async write(tx, entries) {
        if (entries.length === 0) return;
        await tx.delete(productsFts).where(inArray(productsFts.rowid, entries.map((entry) => entry.id)));
        await tx.insert(productsFts).values(entries.map((entry) => ({ rowid: entry.id, title: entry.title, category: entry.category })));
      },
      async remove(tx, ids) {
        if (ids.length > 0) await tx.delete(productsFts).where(inArray(productsFts.rowid, [...ids]));
      },
    },
  };
}
