import { waitFor } from './fake-bot-api/inspection.js';
import type { WaitOptions } from './fake-bot-api/types.js';

/**
 * Polls a condition on observable state in real time until it holds, or
 * fails with `what` once the deadline passes: for waits on the system
 * instead of fixed sleeps.
 */
export function waitUntil<T>(predicate: () => T | undefined | null | false, what: string, options: WaitOptions = {}): Promise<T> {
  return waitFor(predicate, () => `Waited for: ${what}`, options);
}
