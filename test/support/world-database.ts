import Database from 'better-sqlite3';
import pg from 'pg';
import { freshDatabase } from './postgres-database.js';

/**
 * The database an end-to-end world's bot runs on, as the test reads it
 * behind the bot's back: SQLite through a second, read-only connection,
 * PostgreSQL through a client of its own. Times come back as epoch
 * milliseconds on both, so that one assertion reads either.
 */
export interface WorldDatabase {
  kind: 'sqlite' | 'postgresql';
  /** What the bot is given: DATABASE_PATH or DATABASE_URL. */
  env: Record<string, string>;
  /** Rows of a query written for both databases: `?` placeholders, column names as stored. */
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Changes rows behind the bot's back (a record back-dated); on SQLite only while the bot is stopped. */
  change(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** `postgresUrl`: a database of the test's own choosing (on a server it stops and starts), instead of a fresh one on the run's server. */
export async function worldDatabase(kind: 'sqlite' | 'postgresql', sqlitePath: string, postgresUrl?: string): Promise<WorldDatabase> {
  if (kind === 'sqlite') {
    return {
      kind,
      env: { DATABASE_PATH: sqlitePath },
      async rows<T>(sql: string, params: unknown[] = []) {
        const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
        try {
          return db.prepare(sql).all(...params) as T[];
        } finally {
          db.close();
        }
      },
      async change(sql: string, params: unknown[] = []) {
        const db = new Database(sqlitePath, { fileMustExist: true });
        try {
          db.prepare(sql).run(...params);
        } finally {
          db.close();
        }
      },
      close: async () => undefined,
    };
  }
  const url = postgresUrl ?? (await freshDatabase('e2e'));
  const pool = new pg.Pool({ connectionString: url, max: 2, types: { getTypeParser: sqliteLikeValues } as pg.CustomTypesConfig });
  // The database is dropped with force when the file ends, maybe before the world closes this pool:
  // an idle client's connection then ends under it, which pg reports here rather than to a query.
  pool.on('error', () => undefined);
  return {
    kind,
    env: { DATABASE_URL: url },
    async rows<T>(sql: string, params: unknown[] = []) {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return (await pool.query(text, params)).rows as T[];
    },
    async change(sql: string, params: unknown[] = []) {
      let n = 0;
      await pool.query(sql.replace(/\?/g, () => `$${++n}`), params);
    },
    close: () => pool.end(),
  };
}

const INT8 = 20;
const TIMESTAMPTZ = 1184;

/** bigint as a number and times as epoch milliseconds, as SQLite hands them over. */
function sqliteLikeValues(oid: number, format?: 'text' | 'binary') {
  if (oid === INT8) return (value: string) => Number(value);
  if (oid === TIMESTAMPTZ) {
    const asDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date;
    return (value: string) => asDate(value).getTime();
  }
  return pg.types.getTypeParser(oid, format as 'text');
}
