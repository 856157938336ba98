import { parse } from 'pg-connection-string';

/**
 * What a PostgreSQL URL names, read without connecting: kept apart from
 * open.ts so that the configuration can check and mask a URL without
 * loading the driver.
 */

/** Where a URL points, as pg (through pg-connection-string) will read it: never the password. */
export interface PostgresTarget {
  host: string;
  port: number;
  database: string;
  user: string;
}

export function describeTarget(url: string): PostgresTarget {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(url);
  } catch {
    throw new PostgresConnectionError('invalid-url', { host: '?', port: 5432, database: '?', user: '?' }, `the URL cannot be read: ${maskedUrl(url)}`);
  }
  const user = parsed.user || process.env.PGUSER || process.env.USER || 'postgres';
  return {
    host: parsed.host || process.env.PGHOST || 'localhost',
    port: Number(parsed.port || process.env.PGPORT || 5432),
    database: parsed.database || process.env.PGDATABASE || user,
    user,
  };
}

/**
 * The URL with its password replaced by *** (in the authority and in a
 * `password=` parameter), for logs and the effective configuration.
 */
export function maskedUrl(url: string): string {
  // Up to the last '@': a password typed raw may hold '@', '?', '/' or '#', and the host never holds '@'.
  // Should a parameter after the host hold an '@', more is masked than needed, never less.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):.*@/is, '$1:***@').replace(/([?&]password=)[^&#]*/gi, '$1***');
}

/** The password as written in the URL's authority (raw, up to the last '@'), or null. */
export function passwordWritten(url: string): string | null {
  return /^[a-z][a-z0-9+.-]*:\/\/[^:@/?#]*:(.*)@/is.exec(url)?.[1] || null;
}

export type PostgresConnectionProblem = 'invalid-url' | 'unreachable' | 'authentication' | 'missing-database' | 'too-old' | 'other';

/**
 * PostgreSQL cannot be used: unreachable, refused the credentials, has no
 * such database, or is too old. The message names host, port and
 * database, never the password.
 */
export class PostgresConnectionError extends Error {
  override name = 'PostgresConnectionError';
  constructor(
    readonly problem: PostgresConnectionProblem,
    readonly target: PostgresTarget,
    reason: string,
  ) {
    super(`cannot use PostgreSQL at ${target.host}:${target.port}, database ${target.database} (user ${target.user}): ${reason}`);
  }
}
