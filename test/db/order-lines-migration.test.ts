import { mkdtempSync, rmSync } from 'node:fs';
import { databaseOf } from '../../src/db/seam/database-of.js';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../support/older-database.js';
import { closeDb, DatabaseTooNewError, openDb, type Db } from '../../src/db/open.js';
import { ORDER_STATES } from '../../src/domain/order-states.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { orderFingerprint } from '../../src/orders/fingerprint.js';
import { createManualClock } from '../support/manual-clock.js';

const TAG = 'order_lines';
const AT = 1_790_000_000_000;

const EMAIL = JSON.stringify([{ fieldId: 7, title: 'ایمیل گیرنده', value: 'buyer@example.com' }]);

describe('the order lines migration', () => {
  const dirs: string[] = [];
  const opened: Db[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  /** A database of the version before, holding an order in every state, with audit rows, notifications, an approval and its card. */
  function oldDatabase(): string {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-migration-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    const order = sqlite.prepare(
      `insert into orders (user_id, chat_id, confirm_key, fingerprint, product_id, product_title, region_property_id, region_title,
         quantity, unit_price, total_amount, field_values, state, provider_order_id, provider_reference, sandbox, created_at, updated_at)
       values (20, 20, ?, ?, 102, 'Apple 25 USD', 5002, ?, ?, 3100000, ?, ?, ?, ?, ?, 0, ?, ?)`,
    );
    ORDER_STATES.forEach((state, index) => {
      const placed = !['intent', 'placing', 'unknown', 'rejected', 'not_placed', 'needs_review'].includes(state);
      const quantity = (index % 3) + 1;
      const { lastInsertRowid } = order.run(
        `key-${state}`,
        `print-${state}`,
        index % 2 === 0 ? 'US' : null,
        quantity,
        3_100_000 * quantity + (state === 'completed' ? 50_000 : 0),
        index % 2 === 0 ? EMAIL : '[]',
        state,
        placed ? 9_000 + index : null,
        placed ? `A${100 + index}` : null,
        AT + index,
        AT + index,
      );
      sqlite.prepare("insert into audit_log (at, actor_id, action, order_id, amount) values (?, 20, 'order.intent', ?, 1)").run(AT, lastInsertRowid);
      sqlite
        .prepare("insert into notifications (order_id, kind, audience, status, created_at, next_attempt_at) values (?, 'delivered', 'orderer', 'sent', ?, ?)")
        .run(lastInsertRowid, AT, AT);
    });
    const { lastInsertRowid: approvalId } = sqlite
      .prepare(
        `insert into approvals (requester_id, chat_id, confirm_key, product_id, product_title, region_property_id, region_title, quantity,
           unit_price, field_values, state, revision, created_at, updated_at, expires_at)
         values (20, 20, 'approval-key', 101, 'Google Play 10 USD', 5001, 'US', 2, 1250000, '[]', 'pending', 1, ?, ?, ?)`,
      )
      .run(AT, AT, AT + 86_400_000);
    sqlite.prepare('insert into approval_cards (approval_id, chat_id, message_id, created_at) values (?, 10, 77, ?)').run(approvalId, AT);
    sqlite.close();
    return path;
  }

  function upgraded(path: string): Db {
    const db = openDb(path);
    opened.push(db);
    return db;
  }

  it('turns every order, in every state, into a list of one line with its product, region, price, quantity and answers', () => {
    const db = upgraded(oldDatabase());
    const rows = db.query.orders.findMany({ orderBy: (o, { asc }) => asc(o.id) }).sync();
    expect(rows.map((row) => row.state)).toEqual([...ORDER_STATES]);
    rows.forEach((row, index) => {
      const quantity = (index % 3) + 1;
      expect(row.lines).toEqual([
        {
          product: { id: 102, title: 'Apple 25 USD' },
          region: { regionPropertyId: 5002, title: index % 2 === 0 ? 'US' : null, price: 3_100_000 },
          quantity,
          fields: index % 2 === 0 ? [{ fieldId: 7, title: 'ایمیل گیرنده', value: 'buyer@example.com' }] : [],
        },
      ]);
    });
    const completed = rows.find((row) => row.state === 'completed')!;
    // What was charged stays the order's amount, beside the line's confirmed price.
    expect(completed.totalAmount).toBe(3_100_000 * completed.lines[0]!.quantity + 50_000);
    expect(completed.providerReference).toMatch(/^A\d+$/);
  });

  it('keeps the audit rows, the notifications and the approval with its card pointing where they did', () => {
    const db = upgraded(oldDatabase());
    const sqlite = db.$client;
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const joined = sqlite.prepare('select count(*) as n from audit_log a join orders o on o.id = a.order_id').get();
    expect(joined).toEqual({ n: ORDER_STATES.length });
    const notes = sqlite.prepare('select count(*) as n from notifications n join orders o on o.id = n.order_id').get();
    expect(notes).toEqual({ n: ORDER_STATES.length });
    const approval = db.query.approvals.findFirst().sync()!;
    expect(approval).toMatchObject({ confirmKey: 'approval-key', state: 'pending', revision: 1 });
    expect(approval.lines).toEqual([{ product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 2, fields: [] }]);
    expect(sqlite.prepare("select count(*) as n from card_locations c join approvals a on a.id = c.subject_id where c.kind = 'order'").get()).toEqual({ n: 1 });
  });

  it('keeps an open order from being placed again: the migrated line hashes as the stored fingerprint did', async () => {
    const path = oldDatabase();
    const db = upgraded(path);
    const line = { product: { id: 102, title: 'Apple 25 USD' }, region: { regionPropertyId: 5002, title: 'US', price: 3_100_000 }, quantity: 1, fields: [] };
    const print = orderFingerprint(20, [line]);
    db.$client.prepare("update orders set fingerprint = ? where state = 'unknown'").run(print);
    const repo = createOrderStore({ database: databaseOf(db), clock: createManualClock(AT) });
    const again = await repo.openIntent({ confirmKey: 'new', userId: 20, chatId: 20, fingerprint: print, lines: [line], sandbox: false });
    expect(again.kind).toBe('same-order-pending');
  });

  it('still refuses an unknown order state afterwards', () => {
    const db = upgraded(oldDatabase());
    const insert = () =>
      db.$client
        .prepare(`insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, sandbox, created_at, updated_at) values (1, 1, 'x', 'y', '[]', 1, 'teleported', 0, 0, 0)`)
        .run();
    expect(insert).toThrow(/CHECK constraint failed/);
  });
});

describe('opening a database another release migrated', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('refuses a database a newer release migrated, and changes nothing in it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-newer-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    closeDb(openDb(path));
    const sqlite = new Database(path);
    sqlite.prepare('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)').run('from-a-newer-release', 99_999_999_999_999);
    sqlite.close();
    expect(() => openDb(path)).toThrow(DatabaseTooNewError);
    const after = new Database(path, { readonly: true });
    expect(after.prepare('SELECT count(*) AS n FROM "__drizzle_migrations" WHERE hash = ?').get('from-a-newer-release')).toEqual({ n: 1 });
    after.close();
  });

  it('rolls an upgrade back whole when it would break a reference between tables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-broken-'));
    dirs.push(dir);
    const path = join(dir, 'giftdesk.sqlite');
    const sqlite = databaseBefore(TAG, dir, path);
    // An audit row pointing at an order that does not exist: the check before the commit finds it.
    sqlite.pragma('foreign_keys = OFF');
    sqlite.prepare("INSERT INTO audit_log (at, actor_id, action, order_id) VALUES (1, 1, 'order.intent', 4242)").run();
    const applied = (sqlite.prepare('SELECT count(*) AS n FROM "__drizzle_migrations"').get() as { n: number }).n;
    sqlite.close();
    expect(() => openDb(path)).toThrow(/would break 1 references/);
    const after = new Database(path, { readonly: true });
    expect((after.prepare('SELECT count(*) AS n FROM "__drizzle_migrations"').get() as { n: number }).n).toBe(applied);
    expect(after.prepare("SELECT count(*) AS n FROM pragma_table_info('orders') WHERE name = 'product_id'").get()).toEqual({ n: 1 });
    after.close();
  });
});
