import type { PageMeta } from './envelope.js';

type PagingResult = { ok: true; page: number; pageSize: number } | { ok: false; message: string };

const DEFAULT_PAGE_SIZE = 20;

function positiveInteger(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined) return fallback;
  if (!/^[0-9]+$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Oversized pages are lowered, not refused: clients must follow pages, not trust the size they asked for. */
export function parsePaging(query: Record<string, string>, maxPageSize: number): PagingResult {
  const page = positiveInteger(query['page'], 1);
  if (page === null) return { ok: false, message: 'پارامتر page باید عدد صحیح مثبت باشد' };
  const pageSize = positiveInteger(query['pageSize'], DEFAULT_PAGE_SIZE);
  if (pageSize === null) return { ok: false, message: 'پارامتر pageSize باید عدد صحیح مثبت باشد' };
  return { ok: true, page, pageSize: Math.min(pageSize, maxPageSize) };
}

/** A list read a page at a time: arrays are one, and so are the views of `newestFirst`. */
export interface Sliceable<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/**
 * `items` (oldest first) read newest first, a page at a time: only the
 * entries on the page read are made, so that a page of a long history costs
 * the page, not the history.
 */
export function newestFirst<S, T>(items: readonly S[], entry: (item: S) => T): Sliceable<T> {
  return {
    length: items.length,
    slice(start, end) {
      const page: T[] = [];
      for (let i = Math.max(0, start); i < Math.min(end, items.length); i++) page.push(entry(items[items.length - 1 - i]!));
      return page;
    },
  };
}

export function paginate<T>(items: Sliceable<T>, page: number, pageSize: number): { data: T[]; meta: PageMeta } {
  const start = (page - 1) * pageSize;
  return { data: items.slice(start, start + pageSize), meta: { page, pageSize, total: items.length } };
}
