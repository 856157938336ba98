import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { databaseBefore } from '../support/older-database.js';

const TAG = 'approval_withdrawn';

describe('the migration that lets an orderer withdraw an approval request', () => {
  const dirs: string[] = [];
  const opened: Db[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('keeps every request of a database in use, with its indexes and the cards that point at it, and takes the new state', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-migration-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    sqlite
      .prepare(
        `insert into approvals (requester_id, chat_id, confirm_key, lines, state, revision, created_at, updated_at, expires_at)
         values (11, 11, 'k-1', '[]', 'pending', 2, 1700000000000, 1700000001000, 1700003600000)`,
      )
      .run();
    sqlite.prepare('insert into approval_cards (approval_id, chat_id, message_id, created_at) values (1, 1, 77, 1700000000000)').run();
    sqlite.close();

    const db = openDb(path);
    opened.push(db);
    const client = db.$client;
    expect(client.prepare('select confirm_key as confirmKey, state, revision from approvals').all()).toEqual([{ confirmKey: 'k-1', state: 'pending', revision: 2 }]);
    expect(client.prepare("select subject_id as approvalId, message_id as messageId from card_locations where kind = 'order'").all()).toEqual([{ approvalId: 1, messageId: 77 }]);
    expect(client.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'approvals' and name like 'approvals_%' order by name").all()).toEqual([
      { name: 'approvals_confirm_key_idx' },
      { name: 'approvals_state_expiry_idx' },
    ]);
    client.prepare("update approvals set state = 'withdrawn'").run();
    expect(() => client.prepare("update approvals set state = 'no-such-state'").run()).toThrow(/CHECK/);
    expect(client.pragma('foreign_key_check')).toEqual([]);
  });
});
