import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { ProcessProbe } from '../process-probe.js';
import { AnotherInstanceError } from '../db/instance-lock.js';
import { claimPostgresInstance } from '../db/postgres/instance-lock.js';
import { closePostgres, openPostgres, PostgresConnectionError, type PgDb } from '../db/postgres/open.js';
import { createPostgresProviderIdentity } from '../db/postgres/provider-identity.js';
import { maskedUrl } from '../db/postgres/url.js';
import type { ProviderIdentityStore } from '../db/provider-identity.js';
import type { Stores } from '../db/stores.js';
import { StartupError } from './startup-error.js';

/** What opening storage needs from the process: its clock and logger, its name as a claimant, and who to tell when the claim is lost. */
export interface StorageIo {
  clock: Clock;
  logger: Logger;
  owner: string;
  probe: ProcessProbe;
  onClaimLost: () => void;
}

/**
 * PostgreSQL at DATABASE_URL, opened, migrated and claimed for this
 * process through the database itself (an advisory lock held on a
 * connection of its own: when this process dies, the claim goes with its
 * connection). A URL that cannot be used stops the start with exit 2 and a
 * message naming host and database, never the password.
 */
export async function openPostgresStorage(
  url: string,
  io: StorageIo,
  storesOf: (db: PgDb) => Stores,
): Promise<{ stores: Stores; identity: ProviderIdentityStore; name: string; close: () => Promise<void> }> {
  const name = maskedUrl(url);
  let db: PgDb;
  try {
    db = await openPostgres(url, { logger: io.logger });
  } catch (error) {
    if (error instanceof PostgresConnectionError) throw new StartupError(`DATABASE_URL: ${error.message}`, 2);
    throw error;
  }
  let claim: Awaited<ReturnType<typeof claimPostgresInstance>>;
  try {
    claim = await claimPostgresInstance(db.$client, {
      owner: io.owner,
      onLost: (error) => {
        io.logger.fatal({ err: error.message }, 'the connection holding this instance\'s claim on the database was lost; stopping');
        io.onClaimLost();
      },
    });
  } catch (error) {
    await closePostgres(db);
    if (error instanceof AnotherInstanceError) throw new StartupError(error.message, 1);
    throw error;
  }
  return {
    stores: storesOf(db),
    identity: createPostgresProviderIdentity({ db, clock: io.clock }),
    name,
    async close() {
      await claim.release();
      await closePostgres(db);
    },
  };
}
