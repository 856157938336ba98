import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';

describe('openDb', () => {
  const opened: Db[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  function tempPath(): string {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-db-'));
    dirs.push(dir);
    return join(dir, 'nested', 'folder', 'giftdesk.sqlite');
  }

  it('creates the missing folder and applies the migrations', () => {
    const db = openDb(tempPath());
    opened.push(db);
    const tables = db.$client
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(['orders', 'staff', 'products', 'audit_log']));
  });

  it('sets WAL, synchronous NORMAL, a busy timeout and foreign keys', () => {
    const db = openDb(tempPath());
    opened.push(db);
    const pragma = (name: string) => db.$client.pragma(name, { simple: true });
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('synchronous')).toBe(1);
    expect(pragma('busy_timeout')).toBeGreaterThanOrEqual(1000);
    expect(pragma('foreign_keys')).toBe(1);
  });

  it('opens an existing database again without reapplying migrations', () => {
    const path = tempPath();
    const first = openDb(path);
    first.$client.prepare("insert into app_state (key, value, updated_at) values ('k', 'v', 0)").run();
    closeDb(first);
    const second = openDb(path);
    opened.push(second);
    expect(second.$client.prepare("select value from app_state where key = 'k'").get()).toEqual({ value: 'v' });
  });

  it('does not depend on the working directory', () => {
    // A file, which always migrates: an in-memory database may copy an image migrated before the change of folder.
    const path = tempPath();
    const previous = process.cwd();
    process.chdir(tmpdir());
    try {
      const db = openDb(path);
      opened.push(db);
      expect(db.$client.prepare('select count(*) as n from orders').get()).toEqual({ n: 0 });
    } finally {
      process.chdir(previous);
    }
  });

  it('gives each in-memory database the schema a file gets, its own rows and the same connection settings', () => {
    const file = openDb(tempPath());
    const first = openDb(':memory:');
    const second = openDb(':memory:');
    opened.push(file, first, second);
    const schemaOf = (db: Db) => db.$client.prepare("select type, name, sql from sqlite_master order by type, name").all();
    expect(schemaOf(first)).toEqual(schemaOf(file));
    expect(first.$client.prepare('select hash, created_at from __drizzle_migrations order by id').all()).toEqual(
      file.$client.prepare('select hash, created_at from __drizzle_migrations order by id').all(),
    );
    first.$client.prepare("insert into app_state (key, value, updated_at) values ('k', 'v', 0)").run();
    expect(second.$client.prepare('select count(*) as n from app_state').get()).toEqual({ n: 0 });
    for (const db of [first, second]) {
      expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.$client.pragma('secure_delete', { simple: true })).toBe(1);
      expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(5000);
      // A rollback journal, kept in memory, as a fresh in-memory database has.
      expect(db.$client.pragma('journal_mode', { simple: true })).toBe('memory');
    }
  });

  it('rejects an unknown order state through its CHECK constraint', () => {
    const db = openDb(':memory:');
    opened.push(db);
    const insert = () =>
      db.$client
        .prepare(
          `insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, sandbox, created_at, updated_at)
           values (1, 1, 'k', 'f', '[]', 1, 'teleported', 0, 0, 0)`,
        )
        .run();
    expect(insert).toThrow(/CHECK constraint failed/);
  });
});
