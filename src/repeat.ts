import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

export interface Repeating {
  /** Stops scheduling and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

export interface Wakeable extends Repeating {
  /**
   * Ends the pause now, so the next run starts at once. A wake during a run
   * changes nothing: that run's pause goes as usual, so wakes coming fast
   * never turn the loop into runs back to back.
   */
  wake(): void;
}

/**
 * Runs `task` every `everyMs`, measured from the end of the previous run, so
 * runs never overlap. A failing run is logged and the loop goes on.
 */
export function startRepeating(options: {
  name: string;
  everyMs: number;
  task: () => Promise<void> | void;
  clock: Clock;
  logger: Logger;
  /** Run once right away instead of after the first interval. */
  immediately?: boolean;
  /** The first run waits for this too (a stop meanwhile ends the loop without a run). */
  firstRunAfter?: Promise<unknown>;
}): Wakeable {
  const abort = new AbortController();
  // Set only during a pause: a wake ends it.
  let pause: AbortController | null = null;
  const loop = (async () => {
    let first = true;
    if (options.firstRunAfter) {
      const stopped = new Promise<void>((resolve) => abort.signal.addEventListener('abort', () => resolve(), { once: true }));
      await Promise.race([options.firstRunAfter.catch(() => undefined), stopped]);
    }
    while (!abort.signal.aborted) {
      if (!(first && options.immediately)) {
        pause = new AbortController();
        try {
          await options.clock.sleep(options.everyMs, AbortSignal.any([abort.signal, pause.signal]));
        } catch {
          if (abort.signal.aborted) return;
        }
        pause = null;
      }
      first = false;
      try {
        await options.task();
      } catch (error) {
        // A run cut short because the loop is stopping (its provider reads aborted) is no failure.
        if (abort.signal.aborted) return;
        options.logger.error({ loop: options.name, err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, 'a background run failed');
      }
      // For those who watch the loops turn (LOG_LEVEL=trace): a run has ended, whatever its outcome.
      options.logger.trace({ loop: options.name }, 'background run done');
    }
  })();
  return {
    async stop() {
      abort.abort();
      await loop;
    },
    wake() {
      pause?.abort();
    },
  };
}
