import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL server: a fresh cluster in a temporary folder
 * listening only on a Unix socket there, with durability off (fsync,
 * synchronous_commit, full_page_writes): it holds test or benchmark data
 * only. It takes under a second (initdb and start). The vitest global
 * set-up (postgres-server.ts) and the benchmarks outside vitest start it.
 *
 * PostgreSQL refuses to run as root, so as root (CI, the machines here)
 * initdb and pg_ctl run as the `postgres` user that Debian's package
 * creates; otherwise as the current user.
 *
 * Authentication: trust for the `postgres` superuser, a password (SCRAM)
 * for every other role, so that a wrong password can be tested.
 */

export interface PostgresCluster {
  root: string;
  data: string;
  bin: string;
}

export function startPostgresCluster(): PostgresCluster {
  const bin = findServerBinaries();
  const root = mkdtempSync(join(tmpdir(), 'giftdesk-pg-'));
  const data = join(root, 'data');
  if (isRoot()) chownSync(root, postgresUid(), postgresGid());
  try {
    run(asServerUser(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions']), 'initdb');
    const hba = ['local all postgres trust', 'local all all scram-sha-256', ''].join('\n');
    writeFileSync(join(data, 'pg_hba.conf'), hba);
    const settings = [
      "listen_addresses=''",
      `unix_socket_directories='${root}'`,
      'fsync=off',
      'synchronous_commit=off',
      'full_page_writes=off',
      'max_connections=200',
    ];
    run(asServerUser(bin, 'pg_ctl', ['start', '-w', '-s', '-D', data, '-l', join(root, 'server.log'), '-o', settings.map((s) => `-c ${s}`).join(' ')]), 'pg_ctl start');
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { root, data, bin };
}

/** Stops the server at once (its data is thrown away) and removes its folder. */
export function stopPostgresCluster(server: PostgresCluster): void {
  asServerUser(server.bin, 'pg_ctl', ['stop', '-D', server.data, '-m', 'immediate', '-s']);
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

/** The folder holding initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<version>/bin (the newest). */
function findServerBinaries(): string {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (onPath[0]) return onPath[0];
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(debian, versions[0], 'bin');
  throw new Error(
    "The tests need a PostgreSQL server, and no initdb or pg_ctl was found on PATH or under /usr/lib/postgresql/*/bin. Install Debian's postgresql package (apt-get install postgresql); .ci/run does so on a fresh machine.",
  );
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function postgresUid(): number {
  return idOf('-u');
}

function postgresGid(): number {
  return idOf('-g');
}

function idOf(flag: '-u' | '-g'): number {
  const result = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const id = Number(result.stdout.trim());
  if (result.status !== 0 || !Number.isInteger(id)) {
    throw new Error(`PostgreSQL refuses to run as root, and there is no 'postgres' user to run it as (${userInfo().username}). Install Debian's postgresql package, which creates it.`);
  }
  return id;
}

/** Runs a server program as `postgres` when we are root (runuser), as ourselves otherwise. */
function asServerUser(bin: string, program: string, args: string[]): ReturnType<typeof spawnSync> {
  const path = join(bin, program);
  return isRoot()
    ? spawnSync('runuser', ['-u', 'postgres', '--', path, ...args], { encoding: 'utf8', cwd: tmpdir() })
    : spawnSync(path, args, { encoding: 'utf8', cwd: tmpdir() });
}

function run(result: ReturnType<typeof spawnSync>, what: string): void {
  if (result.status !== 0) {
    throw new Error(`${what} failed while starting a throwaway PostgreSQL server (status ${result.status}): ${String(result.stderr || result.error?.message || '').trim()}`);
  }
}
