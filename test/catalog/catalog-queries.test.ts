import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogQueries, UNCATEGORISED_ID } from '../../src/catalog/catalog-queries.js';
import { normaliseSearchText } from '../../src/catalog/normalise.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { categories, products } from '../../src/db/schema.js';

type Row = [id: number, title: string, categoryId: number | null, isAvailable?: boolean | null];

describe('catalog queries', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  function setup(cats: [number, string][], rows: Row[]) {
    const db = openDb(':memory:');
    opened.push(db);
    if (cats.length > 0) {
      db.insert(categories).values(cats.map(([id, title], position) => ({ id, title, parentId: null, position }))).run();
    }
    if (rows.length > 0) {
      db.insert(products)
        .values(
          rows.map(([id, title, categoryId, isAvailable = true], position) => ({
            id,
            title,
            searchText: normaliseSearchText(title),
            categoryId,
            isAvailable,
            position,
          })),
        )
        .run();
    }
    return createCatalogQueries({ db });
  }

  describe('categories', () => {
    it('lists only categories that have products, in the provider order, with their counts', () => {
      const q = setup(
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

    it('adds an uncategorised entry last for products without a known category', () => {
      const q = setup([[1, 'One']], [[10, 'a', 1], [11, 'b', null], [12, 'c', 99]]);
      const page = q.categoriesPage({ page: 1, pageSize: 10 });
      expect(page.items.at(-1)).toEqual({ id: UNCATEGORISED_ID, title: '', productCount: 2 });
      expect(q.productsPage({ categoryId: UNCATEGORISED_ID, page: 1, pageSize: 10 }).items.map((p) => p.id)).toEqual([
        11, 12,
      ]);
    });

    it('pages categories and shows the last page for a page past the end', () => {
      const cats: [number, string][] = [1, 2, 3, 4, 5].map((id) => [id, `C${id}`]);
      const q = setup(cats, cats.map(([id]) => [100 + id, `p${id}`, id] as Row));
      const last = q.categoriesPage({ page: 9, pageSize: 2 });
      expect(last).toMatchObject({ page: 3, pageCount: 3, total: 5 });
      expect(last.items.map((c) => c.id)).toEqual([5]);
    });

    it('reports one empty page for an empty catalog', () => {
      expect(setup([], []).categoriesPage({ page: 1, pageSize: 10 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    });
  });

  describe('products', () => {
    it('pages the products of a category in the provider order', () => {
      const q = setup([[1, 'One'], [2, 'Two']], [[30, 'x', 1], [10, 'y', 2], [20, 'z', 1, false], [40, 'w', 1]]);
      const second = q.productsPage({ categoryId: 1, page: 2, pageSize: 2 });
      expect(second).toEqual({
        items: [{ id: 40, title: 'w', categoryId: 1, isAvailable: true, priceFrom: null, stockTotal: null }],
        page: 2,
        pageCount: 2,
        total: 3,
      });
      expect(q.productsPage({ categoryId: 1, page: 1, pageSize: 2 }).items[1]).toMatchObject({ id: 20, isAvailable: false });
    });

    it('finds one product by id and gives null for an unknown id', () => {
      const q = setup([], [[7, 'Seven', null, null]]);
      expect(q.product(7)).toEqual({ id: 7, title: 'Seven', categoryId: null, isAvailable: null, priceFrom: null, stockTotal: null });
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
    const titles = (query: string) =>
      setup([], rows)
        .search({ query, page: 1, pageSize: 20 })
        .items.map((p) => p.id);

    it('treats a percent sign in the query as a literal character', () => {
      expect(titles('50%')).toEqual([1]);
    });

    it('treats an underscore in the query as a literal character', () => {
      expect(titles('co_')).toEqual([3]);
    });

    it('ignores letter case', () => {
      expect(titles('GOOGLE play')).toEqual([2, 6]);
    });

    it('finds Persian titles typed with Arabic letters and either kind of digits', () => {
      expect(titles('كارت گوگل پلي 10')).toEqual([5]);
      expect(titles('پلی ۱۰')).toEqual([5]);
    });

    it('matches every word of the query wherever it appears in the title', () => {
      expect(titles('10 google')).toEqual([6]);
    });

    it('matches a space typed where the title has a zero-width non-joiner', () => {
      expect(titles('بازی های')).toEqual([7]);
    });

    it('finds nothing for a blank query', () => {
      expect(setup([], rows).search({ query: '   ', page: 1, pageSize: 5 })).toEqual({
        items: [],
        page: 1,
        pageCount: 1,
        total: 0,
      });
    });
  });
});
