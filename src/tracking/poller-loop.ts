import type { Repeating } from '../repeat.js';
import { createDeliveryPoller, describeSweepFailure, type DeliveryPollerDeps } from './poller.js';

/**
 * Runs the sweep again and again: the next one starts when the last one
 * says (a few seconds while orders are open, longer when it needed many
 * pages, after a Retry-After), and while nothing is open the database is
 * only looked at every `everyMs`, without a request to the provider.
 */
export function startDeliveryPoller(
  deps: DeliveryPollerDeps & {
    everyMs: number;
    /** Told when a sweep has completed (readiness: how far the poller is behind). */
    onSweepDone?: (at: number) => void;
  },
): Repeating {
  const poller = createDeliveryPoller(deps);
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      let nextAt: number | null = null;
      try {
        const result = await poller.runOnce();
        deps.onSweepDone?.(deps.clock.now());
        nextAt = result.nextAt;
        if (result.watched > 0 || result.reconciled > 0) deps.logger.debug({ ...result }, 'delivery sweep');
      } catch (error) {
        // A sweep cut short because the loop is stopping (its provider reads aborted) is no failure.
        if (abort.signal.aborted) return;
        deps.logger.error({ loop: 'delivery-poller', err: describeSweepFailure(error) }, 'a background run failed');
      }
      // For those who watch the loops turn (LOG_LEVEL=trace): a sweep has ended, whatever its outcome.
      deps.logger.trace({ loop: 'delivery-poller' }, 'delivery sweep done');
      const wait = nextAt === null ? deps.everyMs : Math.max(0, nextAt - deps.clock.now());
      try {
        await deps.clock.sleep(wait, abort.signal);
      } catch {
        return;
      }
    }
  })();
  return {
    async stop() {
      abort.abort();
      await loop;
    },
  };
}
