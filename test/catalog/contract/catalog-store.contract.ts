import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_RESULTS, UNCATEGORISED_ID } from '../../../src/db/catalog-store.js';
import type { CatalogStore, CatalogStoreOptions } from '../../../src/db/catalog-store.js';
import type { CatalogSnapshot } from '../../../src/db/catalog-writer.js';
import type { ProductDetail } from '../../../src/provider/schemas.js';

/**
 * What every CatalogStore does, whatever database keeps it: the same
 * browsing, the same searches (Persian and Latin, prefixes, brand aliases,
 * category names, the result cap, paging) finding the same products, and
 * the same chunked refresh. A dialect's test file calls this with a
 * factory; to add a database, one more test file that calls this.
 */

/** Stores over one database, its catalog emptied when `fresh` was called; each call may take its own writer options. */
export type CatalogStores = (options?: CatalogStoreOptions) => CatalogStore;

export interface CatalogStoreSubject {
  /** Empties the catalog tables (and app_state) and returns a factory of stores over them. */
  fresh(): Promise<CatalogStores>;
  /** The value of an app_state key as stored, or undefined. */
  stateText(key: string): Promise<string | undefined>;
}

type Row = [id: number, title: string, categoryId: number | null, isAvailable?: boolean | null];

const noRest = { rest: async () => undefined };

export function catalogStoreContract(database: string, subject: CatalogStoreSubject): void {
  describe(`catalog store on ${database}`, () => {
    const fresh = async (): Promise<CatalogStores> => {
      const stores = await subject.fresh();
      return (options) => stores({ ...noRest, ...options });
    };

    /** A catalog written the way the sync writes it: counts and the search index included. */
    async function setup(cats: [number, string][], rows: Row[]): Promise<CatalogStore> {
      const store = (await fresh())();
      await store.write({
        categories: cats.map(([id, title]) => ({ id, title, parentId: null })),
        products: rows.map(([id, title, categoryId, isAvailable = true]) => ({ id, title, categoryId, isAvailable, imageUrl: null })),
      });
      return store;
    }

    const category = (id: number, title: string, parentId: number | null = null) => ({ id, title, parentId });
    const product = (id: number, title: string, categoryId: number | null) => ({ id, title, categoryId, imageUrl: null, isAvailable: true });

    const FIRST: CatalogSnapshot = {
      categories: [category(1, 'Streaming'), category(2, 'استیم')],
      products: [product(10, 'Netflix 30 USD', 1), product(11, 'Spotify 1 month', 1), product(20, 'Wallet 20 TL', 2), product(30, 'Mystery box', null)],
    };

    async function counts(db: CatalogStores): Promise<Record<number, number>> {
      const page = await db().categoriesPage({ page: 1, pageSize: 50 });
      return Object.fromEntries(page.items.map((c) => [c.id, c.productCount]));
    }

    async function search(db: CatalogStores, query: string): Promise<number[]> {
      return (await db().search({ query, page: 1, pageSize: 50 })).items.map((p) => p.id);
    }

    describe('categories', () => {
      it('lists only categories that have products, in the provider order, with their counts', async () => {
        const q = await setup(
          [[3, 'استیم'], [1, 'گوگل پلی'], [2, 'Empty']],
          [[10, 'a', 1], [11, 'b', 3], [12, 'c', 1]],
        );
        expect(await q.categoriesPage({ page: 1, pageSize: 10 })).toEqual({
          items: [
            { id: 3, title: 'استیم', productCount: 1 },
            { id: 1, title: 'گوگل پلی', productCount: 2 },
          ],
          page: 1,
          pageCount: 1,
          total: 2,
        });
      });

      it('adds an uncategorised entry last for products without a known category', async () => {
        const q = await setup([[1, 'One']], [[10, 'a', 1], [11, 'b', null], [12, 'c', 99]]);
        const page = await q.categoriesPage({ page: 1, pageSize: 10 });
        expect(page.items.at(-1)).toEqual({ id: UNCATEGORISED_ID, title: '', productCount: 2 });
        expect((await q.productsPage({ categoryId: UNCATEGORISED_ID, page: 1, pageSize: 10 })).items.map((p) => p.id)).toEqual([
          11, 12,
        ]);
      });

      it('pages categories and shows the last page for a page past the end', async () => {
        const cats: [number, string][] = [1, 2, 3, 4, 5].map((id) => [id, `C${id}`]);
        const q = await setup(cats, cats.map(([id]) => [100 + id, `p${id}`, id] as Row));
        const last = await q.categoriesPage({ page: 9, pageSize: 2 });
        expect(last).toMatchObject({ page: 3, pageCount: 3, total: 5 });
        expect(last.items.map((c) => c.id)).toEqual([5]);
      });

      it('reports one empty page for an empty catalog', async () => {
        expect(await (await setup([], [])).categoriesPage({ page: 1, pageSize: 10 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
      });
    });

    describe('products', () => {
      it('pages the products of a category in the provider order', async () => {
        const q = await setup([[1, 'One'], [2, 'Two']], [[30, 'x', 1], [10, 'y', 2], [20, 'z', 1, false], [40, 'w', 1]]);
        const second = await q.productsPage({ categoryId: 1, page: 2, pageSize: 2 });
        expect(second).toEqual({
          items: [{ id: 40, title: 'w', categoryId: 1, isAvailable: true, priceFrom: null, priceTo: null, stockTotal: null }],
          page: 2,
          pageCount: 2,
          total: 3,
        });
        expect((await q.productsPage({ categoryId: 1, page: 1, pageSize: 2 })).items[1]).toMatchObject({ id: 20, isAvailable: false });
      });

      it('finds one product by id and gives null for an unknown id', async () => {
        const q = await setup([], [[7, 'Seven', null, null]]);
        expect(await q.product(7)).toEqual({ id: 7, title: 'Seven', categoryId: null, isAvailable: null, priceFrom: null, priceTo: null, stockTotal: null, hidden: false });
        expect(await q.product(8)).toBeNull();
      });
    });

    describe('search', () => {
      const rows: Row[] = [
        [1, 'Discount 50% card', null],
        [2, 'Google Play 50 USD', null],
        [3, 'Steam <Wallet> & Co_*[EU]*', null],
        [4, 'Steam Coins', null],
        [5, 'گیفت کارت گوگل پلی ۱۰ دلاری', null],
        [6, 'Google Play 10 USD', null],
        [7, 'بازی‌های موبایل', null],
      ];
      const titles = async (query: string) =>
        (await (await setup([], rows)).search({ query, page: 1, pageSize: 20 })).items.map((p) => p.id);

      it('treats a percent sign in the query as a literal character', async () => {
        expect(await titles('50%')).toEqual([1]);
      });

      it('treats an underscore in the query as a literal character', async () => {
        expect(await titles('co_')).toEqual([3]);
      });

      it('ignores letter case', async () => {
        expect(await titles('STEAM coins')).toEqual([4]);
      });

      it('finds Persian titles typed with Arabic letters and either kind of digits', async () => {
        expect(await titles('كارت گوگل پلي 10')).toEqual([5]);
        expect(await titles('پلی ۱۰')).toEqual([5]);
      });

      it('matches every word of the query wherever it appears in the title', async () => {
        expect(await titles('10 play')).toEqual([6]);
      });

      it('matches a space typed where the title has a zero-width non-joiner', async () => {
        expect(await titles('بازی های')).toEqual([7]);
      });

      it('pages search results with the total, and shows the last page for a page past the end', async () => {
        const q = await setup([], rows);
        expect(await q.search({ query: 'google', page: 2, pageSize: 2 })).toMatchObject({ page: 2, pageCount: 2, total: 3 });
        const past = await q.search({ query: 'google', page: 7, pageSize: 2 });
        expect(past).toMatchObject({ page: 2, pageCount: 2, total: 3 });
        expect(past.items.map((p) => p.id)).toEqual([6]);
      });

      it('lists at most MAX_SEARCH_RESULTS products for a word every title shares', async () => {
        const many: Row[] = Array.from({ length: MAX_SEARCH_RESULTS + 5 }, (_, i) => [i + 1, `Voucher ${i + 1}`, null]);
        const page = await (await setup([], many)).search({ query: 'voucher', page: 1, pageSize: 8 });
        expect(page.total).toBe(MAX_SEARCH_RESULTS);
        expect(page.pageCount).toBe(MAX_SEARCH_RESULTS / 8);
      });

      it('finds nothing for a blank query', async () => {
        expect(await (await setup([], rows)).search({ query: '   ', page: 1, pageSize: 5 })).toEqual({
          items: [],
          page: 1,
          pageCount: 1,
          total: 0,
        });
      });
    });

    describe('search across scripts', () => {
      const cats: [number, string][] = [[3, 'استیم'], [8, 'سرویس‌های پخش']];
      const rows: Row[] = [
        [1, 'Netflix 30 USD', 8],
        [2, 'استیم والت ۲۰ دلاری', 3],
        [3, 'Wallet 50 TL', 3],
        [4, 'گیفت کارت گوگل پلی ۱۰ دلاری', null],
        [5, 'Google Play 10 USD', null],
        [6, 'Apple iTunes 25', null],
        [7, 'PlayStation Plus 12 months', null],
      ];
      const found = async (query: string) =>
        (await (await setup(cats, rows)).search({ query, page: 1, pageSize: 20 })).items.map((p) => p.id);

      it('finds a Latin brand name typed in Persian', async () => {
        expect(await found('نتفلیکس')).toEqual([1]);
      });

      it('finds a Persian title and the products of a Persian category by the Latin brand name', async () => {
        expect(await found('steam')).toEqual([2, 3]);
      });

      it('finds products by a word of their category name', async () => {
        expect(await found('پخش')).toEqual([1]);
      });

      it('finds both scripts of a two-word brand with a number', async () => {
        expect(await found('گوگل پلی 10')).toEqual([4, 5]);
        expect(await found('google play ۱۰')).toEqual([4, 5]);
      });

      it('finds a brand from the first letters of a word in either script', async () => {
        expect(await found('netf')).toEqual([1]);
        expect(await found('نتفل')).toEqual([1]);
        expect(await found('itu')).toEqual([6]);
      });

      it('finds a two-word Persian spelling of a one-word brand', async () => {
        expect(await found('پلی استیشن')).toEqual([7]);
      });

      it('matches Persian digits against Latin digits in titles and back', async () => {
        expect(await found('اپل ۲۵')).toEqual([6]);
        expect(await found('استیم 20')).toEqual([2]);
      });

      it('requires every word, so a word found nowhere finds nothing', async () => {
        expect(await found('netflix xbox')).toEqual([]);
      });
    });
  describe('writer', () => {
    it('keeps the product count of every category, uncategorised included', async () => {
      const db = await fresh();
      await db().write(FIRST);
      expect(await counts(db)).toEqual({ 1: 2, 2: 1, [UNCATEGORISED_ID]: 1 });
    });

    it('lowers the count and drops the product from search when the provider removes it', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      const result = await writer.write({ ...FIRST, products: FIRST.products.filter((p) => p.id !== 10) });
      expect(result.removed).toBe(1);
      expect((await counts(db))[1]).toBe(1);
      expect(await search(db, 'netflix')).toEqual([]);
      expect(await db().product(10)).toBeNull();
    });

    it('counts and indexes a product the provider adds', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      await writer.write({ ...FIRST, products: [...FIRST.products, product(12, 'YouTube Premium', 1)] });
      expect((await counts(db))[1]).toBe(3);
      expect(await search(db, 'یوتیوب')).toEqual([12]);
    });

    it('finds a renamed product by its new title only', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      await writer.write({ ...FIRST, products: FIRST.products.map((p) => (p.id === 11 ? { ...p, title: 'Apple Music 1 month' } : p)) });
      expect(await search(db, 'spotify')).toEqual([]);
      expect(await search(db, 'اپل')).toEqual([11]);
    });

    it('finds the products of a renamed category by its new name', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      await writer.write({ ...FIRST, categories: [category(1, 'Music & Video'), category(2, 'استیم')] });
      expect(await search(db, 'video')).toEqual([10, 11]);
      expect(await search(db, 'streaming')).toEqual([]);
    });

    it('finds products by the name of their category’s parent', async () => {
      const db = await fresh();
      await db().write({ categories: [category(6, 'بازی موبایل'), category(7, 'PUBG', 6)], products: [product(70, '60 UC', 7)] });
      expect(await search(db, 'موبایل uc')).toEqual([70]);
    });

    it('moves the count with a product that changes category', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      await writer.write({ ...FIRST, products: FIRST.products.map((p) => (p.id === 20 ? { ...p, categoryId: 1 } : p)) });
      expect(await counts(db)).toEqual({ 1: 3, [UNCATEGORISED_ID]: 1 });
      expect((await db().productsPage({ categoryId: 1, page: 1, pageSize: 10 })).items.map((p) => p.id)).toEqual([10, 11, 20]);
    });

    it('lists the products of a category the provider stopped listing as uncategorised', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      await writer.write({ ...FIRST, categories: [category(1, 'Streaming')] });
      expect(await counts(db)).toEqual({ 1: 2, [UNCATEGORISED_ID]: 2 });
      expect((await db().productsPage({ categoryId: UNCATEGORISED_ID, page: 1, pageSize: 10 })).items.map((p) => p.id)).toEqual([20, 30]);
    });

    it('writes nothing when the catalog did not change', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      expect(await writer.write(FIRST)).toEqual({ written: 0, removed: 0, hidden: 0 });
    });

    it('writes only the products whose place changed when one is added in front', async () => {
      const db = await fresh();
      const writer = db();
      await writer.write(FIRST);
      const result = await writer.write({ ...FIRST, products: [...FIRST.products.slice(0, 3), product(31, 'Gift box', null), FIRST.products[3]!] });
      expect(result).toEqual({ written: 2, removed: 0, hidden: 0 });
    });

    it('stores a catalog larger than one chunk whole and in the provider order', async () => {
      const db = await fresh();
      const many = Array.from({ length: 23 }, (_, i) => product(1000 - i, `Card ${i}`, 1));
      await db({ chunkSize: 5 }).write({ categories: [category(1, 'Cards')], products: many });
      const page = await db().productsPage({ categoryId: 1, page: 1, pageSize: 50 });
      expect(page.items.map((p) => p.id)).toEqual(many.map((p) => p.id));
      expect(await search(db, 'card')).toHaveLength(23);
    });

    it('rests between chunks, and readers meanwhile see every product whole and the previous counts', async () => {
      const db = await fresh();
      await db().write(FIRST);
      const queries = db();
      const seen: { streaming: number; netflix: string | undefined }[] = [];
      const renamed = { ...FIRST, products: FIRST.products.map((p) => ({ ...p, title: `${p.title} v2` })) };
      await db({
        chunkSize: 1,
        rest: async () => {
          seen.push({ streaming: (await counts(db))[1]!, netflix: (await queries.product(10))?.title });
        },
      }).write({ ...renamed, products: [...renamed.products, product(12, 'YouTube Premium', 1)] });
      expect(seen.length).toBeGreaterThanOrEqual(5);
      expect(seen.every((s) => s.streaming === 2)).toBe(true);
      expect(seen.every((s) => s.netflix === 'Netflix 30 USD' || s.netflix === 'Netflix 30 USD v2')).toBe(true);
      expect((await counts(db))[1]).toBe(3);
    });
  }  );

    describe('search edges', () => {
      const rows: Row[] = [
        [1, 'Steam Wallet', null],
        [2, '«گوگل»پلی (ویژه)', null],
        [3, 'Play-Station 5', null],
        [4, 'Xbox Game Pass', null],
        [5, '“Fortnite”—V-Bucks 1000', null],
      ];
      const found = async (query: string) => (await (await setup([], rows)).search({ query, page: 1, pageSize: 20 })).items.map((p) => p.id);

      it('matches the start of a word, never its middle', async () => {
        expect(await found('team')).toEqual([]);
        expect(await found('wal')).toEqual([1]);
      });

      it('finds words that punctuation separates, in either script', async () => {
        expect(await found('ویژه')).toEqual([2]);
        expect(await found('station')).toEqual([3]);
        expect(await found('fortnite bucks')).toEqual([5]);
      });

      it('matches a phrase only as consecutive words', async () => {
        expect(await found('game pass')).toEqual([4]);
        expect(await found('xbox pass')).toEqual([4]);
      });
    });

    describe('state and prices', () => {
      const detail = (id: number, regions: [price: number, stock: number][]): ProductDetail =>
        ({ id, regionProperties: regions.map(([price, stock]) => ({ price, stock })) }) as unknown as ProductDetail;

      it('sets the given app_state key with the categories', async () => {
        const db = await fresh();
        await db().write(FIRST, { state: { key: 'catalog.sync', value: { lastSuccessAt: 5, lastError: null } } });
        expect(JSON.parse((await subject.stateText('catalog.sync'))!)).toEqual({ lastSuccessAt: 5, lastError: null });
      });

      it('reads back the sync state it wrote, and the one written with the catalog; null for a key never set', async () => {
        const db = await fresh();
        expect(await db().readState('catalog.sync')).toBeNull();
        await db().writeState('catalog.sync', { lastSuccessAt: null, lastError: 'ProviderError: خطا', lastErrorAt: 5_123_456_789 });
        expect(await db().readState('catalog.sync')).toEqual({ lastSuccessAt: null, lastError: 'ProviderError: خطا', lastErrorAt: 5_123_456_789 });
        await db().write(FIRST, { state: { key: 'catalog.sync', value: { lastSuccessAt: 7, lastError: null, lastErrorAt: null } } });
        expect(await db().readState('catalog.sync')).toEqual({ lastSuccessAt: 7, lastError: null, lastErrorAt: null });
      });

      it('counts the stored products', async () => {
        const db = await fresh();
        expect(await db().productCount()).toBe(0);
        await db().write(FIRST);
        expect(await db().productCount()).toBe(4);
      });

      it('keeps the price range of the regions in stock and the total stock', async () => {
        const db = await fresh();
        await db().write(FIRST);
        await db().recordPrice(detail(10, [[900_000, 5], [2_450_000, 30], [100, 0]]), 1_000);
        expect(await db().product(10)).toMatchObject({ priceFrom: 900_000, priceTo: 2_450_000, stockTotal: 35 });
        await db().recordPrice(detail(10, [[6_100_000, 0]]), 2_000);
        expect(await db().product(10)).toMatchObject({ priceFrom: 6_100_000, priceTo: 6_100_000, stockTotal: 0 });
        await db().recordPrice(detail(11, []), 2_000);
        expect(await db().product(11)).toMatchObject({ priceFrom: null, stockTotal: null });
      });

      it('says whether a price recorded differs from the one kept: first seen, price or stock moved, or the same again', async () => {
        const db = await fresh();
        await db().write(FIRST);
        expect(await db().recordPrice(detail(10, [[900_000, 5]]), 1_000)).toBe(true);
        expect(await db().recordPrice(detail(10, [[900_000, 5]]), 2_000)).toBe(false);
        expect(await db().recordPrice(detail(10, [[900_000, 4]]), 3_000)).toBe(true);
        expect(await db().recordPrice(detail(10, [[950_000, 4]]), 4_000)).toBe(true);
        expect(await db().recordPrice(detail(10, [[950_000, 4], [1_000_000, 0]]), 5_000)).toBe(false);
        expect(await db().recordPrice(detail(10, [[950_000, 0], [1_000_000, 1]]), 6_000)).toBe(true);
        // Nothing to record: nothing kept moved.
        expect(await db().recordPrice(detail(11, []), 6_000)).toBe(false);
        // Recorded unchanged, it is still read again when due: the time moved.
        expect(await db().productsDueForPrice(new Date(5_500), 10)).toEqual([11, 20, 30]);
      });

      it('lists the products due for a price: unknown first in the provider order, then the oldest', async () => {
        const db = await fresh();
        await db().write(FIRST);
        await db().recordPrice(detail(20, [[1, 1]]), 1_000);
        await db().recordPrice(detail(10, [[1, 1]]), 2_000);
        await db().recordPrice(detail(11, [[1, 1]]), 9_000);
        expect(await db().productsDueForPrice(new Date(5_000), 10)).toEqual([30, 20, 10]);
        expect(await db().productsDueForPrice(new Date(5_000), 2)).toEqual([30, 20]);
      });

      it('answers a search made again by the same store with the page’s prices as they are now, and forgets its hits at every write, hide and show', async () => {
        const store = (await fresh())();
        const wallets = (count: number): CatalogSnapshot => ({
          categories: [category(1, 'Games')],
          products: Array.from({ length: count }, (_, i) => product(i + 1, `Steam Wallet ${i + 1}`, 1)),
        });
        await store.write(wallets(20));
        const ids = async (page = 1) => (await store.search({ query: 'steam', page, pageSize: 8 })).items.map((p) => p.id);
        expect(await store.search({ query: 'steam', page: 2, pageSize: 8 })).toMatchObject({ page: 2, pageCount: 3, total: 20 });
        await store.recordPrice(detail(9, [[500, 3]]), 1_000);
        const again = await store.search({ query: 'steam', page: 2, pageSize: 8 });
        expect(again.items.map((p) => p.id)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
        expect(again.items[0]).toMatchObject({ priceFrom: 500, stockTotal: 3 });
        // Asked past its end, the last page.
        expect(await store.search({ query: 'steam', page: 9, pageSize: 8 })).toMatchObject({ page: 3, total: 20, items: [{ id: 17 }, { id: 18 }, { id: 19 }, { id: 20 }] });

        await store.hide({ kind: 'product', id: 2, title: 'Steam Wallet 2' }, 1);
        expect((await ids()).slice(0, 3)).toEqual([1, 3, 4]);
        await store.show({ kind: 'product', id: 2 }, 1);
        expect((await ids()).slice(0, 3)).toEqual([1, 2, 3]);
        await store.write(wallets(2));
        expect(await ids()).toEqual([1, 2]);
        expect(await ids(3)).toEqual([1, 2]);
      });
    });
  });
}
