import { hostname } from 'node:os';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { ProcessProbe } from '../process-probe.js';
import { createPostgresRoles } from '../db/postgres/role-lock.js';
import type { Roles } from '../db/roles.js';
import { closePostgres, openPostgres, PostgresConnectionError, type PgDb } from '../db/postgres/open.js';
import { maskedUrl } from '../db/postgres/url.js';
import { createProviderIdentity, type ProviderIdentityStore } from '../db/provider-identity.js';
import { databaseOf } from '../db/seam/database-of.js';
import type { Stores } from '../db/stores.js';
import { StartupError } from './startup-error.js';

/** What opening storage needs from the process: its clock and logger, its name as a claimant, and who to tell when the claim is lost. */
export interface StorageIo {
  clock: Clock;
  logger: Logger;
  owner: string;
  /** This instance's id (INSTANCE_ID), recorded with the roles it holds. */
  instance: string;
  probe: ProcessProbe;
  onClaimLost: (exitCode?: number) => void;
  /** PostgreSQL: this instance's presence was lost with its connection; onClaimLost when not given. */
  onDatabaseLost?: (error: Error) => void;
}

/**
 * PostgreSQL at DATABASE_URL, opened and migrated. Several instances may
 * run on one database: what only one may do at a time is a role
 * (src/db/postgres/role-lock.ts), taken by whoever the app asks for it. A
 * URL that cannot be used stops the start with exit 2 and a message naming
 * host and database, never the password.
 */
export async function openPostgresStorage(
  url: string,
  io: StorageIo,
  /** `ownerLock`: the roles' owner lock, for the stores to record on what this instance works on. */
  storesOf: (db: PgDb, ownerLock: number | null) => Stores,
): Promise<{ stores: Stores; identity: ProviderIdentityStore; roles: Roles; name: string; close: () => Promise<void> }> {
  const name = maskedUrl(url);
  let db: PgDb;
  try {
    db = await openPostgres(url, { logger: io.logger, applicationName: applicationNameOf(io.instance) });
  } catch (error) {
    if (error instanceof PostgresConnectionError) throw new StartupError(`DATABASE_URL: ${error.message}`, 2);
    throw error;
  }
  let roles: Roles;
  try {
    roles = await createPostgresRoles(db.$client, {
      instance: io.instance,
      host: hostname(),
      pid: process.pid,
      now: () => io.clock.now(),
      // Others now take this instance for dead and may repair what it is doing: it must stop.
      onPresenceLost: (error) => {
        if (io.onDatabaseLost) return io.onDatabaseLost(error);
        io.logger.fatal({ err: error.message }, 'the connection saying this instance is alive was lost; stopping');
        io.onClaimLost();
      },
    });
  } catch (error) {
    await closePostgres(db);
    throw error;
  }
  return {
    stores: storesOf(db, roles.ownerLock),
    identity: createProviderIdentity({ database: databaseOf(db), clock: io.clock }),
    roles,
    name,
    async close() {
      // Each end logged (debug), as the application's parts are: a stop that hangs names what it waits for.
      const began = io.clock.now();
      await roles.close();
      io.logger.debug({ part: 'roles', ms: io.clock.now() - began }, 'stopped');
      await closePostgres(db);
      io.logger.debug({ part: 'pool', ms: io.clock.now() - began }, 'stopped');
    },
  };
}

/**
 * What pg_stat_activity shows for this instance's pooled sessions; its role
 * and presence connections add what they hold (role-lock.ts). PostgreSQL
 * keeps 63 bytes of it.
 */
function applicationNameOf(instance: string): string {
  return `giftdesk ${instance}`.slice(0, 63);
}
