import { hostname } from 'node:os';
import type { Config } from '../config.js';
import { acquireInstanceLock, AnotherInstanceError, HEARTBEAT_MS, type InstanceLock } from '../db/instance-lock.js';
import { databaseFileErrorIn } from '../db/database-file-error.js';
import { closeDb, DatabasePathError, DatabaseTooNewError, openDb, type Db } from '../db/open.js';
import { createProviderIdentity, describeProviderMismatch, type ProviderIdentityStore } from '../db/provider-identity.js';
import { sqliteDatabase } from '../db/seam/sqlite-database.js';
import { sqliteStores, type Stores } from '../db/stores.js';
import type { Logger } from '../logger.js';
import { exclusiveRoles, type Roles } from '../db/roles.js';
import type { StorageIo } from './postgres-storage.js';

export type { StorageIo } from './postgres-storage.js';
import { StartupError } from './startup-error.js';
import { guardSqliteFile } from './sqlite-file-guard.js';

export interface Storage {
  stores: Stores;
  /** The roles only one instance on the database may hold at a time (on SQLite, always this one's). */
  roles: Roles;
  /** Releases the database to the next instance and closes it. */
  close(): Promise<void>;
}

/** Whether the database will be this instance's alone (SQLite), known from the configuration before it is opened. */
export function storageIsExclusive(config: Pick<Config, 'databaseUrl'>): boolean {
  return config.databaseUrl === null;
}

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else the SQLite
 * file) and checks it belongs to this provider. On SQLite the file is
 * claimed for this process: a second instance stops here with a clear
 * message, before touching anything, and an instance that loses its claim
 * asks to be stopped. On PostgreSQL several instances share the database and
 * share out its roles instead.
 */
export async function openStorage(config: Pick<Config, 'databasePath' | 'databaseUrl' | 'providerBaseUrl'>, io: StorageIo): Promise<Storage> {
  // Several instances may share it: the opposite of storageIsExclusive, written out for the type's narrowing.
  if (config.databaseUrl !== null) {
    // The PostgreSQL driver is loaded only when DATABASE_URL asks for it: a start on SQLite does without it.
    const [{ openPostgresStorage }, { postgresStores }] = await Promise.all([import('./postgres-storage.js'), import('../db/postgres-stores.js')]);
    const opened = await openPostgresStorage(config.databaseUrl, io, (db, ownerLock) => postgresStores({ db, clock: io.clock, ownerLock }));
    await checkProvider(opened.identity, config.providerBaseUrl, opened.name, 'set DATABASE_URL to a new, empty database (giftdesk creates the tables)', io.logger, opened.close);
    return { stores: opened.stores, roles: opened.roles, close: opened.close };
  }
  return openSqliteStorage(config.databasePath, config.providerBaseUrl, io);
}

async function openSqliteStorage(databasePath: string, providerBaseUrl: string, io: StorageIo): Promise<Storage> {
  const { clock, logger } = io;
  let db: Db;
  try {
    db = openDb(databasePath);
  } catch (error) {
    // A database path that cannot be used is a configuration problem, as for any setting.
    if (error instanceof DatabasePathError) throw new StartupError(error.message, 2);
    // A database a newer release migrated: this one would misread it, so it does not start.
    if (error instanceof DatabaseTooNewError) throw new StartupError(`${error.message} (${databasePath})`, 2);
    throw error;
  }
  // From here on the connection is the seam's: everything reaches it through `database`.
  const database = sqliteDatabase(db.$client);
  // The file opened but cannot be written (read-only: a file to fix; full or failing: it may pass, and a restart may then start).
  const unwritable = (error: unknown): never => {
    closeDb(db);
    const file = databaseFileErrorIn(error);
    if (file) throw new StartupError(`${file.message}; ${file.fix}`, file.trouble === 'read-only' ? 2 : 1);
    throw error;
  };
  // Before anything talks to the provider or claims the database.
  await checkProvider(createProviderIdentity({ database, clock }), providerBaseUrl, databasePath, undefined, logger, async () => closeDb(db)).catch(unwritable);

  let lock: InstanceLock;
  try {
    lock = await acquireInstanceLock(database, clock, io.owner, io.probe);
  } catch (error) {
    if (error instanceof AnotherInstanceError) {
      closeDb(db);
      throw new StartupError(error.message, 1);
    }
    return unwritable(error);
  }
  if (lock.takeover) logger.warn(lock.takeover, 'took over the database from a run that ended without releasing it');
  // The file removed, replaced, full or read-only under the running instance (sqlite-file-guard.ts).
  const file = guardSqliteFile({ db, path: databasePath, logger, stop: (exitCode) => io.onClaimLost(exitCode) });
  // One beat at a time; close waits for the one under way before it releases the claim.
  let beating: Promise<void> | null = null;
  const beat = async (): Promise<void> => {
    if (file.gone()) return;
    try {
      if (await lock.beat()) return file.wrote();
      logger.fatal('another giftdesk took over this database; stopping');
    } catch (error) {
      // The disk full or the file read-only: the claim is still this instance's, and writes work again once the cause is gone.
      if (file.failedToWrite(error)) return;
      logger.fatal({ err: error instanceof Error ? error.message : String(error) }, 'could not keep this instance\'s claim on the database; stopping');
    }
    io.onClaimLost();
  };
  const timer = setInterval(() => {
    beating ??= beat().finally(() => {
      beating = null;
    });
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    stores: sqliteStores({ db, clock, beforeClaim: file.beforeClaim }),
    roles: exclusiveRoles({ instance: io.instance, host: hostname(), pid: process.pid, since: clock.now() }),
    async close() {
      clearInterval(timer);
      await beating;
      // A file that cannot be written must not keep the database open: the stop goes on.
      await lock.release().catch((error: unknown) => {
        if (!file.failedToWrite(error)) throw error;
      });
      await file.close();
      closeDb(db);
    },
  };
}

/** A database belongs to one provider: one recorded for another stops the start, after closing what was opened. */
async function checkProvider(
  identity: ProviderIdentityStore,
  providerBaseUrl: string,
  name: string,
  newDatabase: string | undefined,
  logger: Logger,
  close: () => Promise<void>,
): Promise<void> {
  const check = await identity.claim(providerBaseUrl);
  if (check.kind === 'other') {
    await close();
    throw new StartupError(describeProviderMismatch(check, name, newDatabase), 2);
  }
  if (check.kind === 'recorded') logger.info({ provider: check.provider, database: name }, 'database recorded for this provider');
}
