import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../support/older-database.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';

const TAG = 'viewer_role_and_people';

describe('the viewer role migration', () => {
  const dirs: string[] = [];
  const opened: Db[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  function oldDatabase(): string {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-migration-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    const insert = sqlite.prepare('insert into staff (telegram_id, role, source, added_by, locale, created_at) values (?, ?, ?, ?, ?, ?)');
    insert.run(10, 'admin', 'env', null, 'fa', 1_700_000_000_000);
    insert.run(20, 'staff', 'chat', 10, null, 1_700_000_001_000);
    sqlite.prepare("insert into audit_log (at, actor_id, action) values (?, ?, 'ordering.paused')").run(1_700_000_002_000, 10);
    sqlite.close();
    return path;
  }

  function upgraded(path: string): Db {
    const db = openDb(path);
    opened.push(db);
    return db;
  }

  it('keeps every staff row of a database in use, with its role, source, locale and date', () => {
    const db = upgraded(oldDatabase());
    const rows = db.$client.prepare('select telegram_id, role, source, added_by, locale, created_at from staff order by telegram_id').all();
    expect(rows).toEqual([
      { telegram_id: 10, role: 'admin', source: 'env', added_by: null, locale: 'fa', created_at: 1_700_000_000_000 },
      { telegram_id: 20, role: 'staff', source: 'chat', added_by: 10, locale: null, created_at: 1_700_000_001_000 },
    ]);
  });

  it('accepts the viewer role afterwards and still refuses an unknown role, source or locale', () => {
    const db = upgraded(oldDatabase());
    const insert = db.$client.prepare('insert into staff (telegram_id, role, source, created_at) values (?, ?, ?, 1)');
    insert.run(30, 'viewer', 'chat');
    expect(() => insert.run(31, 'owner', 'chat')).toThrow(/CHECK constraint failed/);
    expect(() => insert.run(32, 'staff', 'file')).toThrow(/CHECK constraint failed/);
    expect(() => db.$client.prepare("update staff set locale = 'de' where telegram_id = 30").run()).toThrow(/CHECK constraint failed/);
  });

  it('keeps the audit rows and gives them an empty subject', () => {
    const db = upgraded(oldDatabase());
    expect(db.$client.prepare('select actor_id, action, subject_id from audit_log').all()).toEqual([
      { actor_id: 10, action: 'ordering.paused', subject_id: null },
    ]);
  });
});
