import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const DRIVERS = /from '(better-sqlite3|pg|drizzle-orm\/better-sqlite3|drizzle-orm\/node-postgres(?:\/[a-z-]+)?|drizzle-orm\/sqlite-proxy)'/;

/** The storage seam: the one room meant to talk to the database drivers. */
const SEAM = /^db\/seam\//;

/**
 * The other files that import a driver today, each for a reason named here.
 * The list only shrinks: a store moving onto the seam leaves it, and a new
 * file that reaches for a driver fails this test.
 */
const ALLOWED_TODAY: Record<string, string> = {
  'db/open.ts': 'opens the SQLite file and migrates it; hands the connection to the seam',
  'db/postgres/open.ts': 'opens the pool, checks the server, migrates under a lock',
  'db/postgres/role-lock.ts': "session advisory locks on a pooled connection of their own (the instances' roles)",
  'db/backup.ts': "better-sqlite3's online backup",
  'db/copy-sandbox-state.ts': "db:copy copies the built-in sandbox's own SQLite file beside the database, through SQLite's backup",
  'db/copy-source.ts': 'db:copy reads a SQLite file as it is, without migrating it',
  'db/copy-to-postgres.ts': 'db:copy writes through one PostgreSQL connection in one transaction',
  'sandbox/state-file.ts': "the sandbox's own state file, not giftdesk's database",
};

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('who talks to the database drivers', () => {
  it('is the storage seam, and beside it only the files named with their reason', () => {
    const importers = sources(SRC)
      .filter((path) => DRIVERS.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((path) => !SEAM.test(path))
      .sort();
    expect(importers).toEqual(Object.keys(ALLOWED_TODAY).sort());
  });
});
