import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createCardLocations } from '../../src/db/card-locations.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { databaseBefore, migrationsBefore } from '../support/older-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { freshDatabase } from '../support/postgres-database.js';

const TAG = 'card_locations';
const AT = 1_700_000_000_000;
const ADMIN = 7_000_000_001;
/** A supergroup's id, below -2^32 as Telegram gives them, and its approvals topic. */
const GROUP = -1_002_000_000_001;
const TOPIC = 3_000_000_005;

/** What both old tables held at the upgrade: a request's two cards and a batch's two, each in the order sent. */
const APPROVAL_CARDS = [
  [ADMIN, 77],
  [GROUP, 5_000_000_000],
] as const;
const BATCH_CARDS = [
  [GROUP, 78, TOPIC],
  [ADMIN, 79, null],
] as const;

/** The cards as the store hands them out after the upgrade: every copy still settled. */
async function expectCardsKept(cards: ReturnType<typeof createCardLocations>): Promise<void> {
  expect(await cards.of('order').take(1)).toEqual(APPROVAL_CARDS.map(([chatId, messageId]) => ({ chatId, messageId, threadId: null })));
  expect(await cards.of('batch').take(1)).toEqual(BATCH_CARDS.map(([chatId, messageId, threadId]) => ({ chatId, messageId, threadId })));
}

const clock = createManualClock(AT);

describe('the migration that keeps every approval and batch card in one table', () => {
  const dirs: string[] = [];
  const opened: Db[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-migration-'));
    dirs.push(dir);
    return dir;
  };

  it('on SQLite: the cards of requests and batches waiting at the upgrade are still settled, and the old tables are gone', async () => {
    const dir = tempDir();
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    sqlite
      .prepare(
        `insert into approvals (requester_id, chat_id, confirm_key, lines, state, revision, created_at, updated_at, expires_at)
         values (11, 11, 'k-1', '[]', 'pending', 1, ?, ?, ?)`,
      )
      .run(AT, AT, AT + 3_600_000);
    sqlite
      .prepare(
        `insert into batches (key, requester_id, chat_id, source, plan, total, state, next_index, created_at, updated_at)
         values ('b-1', 11, 11, 'quantity', '[]', 500, 'waiting-approval', 0, ?, ?)`,
      )
      .run(AT, AT);
    for (const [chatId, messageId] of APPROVAL_CARDS) sqlite.prepare('insert into approval_cards (approval_id, chat_id, message_id, created_at) values (1, ?, ?, ?)').run(chatId, messageId, AT);
    for (const [chatId, messageId, threadId] of BATCH_CARDS) sqlite.prepare('insert into batch_cards (batch_id, chat_id, message_id, thread_id, created_at) values (1, ?, ?, ?, ?)').run(chatId, messageId, threadId, AT);
    sqlite.close();

    const db = openDb(path);
    opened.push(db);
    const client = db.$client;
    expect(client.prepare("select name from sqlite_master where type = 'table' and name in ('approval_cards', 'batch_cards')").all()).toEqual([]);
    expect(client.pragma('foreign_key_check')).toEqual([]);
    await expectCardsKept(createCardLocations({ database: databaseOf(db), clock }));
  });

  it('on PostgreSQL: the cards of requests and batches waiting at the upgrade are still settled, and the old tables are gone', async () => {
    const url = await freshDatabase('card_locations_upgrade');
    const before = new pg.Client({ connectionString: url });
    await before.connect();
    try {
      await migrate(drizzle(before), { migrationsFolder: migrationsBefore('postgres', TAG, tempDir()) });
      const at = new Date(AT);
      await before.query(
        `insert into approvals (requester_id, chat_id, confirm_key, lines, state, revision, created_at, updated_at, expires_at) values (11, 11, 'k-1', '[]', 'pending', 1, $1, $1, $2)`,
        [at, new Date(AT + 3_600_000)],
      );
      await before.query(
        `insert into batches (key, requester_id, chat_id, source, plan, total, state, next_index, created_at, updated_at) values ('b-1', 11, 11, 'quantity', '[]', 500, 'waiting-approval', 0, $1, $1)`,
        [at],
      );
      for (const [chatId, messageId] of APPROVAL_CARDS) await before.query('insert into approval_cards (approval_id, chat_id, message_id, created_at) values (1, $1, $2, $3)', [chatId, messageId, at]);
      for (const [chatId, messageId, threadId] of BATCH_CARDS) await before.query('insert into batch_cards (batch_id, chat_id, message_id, thread_id, created_at) values (1, $1, $2, $3, $4)', [chatId, messageId, threadId, at]);
    } finally {
      await before.end();
    }

    const db = await openPostgres(url, { maxConnections: 1 });
    try {
      const old = await db.$client.query("select table_name from information_schema.tables where table_name in ('approval_cards', 'batch_cards')");
      expect(old.rows).toEqual([]);
      await expectCardsKept(createCardLocations({ database: databaseOf(db), clock }));
    } finally {
      await closePostgres(db);
    }
  });
});
