import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { acquireInstanceLock, AnotherInstanceError, HEARTBEAT_MS, type InstanceLock } from '../db/instance-lock.js';
import { closeDb, DatabasePathError, DatabaseTooNewError, openDb, type Db } from '../db/open.js';
import { createSqliteProviderIdentity, describeProviderMismatch } from '../db/provider-identity.js';
import type { Logger } from '../logger.js';
import type { ProcessProbe } from '../process-probe.js';
import { StartupError } from './startup-error.js';

export interface Storage {
  db: Db;
  /** Releases the database to the next instance and closes it. */
  close(): void;
}

/**
 * Opens the database, checks it belongs to this provider, and claims it
 * for this process (start-up repairs assume no other giftdesk runs on it),
 * keeping the claim fresh. A second instance stops here with a clear
 * message, before touching anything; an instance that loses its claim asks
 * to be stopped.
 */
export async function openStorage(
  config: Pick<Config, 'databasePath' | 'providerBaseUrl'>,
  io: { clock: Clock; logger: Logger; owner: string; probe: ProcessProbe; onClaimLost: () => void },
): Promise<Storage> {
  const { clock, logger } = io;
  let db: Db;
  try {
    db = openDb(config.databasePath);
  } catch (error) {
    // A database path that cannot be used is a configuration problem, as for any setting.
    if (error instanceof DatabasePathError) throw new StartupError(error.message, 2);
    // A database a newer release migrated: this one would misread it, so it does not start.
    if (error instanceof DatabaseTooNewError) throw new StartupError(`${error.message} (${config.databasePath})`, 2);
    throw error;
  }
  // Before anything talks to the provider or claims the database.
  const identity = await createSqliteProviderIdentity({ db, clock }).claim(config.providerBaseUrl);
  if (identity.kind === 'other') {
    closeDb(db);
    throw new StartupError(describeProviderMismatch(identity, config.databasePath), 2);
  }
  if (identity.kind === 'recorded') logger.info({ provider: identity.provider, databasePath: config.databasePath }, 'database recorded for this provider');

  let lock: InstanceLock;
  try {
    lock = await acquireInstanceLock(db, clock, io.owner, io.probe);
  } catch (error) {
    if (error instanceof AnotherInstanceError) throw new StartupError(error.message, 1);
    throw error;
  }
  if (lock.takeover) logger.warn(lock.takeover, 'took over the database from a run that ended without releasing it');
  const timer = setInterval(() => {
    if (!lock.beat()) {
      logger.fatal('another giftdesk took over this database; stopping');
      io.onClaimLost();
    }
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    db,
    close() {
      clearInterval(timer);
      lock.release();
      closeDb(db);
    },
  };
}
