import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface Held<T> {
  result: T;
  /** Wall time of the work (ms). */
  ms: number;
  /** How late a trivial task due every `tickMs` ran while the work ran, at worst (ms): how long another chat's update would have waited. */
  heldMax: number;
  /** The event loop's longest delay as perf_hooks measured it (ms). */
  loopMax: number;
}

/** Runs `work` with a trivial task due every `tickMs` beside it, as another chat's update would be. */
export async function heldWhile<T>(work: () => Promise<T>, tickMs = 10): Promise<Held<T>> {
  let worst = 0;
  let due = performance.now() + tickMs;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - due);
    due = now + tickMs;
  }, tickMs);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, heldMax: worst, loopMax: loop.max / 1e6 };
  } finally {
    clearInterval(timer);
    loop.disable();
  }
}
