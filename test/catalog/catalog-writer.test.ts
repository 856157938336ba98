import { describe, expect, it } from 'vitest';
import { createCatalogQueries, UNCATEGORISED_ID } from '../../src/catalog/catalog-queries.js';
import { createCatalogWriter, type CatalogSnapshot } from '../../src/catalog/catalog-writer.js';
import type { Db } from '../../src/db/open.js';
import { memoryDb } from '../support/memory-db.js';

const category = (id: number, title: string, parentId: number | null = null) => ({ id, title, parentId });
const product = (id: number, title: string, categoryId: number | null) => ({ id, title, categoryId, imageUrl: null, isAvailable: true });

const FIRST: CatalogSnapshot = {
  categories: [category(1, 'Streaming'), category(2, 'استیم')],
  products: [product(10, 'Netflix 30 USD', 1), product(11, 'Spotify 1 month', 1), product(20, 'Wallet 20 TL', 2), product(30, 'Mystery box', null)],
};

function counts(db: Db): Record<number, number> {
  const page = createCatalogQueries({ db }).categoriesPage({ page: 1, pageSize: 50 });
  return Object.fromEntries(page.items.map((c) => [c.id, c.productCount]));
}

function search(db: Db, query: string): number[] {
  return createCatalogQueries({ db }).search({ query, page: 1, pageSize: 50 }).items.map((p) => p.id);
}

describe('catalog writer', () => {
  it('keeps the product count of every category, uncategorised included', async () => {
    const db = memoryDb();
    await createCatalogWriter({ db }).write(FIRST);
    expect(counts(db)).toEqual({ 1: 2, 2: 1, [UNCATEGORISED_ID]: 1 });
  });

  it('lowers the count and drops the product from search when the provider removes it', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    const result = await writer.write({ ...FIRST, products: FIRST.products.filter((p) => p.id !== 10) });
    expect(result.removed).toBe(1);
    expect(counts(db)[1]).toBe(1);
    expect(search(db, 'netflix')).toEqual([]);
    expect(createCatalogQueries({ db }).product(10)).toBeNull();
  });

  it('counts and indexes a product the provider adds', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    await writer.write({ ...FIRST, products: [...FIRST.products, product(12, 'YouTube Premium', 1)] });
    expect(counts(db)[1]).toBe(3);
    expect(search(db, 'یوتیوب')).toEqual([12]);
  });

  it('finds a renamed product by its new title only', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    await writer.write({ ...FIRST, products: FIRST.products.map((p) => (p.id === 11 ? { ...p, title: 'Apple Music 1 month' } : p)) });
    expect(search(db, 'spotify')).toEqual([]);
    expect(search(db, 'اپل')).toEqual([11]);
  });

  it('finds the products of a renamed category by its new name', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    await writer.write({ ...FIRST, categories: [category(1, 'Music & Video'), category(2, 'استیم')] });
    expect(search(db, 'video')).toEqual([10, 11]);
    expect(search(db, 'streaming')).toEqual([]);
  });

  it('finds products by the name of their category’s parent', async () => {
    const db = memoryDb();
    await createCatalogWriter({ db }).write({ categories: [category(6, 'بازی موبایل'), category(7, 'PUBG', 6)], products: [product(70, '60 UC', 7)] });
    expect(search(db, 'موبایل uc')).toEqual([70]);
  });

  it('moves the count with a product that changes category', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    await writer.write({ ...FIRST, products: FIRST.products.map((p) => (p.id === 20 ? { ...p, categoryId: 1 } : p)) });
    expect(counts(db)).toEqual({ 1: 3, [UNCATEGORISED_ID]: 1 });
    expect(createCatalogQueries({ db }).productsPage({ categoryId: 1, page: 1, pageSize: 10 }).items.map((p) => p.id)).toEqual([10, 11, 20]);
  });

  it('lists the products of a category the provider stopped listing as uncategorised', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    await writer.write({ ...FIRST, categories: [category(1, 'Streaming')] });
    expect(counts(db)).toEqual({ 1: 2, [UNCATEGORISED_ID]: 2 });
    expect(createCatalogQueries({ db }).productsPage({ categoryId: UNCATEGORISED_ID, page: 1, pageSize: 10 }).items.map((p) => p.id)).toEqual([20, 30]);
  });

  it('writes nothing when the catalog did not change', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    expect(await writer.write(FIRST)).toEqual({ written: 0, removed: 0 });
  });

  it('writes only the products whose place changed when one is added in front', async () => {
    const db = memoryDb();
    const writer = createCatalogWriter({ db });
    await writer.write(FIRST);
    const result = await writer.write({ ...FIRST, products: [...FIRST.products.slice(0, 3), product(31, 'Gift box', null), FIRST.products[3]!] });
    expect(result).toEqual({ written: 2, removed: 0 });
  });

  it('stores a catalog larger than one chunk whole and in the provider order', async () => {
    const db = memoryDb();
    const many = Array.from({ length: 23 }, (_, i) => product(1000 - i, `Card ${i}`, 1));
    await createCatalogWriter({ db, chunkSize: 5 }).write({ categories: [category(1, 'Cards')], products: many });
    const page = createCatalogQueries({ db }).productsPage({ categoryId: 1, page: 1, pageSize: 50 });
    expect(page.items.map((p) => p.id)).toEqual(many.map((p) => p.id));
    expect(search(db, 'card')).toHaveLength(23);
  });

  it('rests between chunks, and readers meanwhile see every product whole and the previous counts', async () => {
    const db = memoryDb();
    await createCatalogWriter({ db }).write(FIRST);
    const queries = createCatalogQueries({ db });
    const seen: { streaming: number; netflix: string | undefined }[] = [];
    const renamed = { ...FIRST, products: FIRST.products.map((p) => ({ ...p, title: `${p.title} v2` })) };
    await createCatalogWriter({
      db,
      chunkSize: 1,
      rest: async () => {
        seen.push({ streaming: counts(db)[1]!, netflix: queries.product(10)?.title });
      },
    }).write({ ...renamed, products: [...renamed.products, product(12, 'YouTube Premium', 1)] });
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen.every((s) => s.streaming === 2)).toBe(true);
    expect(seen.every((s) => s.netflix === 'Netflix 30 USD' || s.netflix === 'Netflix 30 USD v2')).toBe(true);
    expect(counts(db)[1]).toBe(3);
  });
});
