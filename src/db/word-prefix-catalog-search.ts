import { asc, sql, type SQL } from 'drizzle-orm';
import { HIDDEN_CATEGORIES } from './catalog-hidden.js';
import type { CatalogSearch } from './catalog-search.js';
import { categoryTexts, MAX_SEARCH_RESULTS, searchWords } from '../text/search-query.js';
import type { Database } from './seam/database.js';

/** Whether a phrase matches words (already split): consecutive, the last one a prefix. */
function phraseMatches(phrase: string[], words: string[]): boolean {
  const last = phrase.length - 1;
  for (let start = 0; start + last < words.length; start += 1) {
    if (phrase.every((w, i) => (i === last ? words[start + i]!.startsWith(w) : words[start + i] === w))) return true;
  }
  return false;
}

/**
 * One term of a search as a condition on product_search `s`: any of its
 * phrases, or a bucket whose category's name it matches. One-word phrases
 * are keys of the prefixes' GIN index (a half-typed word is a prefix key);
 * a longer phrase (a brand alias such as "call of duty") takes the products
 * holding all its words from the index, then checks they stand together,
 * whole but the last.
 */
function termCondition(phrases: string[][], buckets: number[]): SQL {
  const alternatives: SQL[] = [];
  // The bucket first: where a phrase keeps the condition as a filter on each row, the server tries the
  // alternatives in this order, and a category's every product then matches on its bucket id without
  // reading its prefixes, a long array ("گوگل پلی", the name of a category of 1,250 products: a search
  // took 4.4 ms with the bucket last, 1.7 ms with it first).
  if (buckets.length > 0) alternatives.push(sql`s.bucket_id = any(${sql.param(buckets)}::bigint[])`);
  const single = phrases.filter((p) => p.length === 1).map((p) => p[0]!);
  if (single.length > 0) alternatives.push(sql`s.prefixes && ${sql.param(single)}::text[]`);
  for (const phrase of phrases.filter((p) => p.length > 1)) {
    const last = phrase.length - 1;
    const together = phrase.map((word, i) => (i === last ? sql`starts_with(s.words[i + ${sql.raw(String(i))}], ${word})` : sql`s.words[i + ${sql.raw(String(i))}] = ${word}`));
    alternatives.push(sql`(s.prefixes @> ${sql.param(phrase)}::text[] and exists (select 1 from generate_subscripts(s.words, 1) i where ${sql.join(together, sql` and `)}))`);
  }
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * Search on PostgreSQL, over product_search: the words of the folded
 * titles and their prefixes that triggers on products keep (migration
 * 0002), each typed word one key of a GIN index, so the index answers
 * exactly what FTS5's prefix queries answer on SQLite (the trigram index
 * and regular expression this replaced took 2.6 to 22 ms a search on
 * 10,000 products). A category's name is not stored beside each product:
 * the few categories are folded here, and a term that matches a
 * category's name matches its products. Another instance's change is
 * learnt from the catalog view, which calls `forget` when the catalog's
 * change counter moves.
 */
export function createWordPrefixCatalogSearch(database: Database): CatalogSearch {
  const { q, tables } = database;
  const { categories } = tables;

  /**
   * The folded name (with its parent's) of every category, split into words,
   * by category id. Every typed search needs them, and they change only
   * with a catalog refresh. A read every so often instead would put a second
   * round trip before the search itself.
   */
  let keptWords: { words: Promise<Map<number, string[]>> } | null = null;
  function categoryWords(): Promise<Map<number, string[]>> {
    if (keptWords) return keptWords.words;
    const words = q
      .select({ id: categories.id, title: categories.title, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position))
      .then((cats) => new Map([...categoryTexts(cats)].map(([id, text]) => [id, searchWords(text)])));
    const kept = { words };
    keptWords = kept;
    // A failed read is not kept: the next search asks again.
    words.catch(() => {
      if (keptWords === kept) keptWords = null;
    });
    return words;
  }

  return {
    /**
     * The matches are gathered from the index first (materialized), then
     * the first by id kept: left to itself, the planner may walk the whole
     * table in id order testing each row when it expects many matches and
     * few come (20 ms and more). Each hit's position is looked up by key (a
     * scalar subquery): joined, the planner may read all of products to
     * hash them (2 ms more).
     */
    async hitIds(terms, includeHidden) {
      const words = await categoryWords();
      // Every term must find the product.
      const each = terms.map((phrases) =>
        termCondition(
          phrases,
          [...words].filter(([, categoryWords]) => phrases.some((p) => phraseMatches(p, categoryWords))).map(([id]) => id),
        ),
      );
      // Left out before the limit, so that hidden products never take a place among the results. The hidden
      // products are read once per search (an array), not looked up for each matching row (1.3 ms of 3.6 for 1,255 rows).
      if (!includeHidden) {
        each.push(sql`s.product_id <> all(array(select item_id from catalog_hidden where kind = 'product')) and s.bucket_id not in ${HIDDEN_CATEGORIES}`);
      }
      const [row] = await q.select({ ids: sql<number[]>`found.ids` }).from(sql`(
        with matched as materialized (select s.product_id as id from product_search s where ${sql.join(each, sql` and `)}),
          hits as (select id from matched order by id limit ${sql.raw(String(MAX_SEARCH_RESULTS))}),
          placed as (select h.id, (select p.position from products p where p.id = h.id) as position from hits h)
        select coalesce(array_agg(id order by position, id), '{}')::float8[] as ids from placed) found`);
      return row?.ids ?? [];
    },

    changedElsewhere: async () => false,
    changeWatch: () => null,

    forget() {
      keptWords = null;
    },

    toldOfChanges: true,
    entries: null,
  };
}
