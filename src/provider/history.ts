import type { CallOptions, ProviderClient } from './client.js';
import { CONTRACT_LIMITS, type OrderListEntry, type Page, type Transaction } from './schemas.js';
import { timeBounds } from './time-bounds.js';

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

interface EntriesRead<T> {
  /** In the provider's order (newest first), each with its position in the whole list. */
  entries: { entry: T; position: number }[];
  /** True when the list provably ended, or a page was enough for the caller. */
  covered: boolean;
}

/**
 * Reads pages 1, 2, ... until `enough` accepts a page, the list ends, or
 * `maxPages` have been read. The provider may serve fewer entries than asked
 * without saying so, so only an empty page or one shorter than the largest
 * page seen proves the end (as in followPages); a page equal to the one
 * before means the provider ignores `page`, which proves nothing.
 *
 * When `readAhead` says a page will surely be needed, it is asked for as
 * soon as the page before it is, so that it loads while that one does: at
 * most two pages are asked for at once, and one asked for in vain (the list
 * ended sooner) is read but not used.
 */
export async function readPages<T>(
  loadPage: (page: number) => Promise<Page<T>>,
  maxPages: number,
  enough: (items: readonly T[]) => boolean,
  readAhead: (page: number) => boolean = () => false,
): Promise<EntriesRead<T>> {
  const entries: { entry: T; position: number }[] = [];
  let servedSize = 0;
  let previous: string | null = null;
  let pending: Promise<Page<T>> | null = null;
  for (let number = 1; number <= maxPages; number++) {
    const current = pending ?? loadPage(number);
    pending = number < maxPages && readAhead(number + 1) ? askedAhead(loadPage(number + 1)) : null;
    const { items } = await current;
    const ended = items.length === 0 || items.length < servedSize;
    if (!ended) {
      const key = JSON.stringify(items);
      if (key === previous) return { entries, covered: false };
      previous = key;
      servedSize = items.length;
    }
    for (const entry of items) entries.push({ entry, position: entries.length });
    if (ended || enough(items)) return { entries, covered: true };
  }
  return { entries, covered: false };
}

/** A page asked for ahead: its failure is met when it is awaited, and not at all when it is not needed. */
function askedAhead<T>(page: Promise<T>): Promise<T> {
  page.catch(() => undefined);
  return page;
}

/**
 * Reads the newest-first pages until one reaches back past `startMs` (the
 * rest is older still), the list ends, or `maxPages` have been read.
 */
export function readSince<T extends { createdAt: string | null }>(
  loadPage: (page: number) => Promise<Page<T>>,
  startMs: number,
  maxPages: number,
): Promise<EntriesRead<T>> {
  return readPages(loadPage, maxPages, (items) =>
    items.some((entry) => {
      const at = parseTime(entry.createdAt);
      return at !== null && at < startMs;
    }),
  );
}

/**
 * Reads the newest-first pages until one holds an entry that is surely
 * older than `startMs`, the list ends, `maxPages` have been read, or
 * `stop` accepts a page.
 */
export function readBack<T extends { createdAt: string | null }>(
  loadPage: (page: number) => Promise<Page<T>>,
  startMs: number,
  maxPages: number,
  stop: (items: readonly T[]) => boolean = () => false,
): Promise<EntriesRead<T>> {
  return readPages(loadPage, maxPages, (items) =>
    stop(items) ||
    items.some((entry) => {
      const bounds = timeBounds(entry.createdAt);
      return bounds !== null && bounds.latest < startMs;
    }),
  );
}

/** Epoch milliseconds of a provider timestamp, or null when it is missing or unreadable. */
function parseTime(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
