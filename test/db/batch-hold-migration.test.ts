import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { databaseBefore } from '../support/older-database.js';

const TAG = 'batch_held_product_hidden';

describe('the migration that lets a batch be held for a hidden product', () => {
  const dirs: string[] = [];
  const opened: Db[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('keeps every batch of a database in use, with its indexes and the orders that point at it, and takes the new reason', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-migration-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    sqlite
      .prepare(
        `insert into batches (key, requester_id, chat_id, source, plan, total, state, held_reason, next_index, created_at, updated_at)
         values ('k-1', 11, 11, 'quantity', '[]', 500, 'held', 'price-changed', 2, 1700000000000, 1700000001000)`,
      )
      .run();
    sqlite
      .prepare(
        `insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, sandbox, created_at, updated_at, batch_id, batch_index)
         values (11, 11, 'k-1:0', 'f', '[]', 250, 'completed', 1, 1700000000000, 1700000000000, 1, 0)`,
      )
      .run();
    sqlite.close();

    const db = openDb(path);
    opened.push(db);
    const client = db.$client;
    expect(client.prepare('select key, state, held_reason as heldReason, next_index as nextIndex from batches').all()).toEqual([
      { key: 'k-1', state: 'held', heldReason: 'price-changed', nextIndex: 2 },
    ]);
    expect(client.prepare('select batch_id as batchId from orders').all()).toEqual([{ batchId: 1 }]);
    // Later migrations may add indexes of their own: these three must survive the rebuild.
    expect(client.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'batches' and name like 'batches_%' order by name").all()).toEqual(
      expect.arrayContaining([{ name: 'batches_key_idx' }, { name: 'batches_requester_file_idx' }, { name: 'batches_state_idx' }]),
    );
    client.prepare("update batches set held_reason = 'product-hidden'").run();
    expect(() => client.prepare("update batches set held_reason = 'no-such-reason'").run()).toThrow(/CHECK/);
    expect(client.pragma('foreign_key_check')).toEqual([]);
  });
});
