import type { Clock } from '../../src/clock.js';

export interface ManualClock extends Clock {
  /** Moves time forward and resolves every sleep whose deadline has passed, earliest first. */
  advance(ms: number): void;
  /** Number of sleeps still waiting. */
  pendingSleeps(): number;
}

interface Sleeper {
  deadline: number;
  seq: number;
  resolve: () => void;
}

/** A clock that only moves when told to. */
export function createManualClock(startMs: number): ManualClock {
  let now = startMs;
  let seq = 0;
  const sleepers = new Set<Sleeper>();

  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        if (ms <= 0) {
          resolve();
          return;
        }
        const onAbort = () => {
          sleepers.delete(sleeper);
          reject(signal?.reason);
        };
        const sleeper: Sleeper = {
          deadline: now + ms,
          seq: seq++,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance() needs a non-negative duration, got ${ms}`);
      now += ms;
      const due = [...sleepers]
        .filter((s) => s.deadline <= now)
        .sort((a, b) => a.deadline - b.deadline || a.seq - b.seq);
      for (const sleeper of due) {
        sleepers.delete(sleeper);
        sleeper.resolve();
      }
    },
    pendingSleeps: () => sleepers.size,
  };
}
