import type pg from 'pg';
import type { Clock } from '../../clock.js';
import { CATALOG_HIDDEN, CATALOG_SHOWN, HIDDEN_CATEGORIES, type CatalogItem, type HiddenCatalog, type HiddenKind } from '../../catalog/catalog-hidden.js';
import { encodeAuditFacts, type AuditFacts } from '../audit-log.js';

/** The catalog writer's statement for new products arriving hidden: ids, titles, the time. */
export const HIDE_NEW_PRODUCTS = `insert into catalog_hidden (kind, item_id, title, hidden_by, hidden_at)
  select 'product', id, title, null, $3 from unnest($1::bigint[], $2::text[]) as x(id, title)
  on conflict do nothing`;

/** What administrators hid, on PostgreSQL: see catalog-hidden.ts. The table's trigger moves the catalog's change counter. */
export function createPostgresHiddenCatalog(deps: { pool: pg.Pool; clock: Clock }): HiddenCatalog {
  const { pool, clock } = deps;

  /** The change and its audit row in one transaction; `change` answers whether anything changed. */
  async function audited(work: (client: pg.PoolClient) => Promise<string | null>, actorId: number, action: string, facts: (title: string) => AuditFacts): Promise<boolean> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const title = await work(client);
      if (title !== null) {
        await client.query('insert into audit_log (at, actor_id, action, order_id, amount, detail, subject_id) values ($1, $2, $3, null, null, $4, null)', [
          new Date(clock.now()),
          actorId,
          action,
          encodeAuditFacts(facts(title)),
        ]);
      }
      await client.query('commit');
      return title !== null;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    async findItems(id) {
      const { rows } = await pool.query<CatalogItem>(
        `select 'product' as kind, id::float8 as id, title from products where id = $1
         union all select 'category', id::float8, title from categories where id = $1`,
        [id],
      );
      return rows.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'product' ? -1 : 1));
    },

    async hiddenItems() {
      const { rows } = await pool.query<{ kind: HiddenKind; id: number; title: string; hiddenBy: number | null; hiddenAt: Date; listed: boolean }>(
        `select h.kind, h.item_id::float8 as id,
           coalesce(case when h.kind = 'product' then (select title from products where id = h.item_id) else (select title from categories where id = h.item_id) end, h.title) as title,
           h.hidden_by::float8 as "hiddenBy", h.hidden_at as "hiddenAt",
           case when h.kind = 'product' then exists (select 1 from products p where p.id = h.item_id) else exists (select 1 from categories k where k.id = h.item_id) end as listed
         from catalog_hidden h order by h.kind = 'category', h.hidden_at, h.item_id`,
      );
      return rows;
    },

    async hiddenAmong(productIds) {
      if (productIds.length === 0) return [];
      const { rows } = await pool.query<{ id: number }>(
        `select item_id::float8 as id from catalog_hidden where kind = 'product' and item_id = any($1::bigint[])
         union select p.id::float8 from products p where p.id = any($1::bigint[]) and p.bucket_id in ${HIDDEN_CATEGORIES}`,
        [productIds],
      );
      const hidden = new Set(rows.map((row) => row.id));
      return productIds.filter((id) => hidden.has(id));
    },

    hide(item, actorId) {
      return audited(
        async (client) => {
          const done = await client.query(
            'insert into catalog_hidden (kind, item_id, title, hidden_by, hidden_at) values ($1, $2, $3, $4, $5) on conflict do nothing',
            [item.kind, item.id, item.title, actorId, new Date(clock.now())],
          );
          return done.rowCount === 1 ? item.title : null;
        },
        actorId,
        CATALOG_HIDDEN,
        (title) => ({ kind: item.kind, id: item.id, title }),
      );
    },

    show(item, actorId) {
      return audited(
        async (client) => {
          const done = await client.query<{ title: string }>('delete from catalog_hidden where kind = $1 and item_id = $2 returning title', [item.kind, item.id]);
          return done.rows[0]?.title ?? null;
        },
        actorId,
        CATALOG_SHOWN,
        (title) => ({ kind: item.kind, id: item.id, title }),
      );
    },
  };
}
