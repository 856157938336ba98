import { describe, expect, it } from 'vitest';
import type { CatalogStore } from '../../../src/db/catalog-store.js';
import type { CatalogSnapshot } from '../../../src/db/catalog-writer.js';

/**
 * What every catalog store does with what administrators hid, whatever
 * database keeps it: hidden products and categories are left out of the
 * menu, its counts, products pages and search, read marked by `product`,
 * listed, audited, and outlive a refresh; new products arrive hidden when
 * the write asks for it.
 */
export interface HiddenCatalogSubject {
  /** A store over an empty catalog, app_state and audit_log. */
  fresh(): Promise<CatalogStore>;
  /** The audit rows written, in order: action, actor and decoded facts. */
  audit(): Promise<Array<{ actorId: number | null; action: string; facts: unknown }>>;
}

const ADMIN = 7;
const SNAPSHOT: CatalogSnapshot = {
  categories: [
    { id: 1, title: 'Streaming', parentId: null },
    { id: 2, title: 'Games', parentId: null },
  ],
  products: [
    { id: 10, title: 'Netflix 30 USD', categoryId: 1, isAvailable: true },
    { id: 11, title: 'Spotify 1 month', categoryId: 1, isAvailable: true },
    { id: 20, title: 'Steam Wallet 20', categoryId: 2, isAvailable: true },
    { id: 2, title: 'Netflix Gift 2', categoryId: 2, isAvailable: true },
  ],
};

export function hiddenCatalogContract(database: string, subject: HiddenCatalogSubject): void {
  describe(`hidden catalog entries on ${database}`, () => {
    const menu = async (store: CatalogStore) => (await store.categoriesPage({ page: 1, pageSize: 8 })).items.map((c) => [c.id, c.productCount]);
    const page = async (store: CatalogStore, categoryId: number) => {
      const found = await store.productsPage({ categoryId, page: 1, pageSize: 8 });
      return { ids: found.items.map((p) => p.id), total: found.total };
    };
    const search = async (store: CatalogStore, query: string) => (await store.search({ query, page: 1, pageSize: 8 })).items.map((p) => p.id);

    async function written(): Promise<CatalogStore> {
      const store = await subject.fresh();
      await store.write(SNAPSHOT);
      return store;
    }

    it('leaves a hidden product out of the menu counts, its category page and search, and marks it when read', async () => {
      const store = await written();
      expect(await store.hide({ kind: 'product', id: 10, title: 'Netflix 30 USD' }, ADMIN)).toBe(true);
      expect(await menu(store)).toEqual([[1, 1], [2, 2]]);
      expect(await page(store, 1)).toEqual({ ids: [11], total: 1 });
      expect(await search(store, 'netflix')).toEqual([2]);
      expect(await store.product(10)).toMatchObject({ id: 10, hidden: true });
      expect(await store.product(11)).toMatchObject({ id: 11, hidden: false });

      expect(await store.show({ kind: 'product', id: 10 }, ADMIN)).toBe(true);
      expect(await menu(store)).toEqual([[1, 2], [2, 2]]);
      expect(await search(store, 'netflix')).toEqual([10, 2]);
      expect(await store.product(10)).toMatchObject({ hidden: false });
    });

    it('leaves a hidden category and every product in it out, and a category left empty out of the menu', async () => {
      const store = await written();
      await store.hide({ kind: 'category', id: 1, title: 'Streaming' }, ADMIN);
      expect(await menu(store)).toEqual([[2, 2]]);
      expect(await page(store, 1)).toEqual({ ids: [], total: 0 });
      expect(await search(store, 'netflix')).toEqual([2]);
      expect(await search(store, 'streaming')).toEqual([]);
      expect(await store.product(11)).toMatchObject({ hidden: true });

      await store.hide({ kind: 'product', id: 20, title: 'Steam Wallet 20' }, ADMIN);
      await store.hide({ kind: 'product', id: 2, title: 'Netflix Gift 2' }, ADMIN);
      expect(await menu(store)).toEqual([]);
    });

    it('hides the categories under a hidden category, at any depth, with their products, and shows them again with it', async () => {
      const store = await subject.fresh();
      const tree: CatalogSnapshot = {
        categories: [
          ...SNAPSHOT.categories,
          { id: 3, title: 'Consoles', parentId: 2 },
          { id: 4, title: 'Handhelds', parentId: 3 },
          // A loop in the provider's parent links ends the walk rather than the query.
          { id: 5, title: 'Loop A', parentId: 6 },
          { id: 6, title: 'Loop B', parentId: 5 },
        ],
        products: [
          ...SNAPSHOT.products,
          { id: 30, title: 'Xbox Gift 25', categoryId: 3, isAvailable: true },
          { id: 40, title: 'Switch eShop 10', categoryId: 4, isAvailable: true },
          { id: 50, title: 'Loop Card', categoryId: 6, isAvailable: true },
        ],
      };
      await store.write(tree);
      await store.hide({ kind: 'category', id: 2, title: 'Games' }, ADMIN);
      await store.hide({ kind: 'category', id: 5, title: 'Loop A' }, ADMIN);
      expect(await menu(store)).toEqual([[1, 2]]);
      expect(await page(store, 3)).toEqual({ ids: [], total: 0 });
      expect(await page(store, 4)).toEqual({ ids: [], total: 0 });
      expect(await search(store, 'xbox')).toEqual([]);
      expect(await search(store, 'switch')).toEqual([]);
      expect(await search(store, 'loop')).toEqual([]);
      expect(await store.product(40)).toMatchObject({ hidden: true });
      expect(await store.product(50)).toMatchObject({ hidden: true });
      expect(await store.hiddenAmong([10, 40, 30, 20, 50, 99])).toEqual([40, 30, 20, 50]);

      await store.show({ kind: 'category', id: 2 }, ADMIN);
      expect(await menu(store)).toEqual([[1, 2], [2, 2], [3, 1], [4, 1]]);
      expect(await search(store, 'switch')).toEqual([40]);
      expect(await store.hiddenAmong([40, 30, 20])).toEqual([]);
    });

    it('names hidden products among those asked, even one the provider no longer lists, and finds them by search only when asked to', async () => {
      const store = await written();
      await store.hide({ kind: 'product', id: 11, title: 'Spotify 1 month' }, ADMIN);
      expect(await store.hiddenAmong([])).toEqual([]);
      expect(await store.hiddenAmong([10, 11])).toEqual([11]);
      expect(await search(store, 'spotify')).toEqual([]);
      expect((await store.search({ query: 'spotify', page: 1, pageSize: 8, includeHidden: true })).items.map((p) => p.id)).toEqual([11]);
      await store.write({ ...SNAPSHOT, products: SNAPSHOT.products.filter((p) => p.id !== 11) });
      expect(await store.hiddenAmong([11])).toEqual([11]);
    });

    it('audits each change once, with who, what and its name; hiding twice or showing what is shown changes nothing', async () => {
      const store = await written();
      expect(await store.hide({ kind: 'category', id: 2, title: 'Games' }, ADMIN)).toBe(true);
      expect(await store.hide({ kind: 'category', id: 2, title: 'Games' }, 8)).toBe(false);
      expect(await store.show({ kind: 'product', id: 2 }, ADMIN)).toBe(false);
      expect(await store.show({ kind: 'category', id: 2 }, 8)).toBe(true);
      expect(await subject.audit()).toEqual([
        { actorId: ADMIN, action: 'catalog.hidden', facts: { kind: 'category', id: 2, title: 'Games' } },
        { actorId: 8, action: 'catalog.shown', facts: { kind: 'category', id: 2, title: 'Games' } },
      ]);
    });

    it('finds what an id names, lists what is hidden, and keeps it hidden through refreshes that drop and bring back the product', async () => {
      const store = await written();
      expect(await store.findItems(2)).toEqual([
        { kind: 'product', id: 2, title: 'Netflix Gift 2' },
        { kind: 'category', id: 2, title: 'Games' },
      ]);
      expect(await store.findItems(99)).toEqual([]);
      await store.hide({ kind: 'product', id: 11, title: 'Spotify 1 month' }, ADMIN);
      await store.hide({ kind: 'category', id: 2, title: 'Games' }, ADMIN);
      const listed = (await store.hiddenItems()).map(({ kind, id, title, hiddenBy, listed }) => ({ kind, id, title, hiddenBy, listed }));
      expect(listed).toEqual([
        { kind: 'product', id: 11, title: 'Spotify 1 month', hiddenBy: ADMIN, listed: true },
        { kind: 'category', id: 2, title: 'Games', hiddenBy: ADMIN, listed: true },
      ]);

      await store.write({ ...SNAPSHOT, products: SNAPSHOT.products.filter((p) => p.id !== 11) });
      expect((await store.hiddenItems())[0]).toMatchObject({ id: 11, title: 'Spotify 1 month', listed: false });
      await store.write(SNAPSHOT);
      expect(await page(store, 1)).toEqual({ ids: [10], total: 1 });
      expect(await store.product(11)).toMatchObject({ hidden: true });
    });

    it('hides the products a write adds when asked to, and only those', async () => {
      const store = await written();
      const added = { id: 12, title: 'Disney+ 1 month', categoryId: 1, isAvailable: true };
      const result = await store.write({ ...SNAPSHOT, products: [...SNAPSHOT.products, added] }, { hideNew: true });
      expect(result.hidden).toBe(1);
      expect(await page(store, 1)).toEqual({ ids: [10, 11], total: 2 });
      expect(await search(store, 'disney')).toEqual([]);
      expect((await store.hiddenItems()).map(({ id, hiddenBy }) => ({ id, hiddenBy }))).toEqual([{ id: 12, hiddenBy: null }]);
      // Already known: a later write leaves it as the administrators left it.
      await store.show({ kind: 'product', id: 12 }, ADMIN);
      expect((await store.write({ ...SNAPSHOT, products: [...SNAPSHOT.products, added] }, { hideNew: true })).hidden).toBe(0);
      expect(await search(store, 'disney')).toEqual([12]);
    });
  });
}
