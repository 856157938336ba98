import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { Clock } from '../../clock.js';
import type { CatalogCategory, CatalogProduct, ListedProduct } from '../../catalog/catalog-queries.js';
import { MAX_SEARCH_RESULTS } from '../../catalog/catalog-queries.js';
import type { Json } from '../app-state-repo.js';
import type { CatalogStore, CatalogStoreOptions } from '../../catalog/catalog-store.js';
import { categoryTexts, UNCATEGORISED_ID } from '../../catalog/catalog-writer.js';
import { normaliseSearchText } from '../../catalog/normalise.js';
import { buildSearchTerms, searchWords } from '../../catalog/search-query.js';
import { priceRow } from '../../catalog/price-rows.js';
import { phraseMatches, termCondition } from './search-terms.js';
import { createPostgresHiddenCatalog, HIDE_NEW_PRODUCTS } from './catalog-hidden.js';
import { HIDDEN_CATEGORIES, PRODUCT_HIDDEN } from '../../catalog/catalog-hidden.js';
import { resolvePage, type PageOf } from '../paging.js';
import type { PgDb } from './open.js';

const DEFAULT_CHUNK = 250;
const EMPTY_PAGE: PageOf<never> = { items: [], page: 1, pageCount: 1, total: 0 };

interface ProductRow {
  id: number;
  title: string;
  searchText: string;
  categoryId: number | null;
  isAvailable: boolean | null;
  position: number;
  bucketId: number;
}

/** A hidden category (or one above it) is left out; a category's count leaves out its hidden products (the hidden list is short). */
const SHOWN_COUNT = `c.product_count - (select count(*) from catalog_hidden h join products p on p.id = h.item_id where h.kind = 'product' and p.bucket_id = c.category_id)`;
const BUCKET_SHOWN = `c.category_id not in ${HIDDEN_CATEGORIES}`;

const PRODUCT_COLUMNS = `p.id::float8 as id, p.title, p.category_id::float8 as "categoryId", p.is_available as "isAvailable",
  pp.price_from::float8 as "priceFrom", pp.price_to::float8 as "priceTo", pp.stock_total as "stockTotal"`;

/**
 * The catalog on PostgreSQL. Search reads product_search, the words of the
 * folded titles and their prefixes that triggers on products keep
 * (migration 0002): each typed word is one key of a GIN index, so the index
 * answers exactly what FTS5's prefix queries answer on SQLite, with no
 * pattern to check row by row (the trigram index and regular expression
 * this replaced took 2.6 to 22 ms a search on 10,000 products). A category's name is not stored
 * beside each product: the few categories are folded here and a term that
 * matches a category's name matches that category's products.
 */
export function createPostgresCatalogStore(deps: { db: PgDb; clock: Clock } & CatalogStoreOptions): CatalogStore {
  const pool = deps.db.$client;
  const { clock } = deps;
  const chunkSize = deps.chunkSize ?? DEFAULT_CHUNK;
  const rest = deps.rest ?? ((ms: number) => delay(ms));

  async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await pool.query<T>(text, values)).rows;
  }

  /**
   * The fixed reads of the /order steps, as named statements: each
   * connection parses one once. Where the plan does not depend on the
   * values the server keeps it too (a product by id: 0.2 ms of planning
   * against 0.04 ms of running); a category's page is still planned for
   * its values each time, and answers 0.15 ms sooner. A search is not
   * named: its text follows what was typed, and a plan kept for one search
   * took up to half as long again for others ("gift 25": 2.0 ms against 1.5 ms).
   */
  async function stepRows<T extends pg.QueryResultRow>(name: string, text: string, values: unknown[] = []): Promise<T[]> {
    return (await pool.query<T>({ name, text, values })).rows;
  }

  async function inTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await work(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * The folded name (with its parent's) of every category, split into words,
   * by category id. Every typed search needs them, and they change only
   * with a catalog refresh: kept until a refresh written through this store,
   * or until `forget`, which the catalog view calls when the catalog's
   * change counter moved (a refresh by another instance or a script, see
   * fresh-views.ts). A read every so often instead would put a second
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

  function pacer(): () => Promise<void> {
    let since = performance.now();
    return async () => {
      await rest(Math.max(1, performance.now() - since));
      since = performance.now();
    };
  }

  /**
   * One page of the hits and their total, as on SQLite: the first
   * MAX_SEARCH_RESULTS hits in id order, ordered by position, and only the
   * page's rows read in full.
   */
  async function searchPage(where: string, values: unknown[], limit: number, offset: number) {
    const n = values.length;
    return rows<CatalogProduct & { total: number }>(
      // Each hit's position is looked up by key (a scalar subquery): joined, the planner may read all of products to hash them.
      // The matches are gathered from the index first (materialized), then the first by id kept: left to itself, the planner may
      // walk the whole table in id order testing each row when it expects many matches and few come (20 ms and more).
      `with matched as materialized (select s.product_id as id from product_search s where ${where}),
       hits as (select id from matched order by id limit ${MAX_SEARCH_RESULTS}),
       placed as (select h.id, (select p.position from products p where p.id = h.id) as position from hits h),
       page as (select id, position, (count(*) over ())::int as total from placed order by position, id limit $${n + 1} offset $${n + 2})
       select ${PRODUCT_COLUMNS}, page.total
       from page join products p on p.id = page.id left join product_prices pp on pp.product_id = p.id
       order by page.position, page.id`,
      [...values, limit, offset],
    );
  }

  return {
    ...createPostgresHiddenCatalog({ pool, clock }),
    async categoriesPage(request) {
      const all = await stepRows<CatalogCategory>(
        'catalog-categories',
        `select c.category_id::float8 as id, coalesce(k.title, '') as title, (${SHOWN_COUNT})::int as "productCount"
         from category_counts c left join categories k on k.id = c.category_id
         where ${BUCKET_SHOWN} and ${SHOWN_COUNT} > 0
         order by k.position is null, k.position`,
      );
      const { page, pageSize, pageCount, offset } = resolvePage(request, all.length);
      return { items: all.slice(offset, offset + pageSize), page, pageCount, total: all.length };
    },

    async productsPage({ categoryId, ...request }) {
      // The count and the page asked for in one query (one round trip, one connection); read again only when past the end.
      const pageAt = (size: number, offset: number) =>
        stepRows<CatalogProduct & { total: number; pos: number | null }>(
          'catalog-products-page',
          `select c.total, x.* from (select coalesce((select case when ${BUCKET_SHOWN} then ${SHOWN_COUNT} else 0 end from category_counts c where c.category_id = $1), 0)::int as total) c
           left join lateral (
             select ${PRODUCT_COLUMNS}, p.position as pos from products p left join product_prices pp on pp.product_id = p.id
             where p.bucket_id = $1 and not exists (select 1 from catalog_hidden h where h.kind = 'product' and h.item_id = p.id) order by p.position, p.id limit $2 offset $3) x on true
           order by x.pos, x.id`,
          [categoryId, size, offset],
        );
      const strip = (found: (CatalogProduct & { total: number; pos: number | null })[]): CatalogProduct[] =>
        found.filter((row) => row.id !== null).map(({ total: _total, pos: _pos, ...row }) => row);
      const asked = resolvePage(request, Number.MAX_SAFE_INTEGER);
      const first = await pageAt(asked.pageSize, asked.offset);
      const total = first[0]?.total ?? 0;
      const { page, pageSize, pageCount, offset } = resolvePage(request, total);
      const items = total === 0 ? [] : offset === asked.offset && pageSize === asked.pageSize ? strip(first) : strip(await pageAt(pageSize, offset));
      return { items, page, pageCount, total };
    },

    async search({ query, includeHidden, ...request }) {
      const terms = buildSearchTerms(query);
      if (terms === null) return EMPTY_PAGE;
      const categories = await categoryWords();
      const values: unknown[] = [];
      // Every term must find the product.
      const where = terms
        .map((phrases) => {
          const buckets = [...categories].filter(([, words]) => phrases.some((p) => phraseMatches(p, words))).map(([id]) => id);
          return termCondition(phrases, buckets, values);
        })
        .join(' and ')
        // Left out before the limit, so that hidden products never take a place among the results.
        .concat(
          includeHidden
            ? ''
            : ` and not exists (select 1 from catalog_hidden h where h.kind = 'product' and h.item_id = s.product_id) and s.bucket_id not in ${HIDDEN_CATEGORIES}`,
        );
      const wanted = resolvePage(request, Number.MAX_SAFE_INTEGER);
      let found = await searchPage(where, values, wanted.pageSize, wanted.offset);
      let total = found[0]?.total;
      // Nothing on the first page is nothing at all: no count to ask for.
      if (total === undefined && wanted.offset === 0) return EMPTY_PAGE;
      if (total === undefined) {
        const counted = await rows<{ n: number }>(`select count(*)::int as n from (select 1 from product_search s where ${where} limit ${MAX_SEARCH_RESULTS}) h`, values);
        total = counted[0]?.n ?? 0;
        if (total === 0) return EMPTY_PAGE;
        const last = resolvePage(request, total);
        found = await searchPage(where, values, last.pageSize, last.offset);
      }
      const { page, pageCount } = resolvePage(request, total);
      return { items: found.map(({ total: _total, ...row }) => row), page, pageCount, total };
    },

    async product(id) {
      const found = await stepRows<ListedProduct>(
        'catalog-product',
        `select ${PRODUCT_COLUMNS}, ${PRODUCT_HIDDEN} as hidden
         from products p left join product_prices pp on pp.product_id = p.id where p.id = $1`,
        [id],
      );
      return found[0] ?? null;
    },

    async productCount() {
      return (await stepRows<{ n: number }>('catalog-product-count', 'select count(*)::int as n from products'))[0]?.n ?? 0;
    },

    async write(snapshot, options) {
      const texts = categoryTexts(snapshot.categories);
      const breathe = pacer();
      const old = new Map<number, ProductRow>();
      for (let after = -1; ; ) {
        const page = await rows<ProductRow>(
          `select id::float8 as id, title, search_text as "searchText", category_id::float8 as "categoryId", is_available as "isAvailable",
             position, bucket_id::float8 as "bucketId"
           from products where id > $1 order by id limit $2`,
          [after, chunkSize],
        );
        for (const row of page) old.set(row.id, row);
        if (page.length < chunkSize) break;
        after = page.at(-1)!.id;
        await breathe();
      }
      const counts = new Map<number, number>();
      let written = 0;
      let hidden = 0;
      for (let start = 0; start < snapshot.products.length; start += chunkSize) {
        const changes: ProductRow[] = [];
        const fresh: ProductRow[] = [];
        snapshot.products.slice(start, start + chunkSize).forEach((p, offset) => {
          const bucketId = p.categoryId !== null && texts.has(p.categoryId) ? p.categoryId : UNCATEGORISED_ID;
          counts.set(bucketId, (counts.get(bucketId) ?? 0) + 1);
          const was = old.get(p.id);
          const row: ProductRow = {
            id: p.id,
            title: p.title,
            searchText: was?.title === p.title ? was.searchText : normaliseSearchText(p.title),
            categoryId: p.categoryId,
            isAvailable: p.isAvailable,
            position: start + offset,
            bucketId,
          };
          if (!was && options?.hideNew) fresh.push(row);
          if (!was || (Object.keys(row) as (keyof ProductRow)[]).some((key) => was[key] !== row[key])) changes.push(row);
          old.delete(p.id);
        });
        if (changes.length > 0) {
          await inTransaction(async (client) => {
            await client.query(
              `insert into products (id, title, search_text, category_id, is_available, position, bucket_id)
               select id, title, "searchText", "categoryId", "isAvailable", position, "bucketId"
               from json_to_recordset($1::json) as x(id bigint, title text, "searchText" text, "categoryId" bigint, "isAvailable" boolean, position integer, "bucketId" bigint)
               on conflict (id) do update set title = excluded.title, search_text = excluded.search_text,
                 category_id = excluded.category_id, is_available = excluded.is_available,
                 position = excluded.position, bucket_id = excluded.bucket_id`,
              [JSON.stringify(changes)],
            );
            if (fresh.length > 0) hidden += (await client.query(HIDE_NEW_PRODUCTS, [fresh.map((r) => r.id), fresh.map((r) => r.title), new Date(clock.now())])).rowCount ?? 0;
          });
          written += changes.length;
        }
        await breathe();
      }
      const gone = [...old.keys()];
      for (let start = 0; start < gone.length; start += chunkSize) {
        await pool.query('delete from products where id = any($1::bigint[])', [gone.slice(start, start + chunkSize)]);
        await breathe();
      }
      await inTransaction(async (client) => {
        await client.query('delete from categories');
        if (snapshot.categories.length > 0) {
          await client.query(
            `insert into categories (id, title, parent_id, position)
             select id, title, "parentId", position from json_to_recordset($1::json) as x(id bigint, title text, "parentId" bigint, position integer)`,
            [JSON.stringify(snapshot.categories.map((c, position) => ({ id: c.id, title: c.title, parentId: c.parentId, position })))],
          );
        }
        await client.query('delete from category_counts');
        if (counts.size > 0) {
          await client.query(
            'insert into category_counts (category_id, product_count) select * from unnest($1::bigint[], $2::int[])',
            [[...counts.keys()], [...counts.values()]],
          );
        }
        const state = options?.state;
        if (state) {
          await client.query(
            `insert into app_state (key, value, updated_at) values ($1, $2, $3)
             on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
            [state.key, JSON.stringify(state.value), new Date(clock.now())],
          );
        }
      });
      keptWords = null;
      return { written, removed: gone.length, hidden };
    },

    async recordPrice(detail, now) {
      const row = priceRow(detail);
      if (!row) return;
      // Named: every product a person picks is recorded before the step goes on.
      await pool.query({
        name: 'catalog-record-price',
        text: `insert into product_prices (product_id, price_from, price_to, stock_total, fetched_at) values ($1, $2, $3, $4, $5)
          on conflict (product_id) do update set price_from = excluded.price_from, price_to = excluded.price_to,
            stock_total = excluded.stock_total, fetched_at = excluded.fetched_at`,
        values: [row.productId, row.priceFrom, row.priceTo, row.stockTotal, new Date(now)],
      });
    },

    async productsDueForPrice(cutoff, limit) {
      const due = await rows<{ id: number }>(
        `select p.id::float8 as id from products p left join product_prices pp on pp.product_id = p.id
         where pp.product_id is null or pp.fetched_at < $1
         order by pp.fetched_at is not null, pp.fetched_at, p.position limit $2`,
        [cutoff, limit],
      );
      return due.map((row) => row.id);
    },

    async readState<T = Json>(key: string): Promise<T | null> {
      const [row] = await rows<{ value: string }>('select value from app_state where key = $1', [key]);
      return row ? (JSON.parse(row.value) as T) : null;
    },

    forget() {
      keptWords = null;
    },

    async writeState(key, value) {
      await pool.query(
        `insert into app_state (key, value, updated_at) values ($1, $2, $3)
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
        [key, JSON.stringify(value), new Date(clock.now())],
      );
    },
  };
}
