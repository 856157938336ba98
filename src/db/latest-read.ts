/**
 * Runs reads of a whole table and keeps only the newest: when two reads
 * overlap (a change through this view and a check after another
 * instance's change), one started earlier but answered later must not put
 * the older copy back.
 */
export function latestRead<T>(read: () => Promise<T>, apply: (value: T) => void): () => Promise<void> {
  let started = 0;
  let applied = 0;
  return async () => {
    const ticket = ++started;
    const value = await read();
    if (ticket > applied) {
      applied = ticket;
      apply(value);
    }
  };
}

/**
 * For a view whose copy is read whole again after each change made through
 * it: runs the change, then reads again, whether the change went through
 * or not (a failed change may still have written part of what it meant to).
 */
export function readAgainAfter(refresh: () => Promise<void>): <T>(work: Promise<T>) => Promise<T> {
  return async (work) => {
    try {
      return await work;
    } finally {
      await refresh();
    }
  };
}
