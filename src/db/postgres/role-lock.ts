import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { newOwnerLockKey } from './owner-lock.js';
import type { RoleHolder, RoleLock, RoleName, Roles } from '../roles.js';

/**
 * Roles on PostgreSQL: each role is a session-level advisory lock
 * (pg_try_advisory_lock) on a connection of its own, opened with the pool's
 * settings plus TCP keepalive, and held until release(). When the holder
 * dies, or the server ends that connection, the lock goes with it and the
 * next instance's tryTake gets it: there is no heartbeat to wait out. The
 * holder records itself in app_state ('role.<name>') so that others can
 * name it. The lock is per session: it must reach PostgreSQL directly or
 * through a session-mode pooler, never a transaction-mode one.
 */

/**
 * Advisory keys are numbers any role that can connect may take: fixed ones
 * (a hash of a known name) could be held by another role to stall the
 * background work or the polling. So every key is derived from a secret of
 * this database's own, drawn once and kept in app_state, which only
 * giftdesk's role may read.
 */
const SALT_KEY = 'locks.salt';

/** This database's secret for lock keys, drawn at the first start (two first starts at once agree on the one written first). */
async function lockSalt(pool: pg.Pool): Promise<string> {
  const drawn = JSON.stringify(randomBytes(32).toString('hex'));
  await pool.query('insert into app_state (key, value, updated_at) values ($1, $2, now()) on conflict (key) do nothing', [SALT_KEY, drawn]);
  const { rows } = await pool.query<{ value: string }>('select value from app_state where key = $1', [SALT_KEY]);
  return JSON.parse(rows[0]!.value) as string;
}

/** A lock key: the first 8 bytes of HMAC-SHA-256 of its name under the salt, as a signed bigint in decimal. */
function lockKey(salt: string, name: string): string {
  return BigInt.asIntN(64, createHmac('sha256', salt).update(name).digest().readBigUInt64BE(0)).toString();
}

/** The lock key of a role. */
function roleLockKey(name: RoleName, salt: string): string {
  return lockKey(salt, `giftdesk.role.${name}`);
}

const recordKey = (name: RoleName) => `role.${name}`;

/** The pool's application name with what this connection holds: pg_stat_activity tells an operator which session is which. */
function sessionName(pool: pg.Pool, holds: string): string {
  const base = (pool.options as { application_name?: string }).application_name ?? 'giftdesk';
  return `${base} ${holds}`.slice(0, 63);
}

/**
 * The fence: a held role's connection is asked to answer this often, and a
 * role whose connection has not answered for FENCE_MS counts as lost here
 * (its work stops: the poller's held getUpdates is aborted). PostgreSQL ends
 * a session that stopped answering after about 10 s (SESSION_KEEPALIVE) and
 * another instance takes the role within ROLE_RETRY_MS after that, so the
 * holder cut off from the database stops well before anyone else can start:
 * two instances never poll Telegram at once, and no 409 is one of ours.
 */
const FENCE_BEAT_MS = 2_000;
const FENCE_MS = 4_000;
const FENCE_CHECK_MS = 250;

/**
 * Server-side keepalive on the role connection: PostgreSQL drops the session
 * (and the lock) within about ten seconds of a machine that vanished without
 * closing its socket, rather than after the operating system's two hours.
 */
const SESSION_KEEPALIVE = ['set tcp_keepalives_idle = 4', 'set tcp_keepalives_interval = 2', 'set tcp_keepalives_count = 3'];

interface PostgresRolesOptions {
  instance: string;
  host: string;
  pid: number;
  now?: () => number;
}

/**
 * The roles of one instance, and its presence: a shared advisory lock held
 * from here until close() on a connection of its own, so that others can
 * tell whether any other instance is alive (and may be in the middle of an
 * order). The same connection holds the instance's own owner lock
 * (owner-lock.ts), exclusive under a random key, which tells whether this
 * very instance is alive. Losing that connection is told through
 * `onPresenceLost`: the instance then no longer counts as alive, its orders
 * in flight may be repaired by another at once, and it must stop.
 */
export async function createPostgresRoles(pool: pg.Pool, options: PostgresRolesOptions & { onPresenceLost?: (error: Error) => void }): Promise<Roles> {
  const locks = new Map<RoleName, PostgresRoleLock>();
  const salt = await lockSalt(pool);
  // Every running instance holds this key shared: how many hold it says how many are alive.
  const presenceKey = lockKey(salt, 'giftdesk.presence');
  const presence = new pg.Client({ ...pool.options, application_name: sessionName(pool, 'presence'), keepAlive: true, keepAliveInitialDelayMillis: 2_000 });
  let closing = false;
  let told = false;
  let ownerLock = 0;
  const lost = (error: Error) => {
    if (closing || told) return;
    told = true;
    options.onPresenceLost?.(error);
  };
  presence.on('error', lost);
  presence.on('end', () => lost(new Error('the connection holding this instance\'s presence ended')));
  await presence.connect();
  try {
    for (const statement of SESSION_KEEPALIVE) await presence.query(statement).catch(() => undefined);
    await presence.query('select pg_advisory_lock_shared($1::bigint)', [presenceKey]);
    ownerLock = await takeOwnerLock(presence);
  } catch (error) {
    closing = true;
    await presence.end().catch(() => undefined);
    throw error;
  }
  const key = BigInt.asUintN(64, BigInt(presenceKey));
  /** The instances holding the presence key shared: this one and every other alive. */
  const liveInstances = async (): Promise<number> => {
    const { rows } = await pool.query<{ n: string }>(
      `select count(*) as n from pg_locks l
         where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and l.mode = 'ShareLock'
           and l.database = (select oid from pg_database where datname = current_database())
           and l.classid = $1::bigint::oid and l.objid = $2::bigint::oid`,
      [(key >> 32n).toString(), (key & 0xffffffffn).toString()],
    );
    // This instance's own presence is one of them, whatever the count says.
    return Math.max(1, Number(rows[0]?.n ?? 0));
  };
  return {
    exclusive: false,
    ownerLock,
    liveInstances,
    // This instance's own presence is one of the live ones.
    othersAlive: async () => (await liveInstances()) > 1,
    lock(name) {
      let lock = locks.get(name);
      if (!lock) locks.set(name, (lock = new PostgresRoleLock(pool, name, roleLockKey(name, salt), options)));
      return lock;
    },
    async close() {
      await Promise.allSettled([...locks.values()].map((lock) => lock.close()));
      closing = true;
      await presence.end().catch(() => undefined);
    },
  };
}

/** Draws random keys until one is free (a live instance drew the same one: a chance of one in 2^48), and holds it. */
async function takeOwnerLock(client: pg.Client): Promise<number> {
  for (;;) {
    const key = newOwnerLockKey();
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key]);
    if (rows[0]?.locked) return key;
  }
}

class PostgresRoleLock implements RoleLock {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private heldOn: pg.Client | null = null;
  private readonly listeners: Array<(error: Error) => void> = [];
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly name: RoleName,
    private readonly key: string,
    private readonly self: PostgresRolesOptions,
  ) {}

  get held(): boolean {
    return this.heldOn !== null;
  }

  onLost(listener: (error: Error) => void): void {
    this.listeners.push(listener);
  }

  async tryTake(): Promise<boolean> {
    if (this.closed) return false;
    if (this.heldOn) return true;
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [this.key]);
    if (!rows[0]?.locked) return false;
    const record: RoleHolder & { backendPid: number } = {
      instance: this.self.instance,
      host: this.self.host,
      pid: this.self.pid,
      since: (this.self.now ?? Date.now)(),
      backendPid: (client as pg.Client & { processID?: number }).processID ?? 0,
    };
    try {
      await client.query(
        `insert into app_state (key, value, updated_at) values ($1, $2, now())
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
        [recordKey(this.name), JSON.stringify(record)],
      );
    } catch (error) {
      // Without its record the role could not be named: give it back rather than hold it anonymously.
      await client.query('select pg_advisory_unlock($1::bigint)', [this.key]).catch(() => undefined);
      throw error;
    }
    this.heldOn = client;
    this.fence(client);
    return true;
  }

  async release(): Promise<void> {
    const client = this.heldOn;
    if (!client) return;
    this.heldOn = null;
    try {
      await client.query('delete from app_state where key = $1', [recordKey(this.name)]);
      await client.query('select pg_advisory_unlock($1::bigint)', [this.key]);
    } catch {
      // The connection failed meanwhile: closing it frees the lock all the same.
      this.discard(client);
    }
  }

  async holder(): Promise<RoleHolder | null> {
    // The server says whether some session holds the lock; the record says who, once written.
    const key = BigInt.asUintN(64, BigInt(this.key));
    const { rows } = await this.pool.query<{ backend: number | null; value: string | null }>(
      `select
         (select l.pid from pg_locks l
            where l.locktype = 'advisory' and l.granted and l.objsubid = 1
              and l.database = (select oid from pg_database where datname = current_database())
              and l.classid = $1::bigint::oid and l.objid = $2::bigint::oid
            limit 1) as backend,
         (select value from app_state where key = $3) as value`,
      [(key >> 32n).toString(), (key & 0xffffffffn).toString(), recordKey(this.name)],
    );
    const { backend, value } = rows[0] ?? { backend: null, value: null };
    if (backend === null) return null;
    const record = value ? (JSON.parse(value) as RoleHolder & { backendPid?: number }) : null;
    // A record left by an earlier holder whose connection died names the wrong instance: say only that someone holds it.
    if (!record || (record.backendPid !== undefined && record.backendPid !== backend)) return { instance: 'unknown', host: 'unknown', pid: 0, since: 0 };
    return { instance: record.instance, host: record.host, pid: record.pid, since: record.since };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.release();
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  /** The role's own connection, opened on first use and again after a failure. */
  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ ...this.pool.options, application_name: sessionName(this.pool, `role ${this.name}`), keepAlive: true, keepAliveInitialDelayMillis: 2_000 });
      // A failure of an idle client is emitted, not thrown: without a listener it would end the process.
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client, new Error(`the connection holding the ${this.name} role ended`)));
      try {
        await client.connect();
        for (const statement of SESSION_KEEPALIVE) await client.query(statement).catch(() => undefined);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Asks the holding connection to answer every FENCE_BEAT_MS while the role is held on it; silence for FENCE_MS is a loss. */
  private fence(client: pg.Client): void {
    let answeredAt = Date.now();
    let asking = false;
    const timer = setInterval(() => {
      if (this.heldOn !== client) return clearInterval(timer);
      if (Date.now() - answeredAt > FENCE_MS) {
        clearInterval(timer);
        return this.lost(client, new Error(`the connection holding the ${this.name} role has not answered for ${FENCE_MS / 1000} s`));
      }
      if (asking || Date.now() - answeredAt < FENCE_BEAT_MS) return;
      asking = true;
      client.query('select 1').then(
        () => {
          answeredAt = Date.now();
          asking = false;
        },
        () => {
          asking = false;
        },
      );
    }, FENCE_CHECK_MS);
    timer.unref();
  }

  private lost(client: pg.Client, error: Error): void {
    this.discard(client);
    if (this.heldOn !== client) return;
    this.heldOn = null;
    for (const listener of this.listeners) listener(error);
  }

  private discard(client: pg.Client): void {
    if (this.client === client) this.client = null;
    void client.end().catch(() => undefined);
  }
}
