import type { CallOptions, ProviderClient } from '../provider/client.js';
import { CONTRACT_LIMITS, type OrderListEntry, type Page, type Transaction } from '../provider/schemas.js';

/**
 * The provider's order history and wallet transactions (both newest first),
 * read at most once per page for one poller run: following orders and
 * reconciling unknown outcomes share the same pages, and a page that failed
 * is not asked for again in the same run.
 */
export interface ProviderHistory {
  orderPage(page: number): Promise<Page<OrderListEntry>>;
  transactionPage(page: number): Promise<Page<Transaction>>;
}

export function createProviderHistory(deps: {
  provider: Pick<ProviderClient, 'listOrders' | 'listTransactions'>;
  pageSize?: number;
  options?: CallOptions;
}): ProviderHistory {
  const pageSize = deps.pageSize ?? CONTRACT_LIMITS.maxPageSize;
  const options: CallOptions = deps.options ?? { priority: 'background' };
  const orderPages = new Map<number, Promise<Page<OrderListEntry>>>();
  const transactionPages = new Map<number, Promise<Page<Transaction>>>();

  function memo<T>(cache: Map<number, Promise<T>>, page: number, load: () => Promise<T>): Promise<T> {
    let pending = cache.get(page);
    if (!pending) {
      pending = load();
      cache.set(page, pending);
    }
    return pending;
  }

  return {
    orderPage: (page) => memo(orderPages, page, () => deps.provider.listOrders({ page, pageSize }, options)),
    transactionPage: (page) =>
      memo(transactionPages, page, () => deps.provider.listTransactions({ page, pageSize }, options)),
  };
}

/** A page with fewer entries than were asked for is the last one. */
export function isLastPage<T>(page: Page<T>): boolean {
  return page.items.length === 0 || page.items.length < page.pageSize;
}

export interface EntriesSince<T> {
  /** In the provider's order (newest first), each with its position in the whole list. */
  entries: { entry: T; position: number }[];
  /** True when the pages provably reached an entry older than the start, or the end of the list. */
  covered: boolean;
}

/**
 * Reads pages until one reaches back past `startMs` (newest first, so the
 * rest is older still), the list ends, or `maxPages` have been read. The
 * provider may serve fewer entries than asked without saying so, so only an
 * empty page or one shorter than an earlier page proves the end (as in
 * followPages); a provider that ignores `page` proves nothing.
 */
export async function readSince<T extends { createdAt: string | null }>(
  loadPage: (page: number) => Promise<Page<T>>,
  startMs: number,
  maxPages: number,
): Promise<EntriesSince<T>> {
  const entries: { entry: T; position: number }[] = [];
  let servedSize = 0;
  let previous: string | null = null;
  for (let number = 1; number <= maxPages; number++) {
    const page = await loadPage(number);
    if (page.items.length === 0 || page.items.length < servedSize) {
      for (const entry of page.items) entries.push({ entry, position: entries.length });
      return { entries, covered: true };
    }
    const key = JSON.stringify(page.items);
    if (key === previous) return { entries, covered: false };
    previous = key;
    servedSize = page.items.length;
    for (const entry of page.items) entries.push({ entry, position: entries.length });
    const reachedBack = page.items.some((entry) => {
      const at = parseTime(entry.createdAt);
      return at !== null && at < startMs;
    });
    if (reachedBack) return { entries, covered: true };
  }
  return { entries, covered: false };
}

/** Epoch milliseconds of a provider timestamp, or null when it is missing or unreadable. */
export function parseTime(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
