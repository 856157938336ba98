import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import type { OrderingPause, OrderingPauseStore } from '../db/ordering-pause-store.js';

/**
 * How often a pause the provider caused checks whether the provider answers
 * again. Slow on purpose: a key refused for a while is being fixed by a
 * person, and a provider that sees a refused key hammering it may block the
 * IP for longer.
 */
export const PAUSE_PROBE_MS = 2 * 60_000;

/**
 * One run of the probe: while ordering is paused because the provider
 * refused us, read the wallet balance (the cheapest read, at background
 * priority); the first time it answers, tell administrators. Ordering stays
 * paused: only a person decides that spending may start again.
 */
export function createPauseProbe(deps: {
  pauses: Pick<OrderingPauseStore, 'current'>;
  provider: Pick<ProviderClient, 'getBalance'>;
  /** Called once per pause, when the provider answers again. */
  onAnswering: (pause: OrderingPause) => Promise<void>;
  logger: Logger;
}): () => Promise<void> {
  // The pause (by its start) already announced as answering; a new pause is announced anew.
  let announcedSince: number | null = null;
  return async () => {
    const pause = await deps.pauses.current();
    if (!pause || pause.source !== 'provider' || pause.since === announcedSince) return;
    try {
      await deps.provider.getBalance({ priority: 'background' });
    } catch (error) {
      deps.logger.debug({ err: error instanceof Error ? error.name : String(error) }, 'the provider still does not answer');
      return;
    }
    announcedSince = pause.since;
    deps.logger.warn({ pausedSince: pause.since }, 'the provider answers again; ordering stays paused until an administrator resumes');
    await deps.onAnswering(pause);
  };
}
