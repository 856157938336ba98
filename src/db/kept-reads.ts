/**
 * Reads kept in memory by key until `forget`: the catalog's copies that a
 * change counter or a write says are stale (catalog-view.ts, kept-searches.ts).
 *
 * - A read is kept as its promise, so readers that come while it is under
 *   way share it; one that fails is not kept, and the next reader asks again.
 * - `forget` replaces the map whole: a read under way then lands in the old
 *   one and is never answered from afterwards.
 * - Past `limit` keys, the least recently used is let go first.
 */
export function createKeptReads(limit = Number.POSITIVE_INFINITY) {
  let kept = new Map<string, Promise<unknown>>();
  return {
    /** What is kept under `key`, or what `read` answers (kept unless it fails). */
    read<T>(key: string, read: () => Promise<T>): Promise<T> {
      const into = kept;
      let found = into.get(key) as Promise<T> | undefined;
      if (found) {
        // Put back last: the most recently used is kept longest.
        into.delete(key);
      } else {
        found = read();
        const reading = found;
        reading.catch(() => {
          if (into.get(key) === reading) into.delete(key);
        });
        if (into.size >= limit) into.delete(into.keys().next().value!);
      }
      into.set(key, found);
      return found;
    },
    forget(): void {
      kept = new Map();
    },
    get size(): number {
      return kept.size;
    },
  };
}

