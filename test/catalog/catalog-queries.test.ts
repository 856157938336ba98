import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogQueries, MAX_SEARCH_RESULTS, UNCATEGORISED_ID } from '../../src/catalog/catalog-queries.js';
import { createCatalogWriter } from '../../src/catalog/catalog-writer.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';

type Row = [id: number, title: string, categoryId: number | null, isAvailable?: boolean | null];

describe('catalog queries', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  /** A catalog written the way the sync writes it: counts and the search index included. */
  async function setup(cats: [number, string][], rows: Row[]) {
    const db = openDb(':memory:');
    opened.push(db);
    await createCatalogWriter({ db }).write({
      categories: cats.map(([id, title]) => ({ id, title, parentId: null })),
      products: rows.map(([id, title, categoryId, isAvailable = true]) => ({ id, title, categoryId, isAvailable, imageUrl: null })),
    });
    return createCatalogQueries({ db });
  }

  describe('categories', () => {
    it('lists only categories that have products, in the provider order, with their counts', async () => {
      const q = await setup(
        [[3, 'استیم'], [1, 'گوگل پلی'], [2, 'Empty']],
        [[10, 'a', 1], [11, 'b', 3], [12, 'c', 1]],
      );
      expect(q.categoriesPage({ page: 1, pageSize: 10 })).toEqual({
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
      const page = q.categoriesPage({ page: 1, pageSize: 10 });
      expect(page.items.at(-1)).toEqual({ id: UNCATEGORISED_ID, title: '', productCount: 2 });
      expect(q.productsPage({ categoryId: UNCATEGORISED_ID, page: 1, pageSize: 10 }).items.map((p) => p.id)).toEqual([
        11, 12,
      ]);
    });

    it('pages categories and shows the last page for a page past the end', async () => {
      const cats: [number, string][] = [1, 2, 3, 4, 5].map((id) => [id, `C${id}`]);
      const q = await setup(cats, cats.map(([id]) => [100 + id, `p${id}`, id] as Row));
      const last = q.categoriesPage({ page: 9, pageSize: 2 });
      expect(last).toMatchObject({ page: 3, pageCount: 3, total: 5 });
      expect(last.items.map((c) => c.id)).toEqual([5]);
    });

    it('reports one empty page for an empty catalog', async () => {
      expect((await setup([], [])).categoriesPage({ page: 1, pageSize: 10 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    });
  });

  describe('products', () => {
    it('pages the products of a category in the provider order', async () => {
      const q = await setup([[1, 'One'], [2, 'Two']], [[30, 'x', 1], [10, 'y', 2], [20, 'z', 1, false], [40, 'w', 1]]);
      const second = q.productsPage({ categoryId: 1, page: 2, pageSize: 2 });
      expect(second).toEqual({
        items: [{ id: 40, title: 'w', categoryId: 1, isAvailable: true, priceFrom: null, priceTo: null, stockTotal: null }],
        page: 2,
        pageCount: 2,
        total: 3,
      });
      expect(q.productsPage({ categoryId: 1, page: 1, pageSize: 2 }).items[1]).toMatchObject({ id: 20, isAvailable: false });
    });

    it('finds one product by id and gives null for an unknown id', async () => {
      const q = await setup([], [[7, 'Seven', null, null]]);
      expect(q.product(7)).toEqual({ id: 7, title: 'Seven', categoryId: null, isAvailable: null, priceFrom: null, priceTo: null, stockTotal: null });
      expect(q.product(8)).toBeNull();
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
      (await setup([], rows)).search({ query, page: 1, pageSize: 20 }).items.map((p) => p.id);

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
      expect(q.search({ query: 'google', page: 2, pageSize: 2 })).toMatchObject({ page: 2, pageCount: 2, total: 3 });
      const past = q.search({ query: 'google', page: 7, pageSize: 2 });
      expect(past).toMatchObject({ page: 2, pageCount: 2, total: 3 });
      expect(past.items.map((p) => p.id)).toEqual([6]);
    });

    it('lists at most MAX_SEARCH_RESULTS products for a word every title shares', async () => {
      const many: Row[] = Array.from({ length: MAX_SEARCH_RESULTS + 5 }, (_, i) => [i + 1, `Voucher ${i + 1}`, null]);
      const page = (await setup([], many)).search({ query: 'voucher', page: 1, pageSize: 8 });
      expect(page.total).toBe(MAX_SEARCH_RESULTS);
      expect(page.pageCount).toBe(MAX_SEARCH_RESULTS / 8);
    });

    it('finds nothing for a blank query', async () => {
      expect((await setup([], rows)).search({ query: '   ', page: 1, pageSize: 5 })).toEqual({
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
      (await setup(cats, rows)).search({ query, page: 1, pageSize: 20 }).items.map((p) => p.id);

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
});
