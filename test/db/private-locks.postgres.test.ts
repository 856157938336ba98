import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createPostgresRoles } from '../../src/db/postgres/role-lock.js';
import { asSuperuser, freshDatabase, postgresUrl } from '../support/postgres-database.js';

/** The fixed keys giftdesk once used: another role could hold them and stall it. */
const OLD_MONEY_KEY = '7451613421063202156';
const oldRoleKey = (name: string) => BigInt.asIntN(64, createHash('sha256').update(`giftdesk.role.${name}`).digest().readBigUInt64BE(0)).toString();

let db: PgDb;
let intruder: pg.Client;
const INTRUDER = `intruder_${process.pid}`;

beforeAll(async () => {
  const url = await freshDatabase('private_locks');
  db = await openPostgres(url);
  // A role that may connect and nothing more: every role may, on a database left as created.
  await asSuperuser(async (client) => {
    await client.query(`drop role if exists ${INTRUDER}`);
    await client.query(`create role ${INTRUDER} login password 'intruder'`);
  });
  intruder = new pg.Client({ connectionString: postgresUrl(decodeURIComponent(/@\/([^?]+)/.exec(url)![1]!), INTRUDER, 'intruder') });
  await intruder.connect();
});
afterAll(async () => {
  await intruder?.end();
  if (db) await closePostgres(db);
  await asSuperuser((client) => client.query(`drop role if exists ${INTRUDER}`)).catch(() => undefined);
});

describe('locks another database role cannot hold', () => {
  it('keeps the money lock out of another role’s reach: it can neither lock its row nor stall it with the old key', async () => {
    await expect(intruder.query('select 1 from private_locks for update')).rejects.toThrow(/permission denied/);
    await intruder.query('select pg_advisory_lock($1::bigint)', [OLD_MONEY_KEY]);
    const done = await Promise.race([databaseOf(db).write(async () => 'placed'), new Promise((resolve) => setTimeout(() => resolve('stalled'), 3_000))]);
    expect(done).toBe('placed');
  });

  it('derives the role keys from a secret of the database: holding the old fixed key takes no role away', async () => {
    await intruder.query('select pg_advisory_lock($1::bigint)', [oldRoleKey('background')]);
    const pool = new pg.Pool({ connectionString: db.$client.options.connectionString, max: 2 });
    const roles = await createPostgresRoles(pool, { instance: 'a', host: 'host-a', pid: 1 });
    try {
      expect(await roles.lock('background').tryTake()).toBe(true);
      // The secret is not readable by the other role.
      await expect(intruder.query("select value from app_state where key = 'locks.salt'")).rejects.toThrow(/permission denied/);
    } finally {
      await roles.close();
      await pool.end();
    }
  });
});
