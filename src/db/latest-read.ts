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
