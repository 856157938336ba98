/** A FIFO lock for async work within this process. */
interface Mutex {
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
}

export function createMutex(): Mutex {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    runExclusive(work) {
      const result = tail.then(work);
      // The next holder waits for this one to settle, whether it succeeded or not.
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
