import type pg from 'pg';
import { inject } from 'vitest';
import { asSuperuserAt, createDatabaseAt, postgresUrlAt } from './postgres-cluster.js';

/**
 * Databases on the run's PostgreSQL server (started by postgres-server.ts):
 * each test file takes fresh ones, dropped once the file's tests are done.
 */

/** A URL on the run's server, as the superuser `postgres` (trusted, no password) unless `user` is given. */
export function postgresUrl(database: string, user = 'postgres', password?: string): string {
  return postgresUrlAt(inject('postgresSocketDir'), database, user, password);
}

/** Runs statements as the superuser on the server's maintenance database. */
export function asSuperuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return asSuperuserAt(inject('postgresSocketDir'), work);
}

const created: string[] = [];

/**
 * Drops the databases the file now ending created (registered for every file
 * by per-file-hooks.ts). A pool a file ended closes its connections a moment
 * later: the drop waits for them, up to a second, before forcing the rest.
 */
export async function dropCreatedDatabases(): Promise<void> {
  const names = created.splice(0);
  if (names.length === 0) return;
  await asSuperuser(async (client) => {
    for (let tries = 0; tries < 50; tries += 1) {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = any($1)', [names]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  });
}

/** Creates an empty database (named after `name`, made unique) and returns its URL; dropped after the file's tests. */
export async function freshDatabase(name = 'test'): Promise<string> {
  const { database, url } = await createDatabaseAt(inject('postgresSocketDir'), name);
  created.push(database);
  return url;
}
