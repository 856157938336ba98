import type { RoleLock } from '../db/roles.js';
import type { Logger } from '../logger.js';

/** A standby tries to take a free role this often: a crash is taken over within this after PostgreSQL drops the dead connection. */
const ROLE_RETRY_MS = 2_000;

export interface RoleWatch {
  /** Whether this instance does the role's work now. */
  readonly active: boolean;
  /** Settles after the first try to take the role (and the work's start, when it was taken). */
  readonly firstTry: Promise<void>;
  /** Stops trying, stops the work (awaiting it) and releases the role at once, for another instance to take. */
  stop(): Promise<void>;
}

/**
 * Does a role's work only while this instance holds the role: tries to take
 * it every ROLE_RETRY_MS while not held, starts the work when gained, stops
 * it when the role is lost (the holding connection died: another instance
 * may hold it already), and releases the role on stop. The work's start and
 * stop never overlap: a loss during a start stops what the start began.
 */
export function watchRole(
  lock: RoleLock,
  work: { start: () => Promise<void>; stop: () => Promise<void> },
  deps: { logger: Logger; retryMs?: number },
): RoleWatch {
  const { logger } = deps;
  const retryMs = deps.retryMs ?? ROLE_RETRY_MS;
  let stopped = false;
  let active = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Every start, stop and try runs after the one before: one chain.
  let chain: Promise<void> = Promise.resolve();
  const serial = (step: () => Promise<void>): Promise<void> => (chain = chain.then(step, step));

  const stopWork = async (why: string): Promise<void> => {
    if (!active) return;
    active = false;
    try {
      await work.stop();
    } catch (error) {
      logger.error({ role: lock.name, err: String(error) }, 'stopping the work of a role failed');
    }
    logger.info({ role: lock.name, why }, 'stopped the work of this role');
  };

  const attempt = async (): Promise<void> => {
    if (stopped) return;
    // Not `lock.held`: on SQLite the role is held from the start, and its work must still start.
    if (!active) {
      let taken = false;
      try {
        taken = await lock.tryTake();
      } catch (error) {
        logger.warn({ role: lock.name, err: error instanceof Error ? error.message : String(error) }, 'could not try to take a role; trying again');
      }
      if (taken && !stopped) {
        logger.info({ role: lock.name }, 'took the role');
        active = true;
        try {
          await work.start();
        } catch (error) {
          // A start that fails gives the role back: another instance (or the next try) does better.
          logger.error({ role: lock.name, err: error instanceof Error ? error.message : String(error) }, 'the work of a role failed to start; giving the role back');
          await stopWork('its start failed');
          await lock.release();
        }
        // Lost while starting: what the start began stops now.
        if (!lock.held) await stopWork('the role was lost');
      }
    }
    schedule();
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void serial(attempt), retryMs);
    timer.unref?.();
  };

  lock.onLost((error) => {
    logger.warn({ role: lock.name, err: error.message }, 'lost a role: its connection to the database failed; stopping its work');
    void serial(() => stopWork('the role was lost'));
  });

  const firstTry = serial(attempt);

  return {
    get active() {
      return active;
    },
    firstTry,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await serial(async () => {
        await stopWork('this instance is stopping');
        await lock.release();
      });
    },
  };
}
