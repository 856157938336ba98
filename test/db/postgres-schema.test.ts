import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, is } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePostgres, describeTarget, maskedUrl, openPostgres, PostgresConnectionError, type PgDb } from '../../src/db/postgres/open.js';
import * as pgSchema from '../../src/db/postgres/schema.js';
import * as sqliteSchema from '../../src/db/schema.js';
import { asSuperuser, freshDatabase, postgresUrl } from '../support/postgres-database.js';

const JOURNAL = fileURLToPath(new URL('../../migrations/postgres/meta/_journal.json', import.meta.url));
const AT = new Date(1_790_000_000_123);

type NewOrder = typeof pgSchema.orders.$inferInsert;

function order(overrides: Partial<NewOrder> = {}): NewOrder {
  const key = Math.random().toString(36).slice(2);
  return {
    userId: 7_000_000_001,
    chatId: -1_002_000_000_001,
    confirmKey: `confirm-${key}`,
    fingerprint: `fingerprint-${key}`,
    lines: [{ product: { id: 1, title: 'Steam' }, region: { regionPropertyId: 2, title: 'US', price: 10_000 }, quantity: 1, fields: [] }],
    totalAmount: 10_000,
    state: 'intent',
    sandbox: true,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/** The SQLSTATE and constraint of what PostgreSQL refused (the driver's error may be wrapped by drizzle). */
async function refusal(work: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await work;
  } catch (error) {
    const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    return e.code ? e : (e.cause ?? {});
  }
  throw new Error('PostgreSQL accepted what it should have refused');
}

describe('openPostgres', () => {
  it('migrates a fresh database, and two processes opening it together migrate it once', async () => {
    const url = await freshDatabase('migrate_once');
    const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    try {
      const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
      const applied = await a.$client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations');
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
      const tables = await b.$client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
      expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['orders', 'staff', 'products', 'audit_log', 'approvals']));
      const extension = await a.$client.query("select 1 from pg_extension where extname = 'pg_trgm'");
      expect(extension.rowCount).toBe(1);
    } finally {
      await Promise.all([closePostgres(a), closePostgres(b)]);
    }
    // Opened again later: nothing left to apply, nothing applied twice.
    const again = await openPostgres(url);
    const count = await again.$client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
    await closePostgres(again);
    const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
    expect(Number(count.rows[0]?.n)).toBe(journal.entries.length);
  });

  describe('a server it cannot use', () => {
    const role = `pw_${Math.random().toString(36).slice(2, 10)}`;
    beforeAll(() => asSuperuser((c) => c.query(`create role ${role} login password 'the-right-secret'`)));
    afterAll(() => asSuperuser((c) => c.query(`drop role if exists ${role}`)));

    async function failure(url: string): Promise<PostgresConnectionError> {
      const error = await openPostgres(url).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PostgresConnectionError);
      return error as PostgresConnectionError;
    }

    it('a wrong password: names host, port and database, never the password', async () => {
      const url = postgresUrl('postgres', role, 'wrong-secret-4711');
      const error = await failure(url);
      expect(error.problem).toBe('authentication');
      expect(error.message).toContain(socketDir());
      expect(error.message).toContain(':5432');
      expect(error.message).toContain('database postgres');
      expect(error.message).not.toContain('wrong-secret-4711');
      expect(String(error.stack)).not.toContain('wrong-secret-4711');
    });

    it('a missing database', async () => {
      const error = await failure(postgresUrl('no_such_database', role, 'the-right-secret'));
      expect(error.problem).toBe('missing-database');
      expect(error.message).toContain('database no_such_database');
      expect(error.message).not.toContain('the-right-secret');
    });

    it('no server at that address', async () => {
      const error = await failure('postgresql://someone:hunter2-secret@/giftdesk?host=/nonexistent/socket/dir');
      expect(error.problem).toBe('unreachable');
      expect(error.message).toContain('/nonexistent/socket/dir:5432, database giftdesk');
      expect(error.message).not.toContain('hunter2-secret');
    });
  });

  it('masks the password of a URL, in the authority and as a parameter', () => {
    expect(maskedUrl('postgres://gift:s3cr%40t@db.example:6543/giftdesk?sslmode=require')).toBe('postgres://gift:***@db.example:6543/giftdesk?sslmode=require');
    expect(maskedUrl('postgresql://gift@db.example/giftdesk?password=s3cret&sslmode=verify-full')).toBe('postgresql://gift@db.example/giftdesk?password=***&sslmode=verify-full');
    expect(maskedUrl('postgresql:///giftdesk?host=/var/run/postgresql')).toBe('postgresql:///giftdesk?host=/var/run/postgresql');
    // A password typed raw, with the characters that end other parts of a URL: masked whole.
    expect(maskedUrl('postgresql://gift:pa?ss#w/rd@db.example/giftdesk')).toBe('postgresql://gift:***@db.example/giftdesk');
    expect(maskedUrl('postgresql://gift:p@ss@w0rd@db.example:5432/giftdesk')).toBe('postgresql://gift:***@db.example:5432/giftdesk');
    expect(describeTarget('postgresql://gift:pw@db.example:6543/giftdesk')).toEqual({ host: 'db.example', port: 6543, database: 'giftdesk', user: 'gift' });
    expect(describeTarget('postgresql://gift@/giftdesk?host=/run/pg')).toMatchObject({ host: '/run/pg', port: 5432, database: 'giftdesk' });
  });
});

describe('the money-keeping constraints on PostgreSQL', () => {
  let db: PgDb;
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase('constraints');
    db = await openPostgres(url);
  });
  afterAll(() => closePostgres(db));

  it('two connections moving two different orders to placing: exactly one wins (one POST in flight)', async () => {
    const [first, second] = await db
      .insert(pgSchema.orders)
      .values([order(), order()])
      .returning({ id: pgSchema.orders.id });
    const connections = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all(connections.map((c) => c.connect()));
    try {
      // Both transactions take their row before either commits: the second waits on the index, then fails.
      await Promise.all(connections.map((c) => c.query('begin')));
      const claims = [first!.id, second!.id].map((id, i) => connections[i]!.query("update orders set state = 'placing' where id = $1", [id]));
      const [a, b] = await Promise.allSettled([claims[0]!.then(() => connections[0]!.query('commit')), claims[1]!.then(() => connections[1]!.query('commit'))]);
      const outcomes = [a, b];
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ code: '23505', constraint: 'orders_one_placing_idx' });
    } finally {
      await Promise.all(connections.map((c) => c.query('rollback').catch(() => undefined)));
      await Promise.all(connections.map((c) => c.end()));
    }
    const placing = await db.select().from(pgSchema.orders).where(eq(pgSchema.orders.state, 'placing'));
    expect(placing).toHaveLength(1);
    await db.update(pgSchema.orders).set({ state: 'completed' }).where(eq(pgSchema.orders.state, 'placing'));
  });

  it('refuses a second order with the same confirm key', async () => {
    await db.insert(pgSchema.orders).values(order({ confirmKey: 'one-summary' }));
    expect(await refusal(db.insert(pgSchema.orders).values(order({ confirmKey: 'one-summary' })))).toMatchObject({ code: '23505', constraint: 'orders_confirm_key_idx' });
  });

  it('refuses a second order with the same provider order id', async () => {
    await db.insert(pgSchema.orders).values(order({ providerOrderId: 991 }));
    expect(await refusal(db.insert(pgSchema.orders).values(order({ providerOrderId: 991 })))).toMatchObject({ code: '23505', constraint: 'orders_provider_order_id_idx' });
  });

  it('refuses a state outside the list (CHECK)', async () => {
    const [row] = await db.insert(pgSchema.orders).values(order()).returning({ id: pgSchema.orders.id });
    const raw = db.$client.query("update orders set state = 'shipped' where id = $1", [row!.id]);
    expect(await refusal(raw)).toMatchObject({ code: '23514', constraint: 'orders_state_check' });
    expect(await refusal(db.$client.query("insert into notifications (order_id, kind, status, created_at, next_attempt_at) values ($1, 'delivered', 'lost', now(), now())", [row!.id]))).toMatchObject({
      code: '23514',
      constraint: 'notifications_status_check',
    });
  });

  it('refuses the same open fingerprint twice while open, and allows it once the first is final', async () => {
    const [open] = await db
      .insert(pgSchema.orders)
      .values(order({ fingerprint: 'same-cart', state: 'unknown' }))
      .returning({ id: pgSchema.orders.id });
    expect(await refusal(db.insert(pgSchema.orders).values(order({ fingerprint: 'same-cart', state: 'needs_review' })))).toMatchObject({
      code: '23505',
      constraint: 'orders_open_fingerprint_idx',
    });
    await db.update(pgSchema.orders).set({ state: 'not_placed' }).where(eq(pgSchema.orders.id, open!.id));
    await db.insert(pgSchema.orders).values(order({ fingerprint: 'same-cart', state: 'placing' }));
    await db.update(pgSchema.orders).set({ state: 'completed' }).where(eq(pgSchema.orders.fingerprint, 'same-cart'));
  });

  it('stores amounts and Telegram ids above 2^31 exactly, and times to the millisecond', async () => {
    const amount = 4_000_000_000_123;
    const [row] = await db
      .insert(pgSchema.orders)
      .values(order({ totalAmount: amount, acceptedAmount: amount + 1, userId: 8_123_456_789 }))
      .returning({ id: pgSchema.orders.id });
    const [read] = await db.select().from(pgSchema.orders).where(eq(pgSchema.orders.id, row!.id));
    expect(read).toMatchObject({ totalAmount: amount, acceptedAmount: amount + 1, userId: 8_123_456_789 });
    expect(read!.createdAt.getTime()).toBe(AT.getTime());
    expect(read!.lines[0]?.region.price).toBe(10_000);
    const text = await db.$client.query<{ total_amount: string }>('select total_amount::text from orders where id = $1', [row!.id]);
    expect(text.rows[0]?.total_amount).toBe(String(amount));
  });

  it('refuses an outbox row for an order that does not exist (foreign key)', async () => {
    const raw = db.$client.query("insert into notifications (order_id, kind, status, created_at, next_attempt_at) values (999999, 'delivered', 'pending', now(), now())");
    expect(await refusal(raw)).toMatchObject({ code: '23503' });
  });
});

describe('the PostgreSQL schema beside the SQLite schema', () => {
  const sqliteTables = Object.values(sqliteSchema)
    .filter((v) => is(v, SQLiteTable))
    .map((t) => getSqliteTableConfig(t as SQLiteTable));
  const pgTables = Object.values(pgSchema)
    .filter((v) => is(v, PgTable))
    .map((t) => getPgTableConfig(t as PgTable));
  /** Tables only PostgreSQL has: the stand-in for FTS5's index (kept by triggers, migration 0002), and the provider budget several instances share (SQLite runs one instance, which keeps it in memory). */
  const PG_ONLY_TABLES = pgSchema.POSTGRES_ONLY_TABLES;

  it('has every table, with every column under the same name', () => {
    expect(pgTables.map((t) => t.name).filter((n) => !PG_ONLY_TABLES.includes(n)).sort()).toEqual(sqliteTables.map((t) => t.name).sort());
    for (const table of sqliteTables) {
      const twin = pgTables.find((t) => t.name === table.name)!;
      expect(twin.columns.map((c) => c.name).sort(), table.name).toEqual(table.columns.map((c) => c.name).sort());
      expect(twin.columns.filter((c) => c.notNull).map((c) => c.name).sort(), `${table.name} not null`).toEqual(table.columns.filter((c) => c.notNull).map((c) => c.name).sort());
    }
  });

  it('has every index, CHECK and foreign key under the same name', () => {
    for (const table of sqliteTables) {
      const twin = pgTables.find((t) => t.name === table.name)!;
      const pgIndexes = twin.indexes.map((i) => i.config.name);
      expect(pgIndexes.sort(), `${table.name} indexes`).toEqual(table.indexes.map((i) => i.config.name).sort());
      for (const index of table.indexes) {
        const other = twin.indexes.find((i) => i.config.name === index.config.name)!;
        expect(other.config.unique, `${index.config.name} unique`).toBe(index.config.unique);
        expect(Boolean(other.config.where), `${index.config.name} partial`).toBe(Boolean(index.config.where));
      }
      expect(twin.checks.map((c) => c.name).sort(), `${table.name} checks`).toEqual(table.checks.map((c) => c.name).sort());
      expect(twin.foreignKeys.map((f) => f.getName()).sort(), `${table.name} references`).toEqual(table.foreignKeys.map((f) => f.getName()).sort());
    }
  });
});

function socketDir(): string {
  return describeTarget(postgresUrl('postgres')).host;
}
