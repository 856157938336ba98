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
}

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
