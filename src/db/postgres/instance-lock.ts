import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { AnotherInstanceError } from '../instance-lock.js';

/** The name the lock's key is derived from; every giftdesk on a database derives the same key. */
const LOCK_NAME = 'giftdesk.instance';
/** Where the holder says who it is, so that a refused instance can name it. */
const HOLDER_KEY = 'instance.holder';

/**
 * The advisory lock key: the first 8 bytes of SHA-256 of LOCK_NAME as a
 * signed 64-bit integer (PostgreSQL's bigint), as a decimal string.
 */
export const INSTANCE_LOCK_KEY = BigInt.asIntN(64, createHash('sha256').update(LOCK_NAME).digest().readBigUInt64BE(0)).toString();

/** Who holds the database, as the holder wrote it in app_state. */
export interface PostgresInstanceHolder {
  owner: string;
  host: string;
  pid: number;
  /** The server process of the holder's connection (pg_backend_pid()). */
  backendPid: number;
}

export interface PostgresInstanceClaim {
  readonly holder: PostgresInstanceHolder;
  /** True once the holding connection is gone: the lock went with it, and another instance may claim the database. */
  readonly lost: boolean;
  /** Unlocks, forgets the holder's record and closes the connection. Safe to call twice, and after the connection was lost. */
  release(): Promise<void>;
}

export interface ClaimPostgresInstanceOptions {
  owner: string;
  /** This process, as the refusal of another instance names it; os.hostname() and process.pid unless given. */
  host?: string;
  pid?: number;
  /** Told once when the holding connection fails or the server ends it: this instance no longer holds the database. */
  onLost?: (error: Error) => void;
  /** How long a refused claimant waits for the winner to record itself before naming what it can. */
  holderWaitMs?: number;
}

/**
 * One giftdesk per PostgreSQL database, kept by the database itself: a
 * session-level advisory lock (pg_try_advisory_lock) on a connection of
 * its own, opened with the pool's settings and held until release(). When
 * the process dies, or the server ends that connection, the lock goes with
 * it and the next instance claims the database at once: there is no
 * heartbeat to wait out.
 *
 * A second claimant is refused with AnotherInstanceError naming the
 * holder's owner, host and pid (written to app_state by the holder while it
 * holds the lock). The lock is per session: it must reach PostgreSQL
 * directly or through a session-mode pooler, never a transaction-mode one.
 */
export async function claimPostgresInstance(pool: pg.Pool, options: ClaimPostgresInstanceOptions): Promise<PostgresInstanceClaim> {
  const client = new pg.Client(pool.options);
  let lost = false;
  let released = false;
  // A failure of an idle client is emitted, not thrown: without a listener it would end the process.
  client.on('error', (error) => {
    if (lost || released) return;
    lost = true;
    options.onLost?.(error);
  });
  client.on('end', () => {
    if (lost || released) return;
    lost = true;
    options.onLost?.(new Error('the connection holding the instance lock ended'));
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean; backend: number }>(
      'select pg_try_advisory_lock($1::bigint) as locked, pg_backend_pid() as backend',
      [INSTANCE_LOCK_KEY],
    );
    const row = rows[0]!;
    if (!row.locked) throw new AnotherInstanceError(await refusal(client, options.holderWaitMs ?? 2_000));
    const holder: PostgresInstanceHolder = { owner: options.owner, host: options.host ?? hostname(), pid: options.pid ?? process.pid, backendPid: row.backend };
    await client.query(
      `insert into app_state (key, value, updated_at) values ($1, $2, now())
       on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
      [HOLDER_KEY, JSON.stringify(holder)],
    );
    return {
      holder,
      get lost() {
        return lost;
      },
      async release() {
        if (released) return;
        released = true;
        if (!lost) {
          try {
            await client.query('delete from app_state where key = $1 and value::jsonb @> $2::jsonb', [HOLDER_KEY, JSON.stringify({ backendPid: holder.backendPid })]);
            await client.query('select pg_advisory_unlock($1::bigint)', [INSTANCE_LOCK_KEY]);
          } catch {
            // The connection failed meanwhile: closing it frees the lock all the same.
          }
        }
        await client.end().catch(() => undefined);
      },
    };
  } catch (error) {
    released = true;
    await client.end().catch(() => undefined);
    throw error;
  }
}

/**
 * Why the claim is refused, naming the holder. The server says which
 * connection holds the lock (pg_locks); the holder's record in app_state
 * says who is behind it, once the holder has written it: a claimant that
 * lost a race by a moment waits for the record rather than naming an
 * earlier run.
 */
async function refusal(client: pg.Client, waitMs: number): Promise<string> {
  const key = BigInt.asUintN(64, BigInt(INSTANCE_LOCK_KEY));
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await client.query<{ backend: number | null; value: string | null }>(
      `select
         (select l.pid from pg_locks l
            where l.locktype = 'advisory' and l.granted and l.objsubid = 1
              and l.database = (select oid from pg_database where datname = current_database())
              and l.classid = $1::bigint::oid and l.objid = $2::bigint::oid
            limit 1) as backend,
         (select value from app_state where key = $3) as value`,
      [(key >> 32n).toString(), (key & 0xffffffffn).toString(), HOLDER_KEY],
    );
    const { backend, value } = rows[0] ?? { backend: null, value: null };
    const holder = value ? (JSON.parse(value) as PostgresInstanceHolder) : null;
    if (holder && (backend === null || holder.backendPid === backend)) {
      return `another giftdesk is running on this database: ${holder.owner} (host ${holder.host}, pid ${holder.pid}) holds it; stop it before starting this one`;
    }
    if (Date.now() >= deadline) {
      const who = backend === null ? 'another connection' : `the connection of server process ${backend}`;
      return `another giftdesk is running on this database: ${who} holds its instance lock and has not said who it is; stop it before starting this one`;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
