import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { Clock } from '../../clock.js';
import type { CatalogCategory, CatalogProduct, ListedProduct } from '../../catalog/catalog-queries.js';
import type { Json } from '../app-state-repo.js';
import type { CatalogStore, CatalogStoreOptions } from '../../catalog/catalog-store.js';
import { categoryTexts, UNCATEGORISED_ID } from '../../catalog/catalog-writer.js';
import { normaliseSearchText } from '../../catalog/normalise.js';
import { priceRow } from '../../catalog/price-rows.js';
import { createPostgresCatalogSearch, PRODUCT_COLUMNS } from './catalog-search.js';
import { createPostgresHiddenCatalog, HIDE_NEW_PRODUCTS } from './catalog-hidden.js';
import { HIDDEN_CATEGORIES, PRODUCT_HIDDEN } from '../../catalog/catalog-hidden.js';
import { resolvePage } from '../paging.js';
import type { PgDb } from './open.js';

const DEFAULT_CHUNK = 250;

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


/**
 * The catalog on PostgreSQL. Search is in catalog-search.ts: each typed
 * word is one key of a GIN index over the titles' word prefixes, so the
 * index answers exactly what FTS5's prefix queries answer on SQLite (the
 * trigram index and regular expression this replaced took 2.6 to 22 ms a
 * search on 10,000 products).
 */
export function createPostgresCatalogStore(deps: { db: PgDb; clock: Clock } & CatalogStoreOptions): CatalogStore {
  const pool = deps.db.$client;
  const { clock } = deps;
  const chunkSize = deps.chunkSize ?? DEFAULT_CHUNK;
  const rest = deps.rest ?? ((ms: number) => delay(ms));
  const searching = createPostgresCatalogSearch(pool);

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

  function pacer(): () => Promise<void> {
    let since = performance.now();
    return async () => {
      await rest(Math.max(1, performance.now() - since));
      since = performance.now();
    };
  }

  const hidden = createPostgresHiddenCatalog({ pool, clock });
  return {
    ...hidden,
    // What is hidden changes what a search finds.
    hide: (item, actorId) => hidden.hide(item, actorId).finally(() => searching.forget()),
    show: (item, actorId) => hidden.show(item, actorId).finally(() => searching.forget()),
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

    search: searching.search,

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
      searching.forget();
      return { written, removed: gone.length, hidden };
    },

    async recordPrice(detail, now) {
      const row = priceRow(detail);
      if (!row) return false;
      // Named: every product a person picks is recorded before the step goes on. The old row is read in
      // the same statement (its snapshot is from before the upsert), to say whether the price moved. Two
      // instances recording one product at once may each see the other's row too late and say false: the
      // prices counter, which the triggers move on the row as written, drops the pages at the next update.
      const { rows: [result] } = await pool.query<{ changed: boolean }>({
        name: 'catalog-record-price',
        text: `with was as (select price_from, price_to, stock_total from product_prices where product_id = $1),
          put as (insert into product_prices (product_id, price_from, price_to, stock_total, fetched_at) values ($1, $2, $3, $4, $5)
            on conflict (product_id) do update set price_from = excluded.price_from, price_to = excluded.price_to,
              stock_total = excluded.stock_total, fetched_at = excluded.fetched_at
            returning 1)
          select not exists (select 1 from was where price_from = $2 and price_to = $3 and stock_total = $4) as changed from put`,
        values: [row.productId, row.priceFrom, row.priceTo, row.stockTotal, new Date(now)],
      });
      return result?.changed ?? true;
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
      searching.forget();
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
