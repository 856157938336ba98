import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFileError } from '../../../src/db/database-file-error.js';
import { closeDb, openDb } from '../../../src/db/open.js';
import { databaseOf } from '../../../src/db/seam/database-of.js';

/** `query_only` answers SQLITE_READONLY as a read-only file does (root writes through file permissions). */
describe('the SQLite seam on a file that cannot be written', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

  function open() {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-seam-file-'));
    const path = join(dir, 'giftdesk.sqlite');
    const db = openDb(path);
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => closeDb(db));
    return { db, path, database: databaseOf(db) };
  }

  it('fails a statement with the file and the cause, not the statement and its parameters, and writes again once it can', async () => {
    const { db, path, database } = open();
    const { appState } = database.tables;
    db.$client.pragma('query_only = ON');

    const single = await database.q.insert(appState).values({ key: 'k', value: 'a private answer', updatedAt: new Date() }).catch((error: unknown) => error);
    const inTransaction = await database.transaction((tx) => tx.insert(appState).values({ key: 'k', value: 'a private answer', updatedAt: new Date() })).catch((error: unknown) => error);

    for (const error of [single, inTransaction]) {
      expect(error).toBeInstanceOf(DatabaseFileError);
      expect(error).toMatchObject({ path, trouble: 'read-only', code: 'SQLITE_READONLY' });
      expect(String(error)).not.toMatch(/a private answer|insert|params/);
    }
    db.$client.pragma('query_only = OFF');
    await database.q.insert(appState).values({ key: 'k', value: 'v', updatedAt: new Date() });
    expect(await database.q.select().from(appState)).toHaveLength(1);
  });
});
