import { ProviderResponseError } from './errors.js';
import type { Page } from './schemas.js';

interface FollowPagesOptions<T> {
  fetchPage(page: number): Promise<Page<T>>;
  /** What makes two pages "the same page": compared to detect a provider that ignores `page`. */
  identity(item: T): string | number;
  /** A catalog that has not ended after this many pages is a provider fault, not a big catalog. */
  maxPages: number;
  /** For the runaway error. */
  method: string;
  path: string;
}

/**
 * Walks pages 1, 2, ... The size asked for is not trusted: the provider may
 * serve fewer per page, so the largest page seen is taken as the served size
 * and a page shorter than that (or an empty one) is the end. A page equal to
 * the one before means the provider ignores `page`: the walk stops there.
 */
export async function* followPages<T>(options: FollowPagesOptions<T>): AsyncGenerator<T, void, undefined> {
  let servedSize = 0;
  let previousKey: string | null = null;
  for (let page = 1; page <= options.maxPages; page += 1) {
    const { items } = await options.fetchPage(page);
    if (items.length === 0) return;
    const key = JSON.stringify(items.map(options.identity));
    if (key === previousKey) return;
    previousKey = key;
    yield* items;
    servedSize = Math.max(servedSize, items.length);
    if (items.length < servedSize) return;
  }
  // Stopping quietly would pass a truncated catalog off as the whole one.
  throw new ProviderResponseError({
    message: `${options.method} ${options.path}: no last page after ${options.maxPages} pages`,
    method: options.method,
    path: options.path,
  });
}
