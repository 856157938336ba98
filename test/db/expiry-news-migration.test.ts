import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createApprovalStore } from '../../src/db/approval-store.js';
import { createExpiryNewsStore } from '../../src/db/expiry-news-store.js';
import { leaseTimeFor } from '../../src/db/lease-time.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { databaseBefore, migrationsBefore } from '../support/older-database.js';
import { createManualClock } from '../support/manual-clock.js';
import { freshDatabase } from '../support/postgres-database.js';

const TAG = 'expiry_news';
const AT = 1_700_000_000_000;
const HOUR = 3_600_000;

const INSERT_APPROVAL = `insert into approvals (requester_id, chat_id, confirm_key, lines, state, revision, created_at, updated_at, expires_at) values (11, 11, $key, '[]', $state, 1, $at, $at, $expires)`;

/**
 * After the upgrade: a request that expired before it (its news long told,
 * or lost with the old build) owes nothing, so nobody hears of it twice; one
 * still waiting then expires with its news owed.
 */
async function expectNewsOwedFromNowOn(database: Database): Promise<void> {
  const clock = createManualClock(AT + 2 * HOUR);
  const news = createExpiryNewsStore({ database, clock, leases: leaseTimeFor(database) });
  expect(await news.owed('order')).toBe(0);
  expect((await createApprovalStore({ database, clock }).expireDue()).map((row) => row.confirmKey)).toEqual(['waiting']);
  const owed = await news.claim('order', 10);
  expect(owed.map((row) => [row.subjectId, row.told])).toEqual([[2, false]]);
}

describe('the migration that keeps the news of expiries owed until told', () => {
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

  it('on SQLite: requests expired before the upgrade owe nothing, one expiring after it owes its news', async () => {
    const dir = tempDir();
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    const insert = sqlite.prepare(INSERT_APPROVAL.replace(/\$(\w+)/g, '@$1'));
    insert.run({ key: 'lapsed', state: 'expired', at: AT, expires: AT + HOUR });
    insert.run({ key: 'waiting', state: 'pending', at: AT, expires: AT + HOUR });
    sqlite.close();

    const db = openDb(path);
    opened.push(db);
    await expectNewsOwedFromNowOn(databaseOf(db));
  });

  it('on PostgreSQL: requests expired before the upgrade owe nothing, one expiring after it owes its news', async () => {
    const url = await freshDatabase('expiry_news_upgrade');
    const before = new pg.Client({ connectionString: url });
    await before.connect();
    try {
      await migrate(drizzle(before), { migrationsFolder: migrationsBefore('postgres', TAG, tempDir()) });
      const sql = INSERT_APPROVAL.replace('$key', '$1').replace('$state', '$2').replaceAll('$at', '$3').replace('$expires', '$4');
      await before.query(sql, ['lapsed', 'expired', new Date(AT), new Date(AT + HOUR)]);
      await before.query(sql, ['waiting', 'pending', new Date(AT), new Date(AT + HOUR)]);
    } finally {
      await before.end();
    }

    const db = await openPostgres(url, { maxConnections: 2 });
    try {
      await expectNewsOwedFromNowOn(databaseOf(db));
    } finally {
      await closePostgres(db);
    }
  });
});
