import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { databaseBefore } from '../support/older-database.js';

const TAG = 'batch_approval_expiry';
const DAY_MS = 86_400_000;

describe('the migration that lets a batch waiting for an administrator expire', () => {
  const dirs: string[] = [];
  const opened: Db[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('keeps every batch with its orders and card locations, gives the ones already waiting a day from their Confirm, and takes the new state', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-migration-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    const insert = sqlite.prepare(
      `insert into batches (key, requester_id, chat_id, source, plan, total, state, next_index, created_at, updated_at)
       values (?, 11, 11, 'quantity', '[]', 500, ?, 0, 1700000000000, ?)`,
    );
    insert.run('waits', 'waiting-approval', 1_700_000_005_000);
    insert.run('runs', 'running', 1_700_000_006_000);
    sqlite
      .prepare(
        `insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, sandbox, created_at, updated_at, batch_id, batch_index)
         values (11, 11, 'runs:0', 'f', '[]', 250, 'completed', 1, 1700000000000, 1700000000000, 2, 0)`,
      )
      .run();
    sqlite
      .prepare("insert into card_locations (kind, subject_id, chat_id, message_id, thread_id, created_at) values ('batch', 1, -100, 7, 3, 1700000005000)")
      .run();
    sqlite.close();

    const db = openDb(path);
    opened.push(db);
    const client = db.$client;
    expect(client.prepare('select key, state, approval_expires_at as expiresAt from batches order by id').all()).toEqual([
      { key: 'waits', state: 'waiting-approval', expiresAt: 1_700_000_005_000 + DAY_MS },
      { key: 'runs', state: 'running', expiresAt: null },
    ]);
    expect(client.prepare('select batch_id as batchId from orders').all()).toEqual([{ batchId: 2 }]);
    expect(client.prepare("select subject_id as batchId, message_id as messageId from card_locations where kind = 'batch'").all()).toEqual([{ batchId: 1, messageId: 7 }]);
    expect(client.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'batches' and name like 'batches_%' order by name").all()).toEqual([
      { name: 'batches_key_idx' },
      { name: 'batches_requester_file_idx' },
      { name: 'batches_state_expiry_idx' },
      { name: 'batches_state_idx' },
    ]);
    client.prepare("update batches set state = 'expired' where key = 'waits'").run();
    expect(() => client.prepare("update batches set state = 'no-such-state'").run()).toThrow(/CHECK/);
    expect(client.pragma('foreign_key_check')).toEqual([]);
  });
});
