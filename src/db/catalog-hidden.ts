import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { appendAuditRow } from './audit-trail.js';
import type { HiddenKind } from './catalog-hidden-table.js';
import type { Database } from './seam/database.js';

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
export const HIDDEN_CATEGORIES = sql.raw(`(with recursive hidden_tree(id) as (
    select item_id from catalog_hidden where kind = 'category'
    union select k.id from categories k join hidden_tree t on k.parent_id = t.id)
  select id from hidden_tree)`);

const CATALOG_HIDDEN = 'catalog.hidden';
const CATALOG_SHOWN = 'catalog.shown';

/** What administrators hid, over the seam; on PostgreSQL the table's trigger moves the catalog's change counter. */
export function createHiddenCatalog(deps: { database: Database; clock: Clock }): HiddenCatalog {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { catalogHidden: h, products, categories } = tables;

  return {
    async findItems(id) {
      const product = await q.select({ id: products.id, title: products.title }).from(products).where(eq(products.id, id));
      const category = await q.select({ id: categories.id, title: categories.title }).from(categories).where(eq(categories.id, id));
      return [...product.map((row) => ({ kind: 'product' as const, ...row })), ...category.map((row) => ({ kind: 'category' as const, ...row }))];
    },

    hiddenItems: () =>
      q
        .select({
          kind: h.kind,
          id: h.itemId,
          title: sql<string>`coalesce(case when ${h.kind} = 'product' then (select title from products where id = ${h.itemId})
            else (select title from categories where id = ${h.itemId}) end, ${h.title})`,
          hiddenBy: h.hiddenBy,
          hiddenAt: h.hiddenAt,
          listed: sql<boolean>`case when ${h.kind} = 'product' then exists (select 1 from products p where p.id = ${h.itemId})
            else exists (select 1 from categories k where k.id = ${h.itemId}) end`.mapWith(Boolean),
        })
        .from(h)
        .orderBy(sql`${h.kind} = 'category'`, asc(h.hiddenAt), asc(h.itemId)),

    async hiddenAmong(productIds) {
      if (productIds.length === 0) return [];
      const ids = [...productIds];
      const rows = await q
        .select({ id: h.itemId })
        .from(h)
        .where(and(eq(h.kind, 'product'), inArray(h.itemId, ids)))
        .union(q.select({ id: products.id }).from(products).where(and(inArray(products.id, ids), sql`${products.bucketId} in ${HIDDEN_CATEGORIES}`)));
      const hidden = new Set(rows.map((row) => row.id));
      return productIds.filter((id) => hidden.has(id));
    },

    hide: (item, actorId) =>
      database.transaction(async (tx) => {
        const at = new Date(clock.now());
        const added = await tx
          .insert(h)
          .values({ kind: item.kind, itemId: item.id, title: item.title, hiddenBy: actorId, hiddenAt: at })
          .onConflictDoNothing()
          .returning({ id: h.itemId });
        if (added.length === 0) return false;
        await appendAuditRow(tx, tables, at, { actorId, action: CATALOG_HIDDEN, orderId: null, amount: null, facts: { kind: item.kind, id: item.id, title: item.title } });
        return true;
      }),

    show: (item, actorId) =>
      database.transaction(async (tx) => {
        const [gone] = await tx
          .delete(h)
          .where(and(eq(h.kind, item.kind), eq(h.itemId, item.id)))
          .returning({ title: h.title });
        if (!gone) return false;
        await appendAuditRow(tx, tables, new Date(clock.now()), { actorId, action: CATALOG_SHOWN, orderId: null, amount: null, facts: { kind: item.kind, id: item.id, title: gone.title } });
        return true;
      }),
  };
}
