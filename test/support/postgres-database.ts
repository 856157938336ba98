import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/**
 * Databases on the run's PostgreSQL server (started by postgres-server.ts):
 * each test file takes fresh ones, dropped once the file's tests are done.
 */

/** A URL on the run's server, as the superuser `postgres` (trusted, no password) unless `user` is given. */
export function postgresUrl(database: string, user = 'postgres', password?: string): string {
  const credentials = password === undefined ? encodeURIComponent(user) : `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  return `postgresql://${credentials}@/${encodeURIComponent(database)}?host=${encodeURIComponent(inject('postgresSocketDir'))}`;
}

/** Runs statements as the superuser on the server's maintenance database. */
export async function asSuperuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const created: string[] = [];

afterAll(async () => {
  const names = created.splice(0);
  if (names.length === 0) return;
  await asSuperuser(async (client) => {
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  });
});

/** Creates an empty database (named after `name`, made unique) and returns its URL; dropped after the file's tests. */
export async function freshDatabase(name = 'test'): Promise<string> {
  const database = `${name.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 40)}_${randomBytes(4).toString('hex')}`;
  await asSuperuser((client) => client.query(`create database "${database}"`));
  created.push(database);
  return postgresUrl(database);
}
