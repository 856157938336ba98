import type pg from 'pg';
import type { CatalogProduct } from '../../catalog/catalog-queries.js';
import { MAX_SEARCH_RESULTS } from '../../catalog/catalog-queries.js';
import type { CatalogStore } from '../../catalog/catalog-store.js';
import { categoryTexts } from '../../catalog/catalog-writer.js';
import { buildSearchTerms, searchWords } from '../../catalog/search-query.js';
import { HIDDEN_CATEGORIES } from '../../catalog/catalog-hidden.js';
import { createKeptSearches, inHitOrder, pageOfHits, searchKey } from '../../catalog/kept-searches.js';
import type { PageOf } from '../paging.js';
import { phraseMatches, termCondition } from './search-terms.js';

const EMPTY_PAGE: PageOf<never> = { items: [], page: 1, pageCount: 1, total: 0 };

export const PRODUCT_COLUMNS = `p.id::float8 as id, p.title, p.category_id::float8 as "categoryId", p.is_available as "isAvailable",
  pp.price_from::float8 as "priceFrom", pp.price_to::float8 as "priceTo", pp.stock_total as "stockTotal"`;

/**
 * The products named, with their cached prices: what a page of hits shows
 * (named: the text never changes, so each connection plans it once).
 */
const PRODUCTS_BY_ID = `select ${PRODUCT_COLUMNS} from products p left join product_prices pp on pp.product_id = p.id where p.id = any($1::bigint[])`;

export interface PostgresCatalogSearch {
  search: CatalogStore['search'];
  /** Lets go of the category names and the hits kept, after any change to the catalog (see `forget` in catalog-store.ts). */
  forget(): void;
}

/**
 * Product search on PostgreSQL, over product_search: the words of the
 * folded titles and their prefixes that triggers on products keep
 * (migration 0002), each typed word one key of a GIN index. A category's
 * name is not stored beside each product: the few categories are folded
 * here, and a term that matches a category's name matches its products.
 *
 * A search's hits are kept (kept-searches.ts): finding them is one query of
 * a few milliseconds for a common word (the index gives the matching rows,
 * and reading their ids visits most of the table's pages). A search already
 * made reads only its page's rows, by id. The catalog's change counter
 * covers all the hits depend on (products, categories, what is hidden), and
 * the catalog view calls `forget` when it moves, whichever instance or
 * script made the change.
 */
export function createPostgresCatalogSearch(pool: pg.Pool): PostgresCatalogSearch {
  async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await pool.query<T>(text, values)).rows;
  }

  /**
   * The folded name (with its parent's) of every category, split into words,
   * by category id. Every typed search needs them, and they change only
   * with a catalog refresh. A read every so often instead would put a second
   * round trip before the search itself.
   */
  let keptWords: { words: Promise<Map<number, string[]>> } | null = null;
  function categoryWords(): Promise<Map<number, string[]>> {
    if (keptWords) return keptWords.words;
    const words = rows<{ id: number; title: string; parentId: number | null }>(
      'select id::float8 as id, title, parent_id::float8 as "parentId" from categories order by position',
    ).then((cats) => new Map([...categoryTexts(cats)].map(([id, text]) => [id, searchWords(text)])));
    const kept = { words };
    keptWords = kept;
    // A failed read is not kept: the next search asks again.
    words.catch(() => {
      if (keptWords === kept) keptWords = null;
    });
    return words;
  }

  const kept = createKeptSearches();

  /**
   * Every hit's id, in the order shown: the first MAX_SEARCH_RESULTS in id
   * order (as on SQLite), ordered by position. The matches are gathered from
   * the index first (materialized), then the first by id kept: left to
   * itself, the planner may walk the whole table in id order testing each
   * row when it expects many matches and few come (20 ms and more). Each
   * hit's position is looked up by key (a scalar subquery): joined, the
   * planner may read all of products to hash them (2 ms more).
   */
  async function hitIds(where: string, values: unknown[]): Promise<number[]> {
    const [row] = await rows<{ ids: number[] }>(
      `with matched as materialized (select s.product_id as id from product_search s where ${where}),
       hits as (select id from matched order by id limit ${MAX_SEARCH_RESULTS}),
       placed as (select h.id, (select p.position from products p where p.id = h.id) as position from hits h)
       select coalesce(array_agg(id order by position, id), '{}')::float8[] as ids from placed`,
      values,
    );
    return row?.ids ?? [];
  }

  async function whereOf(terms: string[][][], includeHidden: boolean | undefined): Promise<{ where: string; values: unknown[] }> {
    const categories = await categoryWords();
    const values: unknown[] = [];
    // Every term must find the product.
    const where = terms
      .map((phrases) => {
        const buckets = [...categories].filter(([, words]) => phrases.some((p) => phraseMatches(p, words))).map(([id]) => id);
        return termCondition(phrases, buckets, values);
      })
      .join(' and ')
      // Left out before the limit, so that hidden products never take a place among the results. The hidden
      // products are read once per search (an array), not looked up for each matching row (1.3 ms of 3.6 for 1,255 rows).
      .concat(
        includeHidden
          ? ''
          : ` and s.product_id <> all(array(select item_id from catalog_hidden where kind = 'product')) and s.bucket_id not in ${HIDDEN_CATEGORIES}`,
      );
    return { where, values };
  }

  const productsById = async (ids: number[]): Promise<CatalogProduct[]> =>
    ids.length === 0 ? [] : (await pool.query<CatalogProduct>({ name: 'catalog-products-by-id', text: PRODUCTS_BY_ID, values: [ids] })).rows;

  return {
    async search({ query, includeHidden, ...request }) {
      const terms = buildSearchTerms(query);
      if (terms === null) return EMPTY_PAGE;
      const key = searchKey(terms, includeHidden);
      const ids = await kept.hits(key, () => whereOf(terms, includeHidden).then(({ where, values }) => hitIds(where, values)));
      const { wanted, ...place } = pageOfHits(ids, request);
      return { items: inHitOrder(wanted, await productsById(wanted)), ...place };
    },

    forget() {
      keptWords = null;
      kept.forget();
    },
  };
}
