import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { parse } from 'pg-connection-string';
import pg from 'pg';
import { projectFile } from '../../project-files.js';
import * as schema from './schema.js';
import { describeTarget, maskedUrl, passwordWritten, PostgresConnectionError, type PostgresTarget } from './url.js';

export { describeTarget, maskedUrl, PostgresConnectionError, type PostgresConnectionProblem, type PostgresTarget } from './url.js';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** In the checkout, so that neither the working directory nor the bundling of the built program matters. */
const MIGRATIONS_FOLDER = projectFile('migrations', 'postgres');

/** The oldest server accepted: 14 is the oldest PostgreSQL its project still supports. */
const MINIMUM_SERVER_VERSION = 140000;

/**
 * The session advisory lock held while migrating, so that two processes
 * starting together on one database do not both migrate: the second waits,
 * then finds nothing left to apply. A constant of our own ("giftdesk"
 * spelled as bytes), in the bigint key space that other applications
 * sharing the database are unlikely to pick.
 */
const MIGRATION_LOCK_KEY = '7451613421063202155';

export interface OpenPostgresOptions {
  logger?: { info: (fields: object, message: string) => void; warn: (fields: object, message: string) => void };
  /** Connections in the pool (pg's default is 10). */
  maxConnections?: number;
  /** Shown in pg_stat_activity beside each of the pool's sessions, so an operator can tell whose they are. */
  applicationName?: string;
}

/**
 * Connects to PostgreSQL at `url` (libpq-style URL; `sslmode`, `host=` for
 * a Unix socket and the other parameters pg reads all apply), refuses a
 * server older than 14, and brings the schema up to date under an advisory
 * lock. Resolves to a drizzle database over a pool; close it with
 * closePostgres.
 */
export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<PgDb> {
  const target = describeTarget(url);
  // A connection that cannot be made within seconds is an outage, not a wait: the caller hears of it (run-app.ts).
  const pool = new pg.Pool({ connectionString: url, application_name: options.applicationName, max: options.maxConnections ?? 10, connectionTimeoutMillis: 10_000, keepAlive: true });
  // An idle connection the server drops must not crash the process: pg then emits 'error' on the pool.
  pool.on('error', (error) => options.logger?.warn({ err: scrub(error.message, url) }, 'a pooled PostgreSQL connection failed'));
  // pg-pool listens for the errors of idle connections only: one checked out (a transaction between two
  // statements) that the server ends would emit an error nobody hears, and end the process. Its statement
  // fails all the same, so the caller learns of it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect().catch((error: unknown) => {
      throw connectionError(error, target, url);
    });
    try {
      const version = await client.query<{ server_version_num: string; server_version: string }>(
        "select current_setting('server_version_num') as server_version_num, current_setting('server_version') as server_version",
      );
      const row = version.rows[0];
      if (!row || Number(row.server_version_num) < MINIMUM_SERVER_VERSION) {
        throw new PostgresConnectionError('too-old', target, `the server runs PostgreSQL ${row?.server_version ?? 'of an unknown version'}; giftdesk needs 14 or newer`);
      }
      await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      try {
        // The migrator runs on this very connection, inside the lock.
        await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
      }
      options.logger?.info({ database: maskedUrl(url), serverVersion: row.server_version }, 'PostgreSQL schema up to date');
      await warnIfEveryRoleConnects(client, options.logger);
    } finally {
      client.release();
    }
    return drizzle(pool, { schema });
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/**
 * Any role that can connect can take advisory locks and read pg_locks: the
 * keys giftdesk holds for its roles are secret (role-lock.ts) and its
 * transaction locks are rows only its own role may lock (private-locks.ts),
 * but a database every role may connect to is still one more door. The
 * operations guide says what to revoke.
 */
async function warnIfEveryRoleConnects(client: pg.PoolClient, logger: OpenPostgresOptions['logger']): Promise<void> {
  const { rows } = await client.query<{ open: boolean; db: string }>("select has_database_privilege('public', current_database(), 'CONNECT') as open, current_database() as db");
  if (rows[0]?.open) {
    logger?.warn(
      { database: rows[0].db },
      `every PostgreSQL role may connect to this database; allow only giftdesk's: revoke connect on database "${rows[0].db}" from public; grant connect on database "${rows[0].db}" to <giftdesk's role>`,
    );
  }
}

/**
 * Whether the server at `url` takes a connection and answers a query now,
 * within a few seconds: asked every second while the database is away
 * (run-app.ts), before anything heavier is tried.
 */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  // A failure after connecting is emitted, not thrown: without a listener it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** How long closing waits for connections still checked out: one whose server went away may never be given back. */
const CLOSE_WITHIN_MS = 5_000;

export async function closePostgres(db: PgDb): Promise<void> {
  if (db.$client.ended) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    // Not unref'd: while the pool's end is pending, this timer may be all that keeps the process waiting for it.
    timer = setTimeout(resolve, CLOSE_WITHIN_MS);
  });
  await Promise.race([db.$client.end(), late]).finally(() => clearTimeout(timer));
}

/** What pg reports while connecting, as one error that says what to fix. */
function connectionError(error: unknown, target: PostgresTarget, url: string): PostgresConnectionError {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const reason = scrub(message ?? String(error), url);
  switch (code) {
    case 'ECONNREFUSED':
    case 'ENOENT': // no Unix socket at that path
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case '57P03': // the server is starting up or shutting down
      return new PostgresConnectionError('unreachable', target, `the server cannot be reached (${reason})`);
    case '28P01': // invalid_password
    case '28000': // invalid_authorization_specification (no pg_hba.conf entry, unknown role)
      return new PostgresConnectionError('authentication', target, `the server refused the credentials (${reason})`);
    case '3D000': // invalid_catalog_name
      return new PostgresConnectionError('missing-database', target, `the database does not exist (${reason}); create it first`);
    default:
      return new PostgresConnectionError('other', target, reason);
  }
}

/** Removes the URL's password from a message, should a driver or server ever echo it. */
function scrub(message: string, url: string): string {
  let password: string | undefined;
  try {
    password = parse(url).password ?? undefined;
  } catch {
    password = undefined;
  }
  // As pg read it, and as written: a password holding '?' or '@' is read differently from how it was typed.
  let scrubbed = message.split(url).join(maskedUrl(url));
  for (const secret of [password, passwordWritten(url)]) if (secret) scrubbed = scrubbed.split(secret).join('***');
  return scrubbed;
}

/** A transaction on a PgDb, as drizzle hands it to `db.transaction`'s callback. */
export type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/** The database or a transaction on it: helpers that write audit rows or state join the caller's transaction. */
export type PgExec = PgDb | PgTx;
