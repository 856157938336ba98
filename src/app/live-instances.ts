import type { Clock } from '../clock.js';
import type { Roles } from '../db/roles.js';
import type { Logger } from '../logger.js';
import { startRepeating } from '../repeat.js';

/**
 * How often the count is read again: one statement every few seconds per
 * instance, never one per message. An instance that joins takes its share
 * at once; the others learn of it within this time, and until then the bot
 * may send up to (n + 1) / n of Telegram's limits (four thirds, for a third
 * instance joining two): rare, short, and what Telegram's own slack absorbs.
 */
export const LIVE_INSTANCES_EVERY_MS = 3_000;

export interface LiveInstances {
  /** The instances running on the database at the last look, this one included; at least 1. */
  count(): number;
  stop(): Promise<void>;
}

/**
 * The number of instances alive, read from their presence locks
 * (db/postgres/role-lock.ts) at start and every LIVE_INSTANCES_EVERY_MS:
 * each instance keeps to its share of Telegram's limits, which count the
 * bot, not the process (bot/telegram-pace.ts). On SQLite, one instance, no
 * statement is ever run. A failed read keeps the last count.
 */
export async function watchLiveInstances(deps: { roles: Pick<Roles, 'exclusive' | 'liveInstances'>; clock: Clock; logger: Logger }): Promise<LiveInstances> {
  const { roles, logger } = deps;
  if (roles.exclusive) return { count: () => 1, stop: async () => undefined };
  let count = 1;
  const look = async () => {
    const now = await roles.liveInstances();
    if (now !== count) logger.info({ instances: now, before: count }, 'instances alive on the database changed: each keeps to its share of Telegram\'s limits');
    count = now;
  };
  await look().catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not count the instances alive; taking Telegram\'s whole limits until the next look'));
  const loop = startRepeating({ name: 'live instances', everyMs: LIVE_INSTANCES_EVERY_MS, task: look, clock: deps.clock, logger });
  return { count: () => count, stop: () => loop.stop() };
}
