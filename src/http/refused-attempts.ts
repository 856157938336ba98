import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

/**
 * Webhook posts with a wrong or missing secret token. Each one is answered
 * late, so that a single stream of guesses runs at about one a second; but
 * at most MAX_WAITING wait at once, so that a flood cannot hold our sockets
 * and memory (beyond that, the refusal is immediate). The 32-character
 * secret is what makes guessing hopeless; the delay only blunts it. The
 * count goes to /metrics; the log gets at most one line a minute summing
 * them up, never a line per attempt, and never what was sent.
 */
const REFUSAL_DELAY_MS = 1_000;
const MAX_WAITING = 64;
const LOG_EVERY_MS = 60_000;

interface RefusedAttempts {
  /** Counts one refusal and resolves when it may be answered. */
  refuse(from: string | null): Promise<void>;
  /** Logs what was counted since the last line (at shutdown). */
  flush(): void;
}

export function createRefusedAttempts(deps: { clock: Clock; logger: Logger; delayMs?: number; onRefused?: () => void }): RefusedAttempts {
  const delayMs = deps.delayMs ?? REFUSAL_DELAY_MS;
  let waiting = 0;
  let unreported = 0;
  let lastFrom: string | null = null;
  let lastLineAt = Number.NEGATIVE_INFINITY;

  const report = () => {
    if (unreported === 0) return;
    deps.logger.warn({ refused: unreported, lastFrom }, 'webhook requests refused since the last report: wrong or missing secret token');
    unreported = 0;
    lastLineAt = deps.clock.now();
  };

  return {
    async refuse(from) {
      deps.onRefused?.();
      unreported += 1;
      lastFrom = from;
      if (deps.clock.now() - lastLineAt >= LOG_EVERY_MS) report();
      if (waiting >= MAX_WAITING || delayMs <= 0) return;
      waiting += 1;
      try {
        await deps.clock.sleep(delayMs);
      } finally {
        waiting -= 1;
      }
    },
    flush: report,
  };
}
