/**
 * One holder at a time, served in the order they asked. `release` is
 * idempotent, so a `finally` that runs twice cannot let two in.
 */
export interface Mutex {
  /** Whether someone holds it now: a caller who finds it free may run at once, without a turn of the event loop. */
  readonly held: boolean;
  acquire(): Promise<() => void>;
}

export function createMutex(): Mutex {
  let held = false;
  const waiting: Array<() => void> = [];
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else held = false;
    };
  };
  return {
    get held() {
      return held;
    },
    acquire() {
      if (!held) {
        held = true;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve) => waiting.push(() => resolve(releaser())));
    },
  };
}
