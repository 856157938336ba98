import { readPages, type ProviderHistory } from '../provider/history.js';
import type { OrderListEntry } from '../provider/schemas.js';

/** Provider order id -> the page a whole sweep first saw it on. */
export type PagesSeen = ReadonlyMap<number, number>;

interface SweepPages {
  /** Every entry read, newest first (the list's last page included, which `onPage` does not see). */
  entries: OrderListEntry[];
  /** Where this sweep saw each order: the next sweep's guide. */
  seen: PagesSeen;
  /** The deepest page asked for. */
  deepest: number;
}

/**
 * The history pages of one whole sweep, newest first, until `onPage`
 * answers that every open order has been seen (or the list or `maxPages`
 * ends). A page is asked for while the one before it loads when an open
 * order was on it or further back in the last whole sweep: orders only move
 * back as new ones come, so every page up to there is needed again, and
 * none is read in vain; pages beyond are asked for one at a time.
 */
export async function readSweepPages(input: {
  history: ProviderHistory;
  maxPages: number;
  /** Provider ids of the open orders. */
  open: readonly (number | null)[];
  lastSeen: PagesSeen;
  onPage: (items: readonly OrderListEntry[]) => boolean;
}): Promise<SweepPages> {
  const seen = new Map<number, number>();
  let deepest = 0;
  const surelyNeeded = input.open.reduce<number>((max, id) => Math.max(max, id === null ? 0 : (input.lastSeen.get(id) ?? 0)), 0);
  const loadPage = async (number: number) => {
    deepest = Math.max(deepest, number);
    const page = await input.history.orderPage(number);
    for (const entry of page.items) if (!seen.has(entry.orderId)) seen.set(entry.orderId, number);
    return page;
  };
  const read = await readPages(loadPage, input.maxPages, input.onPage, (number) => number <= surelyNeeded);
  return { entries: read.entries.map(({ entry }) => entry), seen, deepest };
}
