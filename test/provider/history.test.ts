import { describe, expect, it } from 'vitest';
import { createProviderHistory, readPages, readSince } from '../../src/provider/history.js';
import type { Page } from '../../src/provider/schemas.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);
const at = (ms: number) => new Date(ms).toISOString();

interface Entry {
  id: number;
  createdAt: string | null;
}

/** A history of `sizes[i]` entries on page i + 1, each a minute older than the one before. */
function pagesOf(sizes: number[], pageSize = 50) {
  const calls: number[] = [];
  let id = 0;
  const pages = sizes.map((size) =>
    Array.from({ length: size }, (): Entry => {
      id++;
      return { id, createdAt: at(T0 - id * 60_000) };
    }),
  );
  const load = async (page: number): Promise<Page<Entry>> => {
    calls.push(page);
    return { items: pages[page - 1] ?? [], page, pageSize };
  };
  return { load, calls };
}

describe('reading history back to a time', () => {
  it('stops at the page that reaches back past the start', async () => {
    const { load, calls } = pagesOf([3, 3, 3], 3);
    const result = await readSince(load, T0 - 4.5 * 60_000, 6);
    expect(calls).toEqual([1, 2]);
    expect(result.covered).toBe(true);
    expect(result.entries.map((e) => [e.entry.id, e.position])).toEqual([[1, 0], [2, 1], [3, 2], [4, 3], [5, 4], [6, 5]]);
  });

  it('does not take a short first page as the end: the provider may serve fewer than asked', async () => {
    const { load, calls } = pagesOf([2]);
    const result = await readSince(load, T0 - 60 * 60_000, 6);
    expect(calls).toEqual([1, 2]);
    expect(result.covered).toBe(true);
  });

  it('takes a page shorter than an earlier one as the end', async () => {
    const { load, calls } = pagesOf([20, 20, 5]);
    const result = await readSince(load, T0 - 600 * 60_000, 6);
    expect(calls).toEqual([1, 2, 3]);
    expect(result).toMatchObject({ covered: true });
    expect(result.entries).toHaveLength(45);
  });

  it('does not claim to have covered the time when the pages run out first', async () => {
    const { load } = pagesOf([10, 10, 10, 10]);
    expect((await readSince(load, T0 - 600 * 60_000, 2)).covered).toBe(false);
  });

  it('does not claim to have covered the time when the provider ignores the page number', async () => {
    const items = [{ id: 1, createdAt: at(T0) }];
    const result = await readSince(async (page) => ({ items, page, pageSize: 50 }), T0 - 60_000, 6);
    expect(result.covered).toBe(false);
    expect(result.entries).toHaveLength(1);
  });

  it('keeps reading past entries without a creation time', async () => {
    const undated = (page: number): Page<Entry> => ({ items: page <= 2 ? [{ id: page, createdAt: null }] : [], page, pageSize: 50 });
    const result = await readSince(async (page) => undated(page), T0, 6);
    expect(result).toMatchObject({ covered: true });
    expect(result.entries).toHaveLength(2);
  });
});

describe('reading pages until they are enough', () => {
  it('stops at the first page the caller finds enough, even before the list ends', async () => {
    const { load, calls } = pagesOf([3, 3, 3]);
    const result = await readPages(load, 6, (items) => items.some((entry) => entry.id === 5));
    expect(calls).toEqual([1, 2]);
    expect(result).toMatchObject({ covered: true });
    expect(result.entries.map((e) => e.entry.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('provider history of one run', () => {
  it('asks the provider for each page once, at background priority and the largest page size', async () => {
    const calls: unknown[] = [];
    const history = createProviderHistory({
      provider: {
        listOrders: async (q, o) => {
          calls.push({ q, o });
          return { items: [], page: q.page, pageSize: q.pageSize };
        },
        listTransactions: async (q) => ({ items: [], page: q.page, pageSize: q.pageSize }),
      },
    });

    await Promise.all([history.orderPage(1), history.orderPage(1), history.orderPage(2)]);
    await history.orderPage(1);

    expect(calls).toEqual([
      { q: { page: 1, pageSize: 50 }, o: { priority: 'background' } },
      { q: { page: 2, pageSize: 50 }, o: { priority: 'background' } },
    ]);
  });

  it('does not ask again for a page that failed in the same run', async () => {
    let calls = 0;
    const history = createProviderHistory({
      provider: {
        listOrders: async () => {
          calls++;
          throw new Error('provider down');
        },
        listTransactions: async (q) => ({ items: [], page: q.page, pageSize: q.pageSize }),
      },
    });

    await expect(history.orderPage(1)).rejects.toThrow('provider down');
    await expect(history.orderPage(1)).rejects.toThrow('provider down');
    expect(calls).toBe(1);
  });
});
