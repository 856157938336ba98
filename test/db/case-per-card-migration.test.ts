import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { databaseBefore } from '../support/older-database.js';

const TAG = 'case_per_card';

describe('the case-per-card migration', () => {
  const dirs: string[] = [];
  const opened: Db[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('keeps every case of a database in use as a case of the whole order, still one open per order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-migration-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    const insert = sqlite.prepare(
      'insert into code_cases (order_id, orderer_id, reported_by, reason, note, state, provider_order_id, opened_at, updated_at) values (?, 1001, 1001, ?, null, ?, 500, 1700000000000, 1700000000000)',
    );
    insert.run(7, 'invalid', 'open');
    insert.run(8, 'used', 'closed');
    sqlite.close();
    const db = openDb(path);
    opened.push(db);
    const client = db.$client;
    expect(client.prepare('select order_id, card, state from code_cases order by id').all()).toEqual([
      { order_id: 7, card: null, state: 'open' },
      { order_id: 8, card: null, state: 'closed' },
    ]);
    // The old open case still stands for its whole order: a second one of the whole order is refused by the index.
    const again = client.prepare("insert into code_cases (order_id, card, orderer_id, reported_by, reason, state, opened_at, updated_at) values (7, ?, 1001, 1001, 'other', 'open', 1, 1)");
    expect(() => again.run(null)).toThrow(/UNIQUE/);
    // Cards of an order are told apart: card 1 and card 2 each hold one open case.
    const card = client.prepare("insert into code_cases (order_id, card, orderer_id, reported_by, reason, state, opened_at, updated_at) values (9, ?, 1001, 1001, 'other', 'open', 1, 1)");
    card.run(1);
    card.run(2);
    expect(() => card.run(1)).toThrow(/UNIQUE/);
  });
});
