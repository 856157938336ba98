import type { Clock } from '../clock.js';
import { appendAudit } from '../db/audit-log.js';
import type { HiddenKind } from '../db/catalog-hidden-table.js';
import type { Db } from '../db/open.js';

export type { HiddenKind };

/** A product or category as an administrator names it to hide or show. */
export interface CatalogItem {
  kind: HiddenKind;
  id: number;
  title: string;
}

export interface HiddenItem extends CatalogItem {
  /** Null when the catalog sync hid a new product. */
  hiddenBy: number | null;
  hiddenAt: Date;
  /** Whether the provider still lists it: a hidden entry outlives the product, and comes back into force if it returns. */
  listed: boolean;
}

/**
 * What administrators hid from staff, as every database keeps it. Hiding
 * and showing each write one `catalog.hidden` / `catalog.shown` audit row
 * in the same transaction, and only when something changed.
 */
export interface HiddenCatalog {
  /** The products and categories with this id (an id can name one of each), with the title the catalog lists now. */
  findItems(id: number): Promise<CatalogItem[]>;
  /** Everything hidden, products first, each in the order it was hidden. */
  hiddenItems(): Promise<HiddenItem[]>;
  /** False when it was already hidden. */
  hide(item: CatalogItem, actorId: number): Promise<boolean>;
  /** False when it was not hidden. */
  show(item: Pick<CatalogItem, 'kind' | 'id'>, actorId: number): Promise<boolean>;
  /**
   * Which of these products staff may not order: hidden themselves (even
   * while the provider no longer lists them), or under a hidden category
   * at any depth. What placing an order asks right before it is sent.
   */
  hiddenAmong(productIds: readonly number[]): Promise<number[]>;
}

/**
 * The categories administrators hid, with every category under them at
 * any depth: a hidden category hides its sub-categories and their
 * products, as an administrator reading the menu's tree expects. A
 * subquery in the SQL both databases speak; `union` (not `union all`)
 * ends a loop in the provider's parent links. The categories are few.
 */
export const HIDDEN_CATEGORIES = `(with recursive hidden_tree(id) as (
    select item_id from catalog_hidden where kind = 'category'
    union select k.id from categories k join hidden_tree t on k.parent_id = t.id)
  select id from hidden_tree)`;

/** Whether the product row `p` is hidden: itself, or the category it is listed under (or one above it). */
export const PRODUCT_HIDDEN = `(exists (select 1 from catalog_hidden h where h.kind = 'product' and h.item_id = p.id) or p.bucket_id in ${HIDDEN_CATEGORIES})`;

export const CATALOG_HIDDEN = 'catalog.hidden';
export const CATALOG_SHOWN = 'catalog.shown';

const LISTED = `case when h.kind = 'product' then exists (select 1 from products p where p.id = h.item_id)
  else exists (select 1 from categories k where k.id = h.item_id) end`;

export function createSqliteHiddenCatalog(deps: { db: Db; clock: Clock }): HiddenCatalog {
  const { db, clock } = deps;
  const sqlite = db.$client;
  const findProduct = sqlite.prepare<[number], { id: number; title: string }>('select id, title from products where id = ?');
  const findCategory = sqlite.prepare<[number], { id: number; title: string }>('select id, title from categories where id = ?');
  const listHidden = sqlite.prepare<[], { kind: HiddenKind; id: number; title: string; hiddenBy: number | null; hiddenAt: number; listed: number }>(
    `select h.kind, h.item_id as id, coalesce(case when h.kind = 'product' then (select title from products where id = h.item_id)
       else (select title from categories where id = h.item_id) end, h.title) as title,
       h.hidden_by as hiddenBy, h.hidden_at as hiddenAt, ${LISTED} as listed
     from catalog_hidden h order by h.kind = 'category', h.hidden_at, h.item_id`,
  );
  const insert = sqlite.prepare<[string, number, string, number | null, number]>(
    'insert into catalog_hidden (kind, item_id, title, hidden_by, hidden_at) values (?, ?, ?, ?, ?) on conflict do nothing',
  );
  const remove = sqlite.prepare<[string, number], { title: string }>('delete from catalog_hidden where kind = ? and item_id = ? returning title');
  const hiddenOf = sqlite.prepare<[string, string], { id: number }>(
    `select item_id as id from catalog_hidden where kind = 'product' and item_id in (select value from json_each(?))
     union select p.id from products p where p.id in (select value from json_each(?)) and p.bucket_id in ${HIDDEN_CATEGORIES}`,
  );

  return {
    async findItems(id) {
      const product = findProduct.get(id);
      const category = findCategory.get(id);
      return [...(product ? [{ kind: 'product' as const, ...product }] : []), ...(category ? [{ kind: 'category' as const, ...category }] : [])];
    },
    async hiddenItems() {
      return listHidden.all().map((row) => ({ ...row, hiddenAt: new Date(row.hiddenAt), listed: row.listed === 1 }));
    },
    async hide(item, actorId) {
      return db.transaction(
        (tx) => {
          const now = clock.now();
          if (insert.run(item.kind, item.id, item.title, actorId, now).changes === 0) return false;
          appendAudit(tx, new Date(now), { actorId, action: CATALOG_HIDDEN, orderId: null, amount: null, facts: { kind: item.kind, id: item.id, title: item.title } });
          return true;
        },
        { behavior: 'immediate' },
      );
    },
    async hiddenAmong(productIds) {
      if (productIds.length === 0) return [];
      const ids = JSON.stringify(productIds);
      const hidden = new Set(hiddenOf.all(ids, ids).map((row) => row.id));
      return productIds.filter((id) => hidden.has(id));
    },
    async show(item, actorId) {
      return db.transaction(
        (tx) => {
          const gone = remove.get(item.kind, item.id);
          if (!gone) return false;
          appendAudit(tx, new Date(clock.now()), { actorId, action: CATALOG_SHOWN, orderId: null, amount: null, facts: { kind: item.kind, id: item.id, title: gone.title } });
          return true;
        },
        { behavior: 'immediate' },
      );
    },
  };
}
