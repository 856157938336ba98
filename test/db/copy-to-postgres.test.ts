import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, is } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { AMOUNT_COLUMNS, copyToPostgres, DbCopyError, tablesInCopyOrder } from '../../src/db/copy-to-postgres.js';
import { STALE_AFTER_MS } from '../../src/db/instance-lock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import * as pgSchema from '../../src/db/postgres/schema.js';
import * as sqliteSchema from '../../src/db/schema.js';
import type { OrderLine } from '../../src/domain/order-line.js';
import { freshDatabase, postgresUrl } from '../support/postgres-database.js';
import { openSandboxStateFile } from '../../src/sandbox/state-file.js';
import { sandboxStatePathFor } from '../../src/sandbox/state-path.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const NOW = 1_790_000_000_000;
/** Times with milliseconds, so that a copy that dropped them would show. */
const t = (offsetMs: number) => new Date(NOW - 86_400_000 + offsetMs);
/** Amounts and Telegram ids above 2^31 (and 2^32), which a 32-bit column would not hold. */
const BIG_AMOUNT = 5_123_456_789;
const ADMIN = 7_000_000_001;
const STAFF = 7_000_000_002;
const VIEWER = 7_000_000_003;
const GROUP = -1_002_000_000_001;

const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempPath(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-dbcopy-'));
  dirs.push(dir);
  return join(dir, name);
}

function line(productId: number, title: string, price: number, quantity: number, fields: OrderLine['fields'] = []): OrderLine {
  return { product: { id: productId, title }, region: { regionPropertyId: productId * 10, title: productId % 2 ? 'US' : null, price }, quantity, fields };
}

type NewOrder = typeof sqliteSchema.orders.$inferInsert;

function order(id: number, overrides: Partial<NewOrder>): NewOrder {
  const lines = overrides.lines ?? [line(101, 'Google Play 10 USD', 1_250_000, 1)];
  return {
    id,
    userId: STAFF,
    chatId: GROUP,
    confirmKey: `confirm-${id}`,
    fingerprint: `fingerprint-${id}`,
    lines,
    totalAmount: lines.reduce((sum, l) => sum + l.region.price * l.quantity, 0),
    state: 'intent',
    sandbox: false,
    createdAt: t(id * 1000 + 1),
    updatedAt: t(id * 1000 + 2),
    ...overrides,
  };
}

/** A SQLite database (this release's schema, through openDb) holding every kind of row giftdesk keeps. */
function fillSource(db: Db): void {
  const s = sqliteSchema;
  db.insert(s.staff)
    .values([
      { telegramId: ADMIN, role: 'admin', source: 'env', addedBy: null, locale: null, createdAt: t(11) },
      { telegramId: STAFF, role: 'staff', source: 'chat', addedBy: ADMIN, locale: 'fa', createdAt: t(12) },
      { telegramId: VIEWER, role: 'viewer', source: 'chat', addedBy: ADMIN, locale: 'en', createdAt: t(13) },
    ])
    .run();
  db.insert(s.people)
    .values([
      { telegramId: ADMIN, firstName: 'Ada', lastName: 'Lovelace', username: 'ada', languageCode: 'en', updatedAt: t(21) },
      { telegramId: STAFF, firstName: 'سارا', lastName: null, username: null, languageCode: 'fa', updatedAt: t(22) },
    ])
    .run();
  db.insert(s.strangerReplies).values({ telegramId: 9_000_000_009, lastReplyAt: t(31) }).run();
  db.insert(s.categories)
    .values([
      { id: 1, title: 'Gaming', parentId: null, position: 0 },
      { id: 2, title: 'کارت هدیه', parentId: 1, position: 1 },
    ])
    .run();
  db.insert(s.products)
    .values([
      { id: 101, title: 'Google Play 10 USD', searchText: 'google play 10 usd', categoryId: 1, isAvailable: true, position: 0, bucketId: 1 },
      { id: 102, title: 'Steam 50', searchText: 'steam 50', categoryId: 2, isAvailable: false, position: 1, bucketId: 2 },
      { id: 103, title: 'iTunes', searchText: 'itunes', categoryId: null, isAvailable: null, position: 2, bucketId: 0 },
    ])
    .run();
  db.insert(s.categoryCounts)
    .values([
      { categoryId: 0, productCount: 1 },
      { categoryId: 1, productCount: 1 },
      { categoryId: 2, productCount: 1 },
    ])
    .run();
  db.insert(s.productPrices)
    .values([
      { productId: 101, priceFrom: 1_250_000, priceTo: 1_250_000, stockTotal: 12, fetchedAt: t(41) },
      { productId: 102, priceFrom: BIG_AMOUNT, priceTo: null, stockTotal: 0, fetchedAt: t(42) },
    ])
    .run();
  db.insert(s.appState)
    .values([
      { key: 'ordering.paused', value: JSON.stringify({ paused: true, by: ADMIN, at: NOW - 5000 }), updatedAt: t(51) },
      { key: 'limits.daily', value: JSON.stringify({ [STAFF]: 9_000_000_000 }), updatedAt: t(52) },
      // A run that stopped cleanly released its claim.
      { key: 'instance.lock', value: JSON.stringify({ owner: '', beatAt: 0 }), updatedAt: t(53) },
    ])
    .run();
  db.insert(s.botSessions)
    .values([
      { key: String(STAFF), value: JSON.stringify({ conversation: { order: [{ step: 3 }] }, locale: 'fa' }), updatedAt: t(61) },
      { key: String(GROUP), value: '{}', updatedAt: t(62) },
    ])
    .run();
  // An update handled (kept a day so that a repeat post is recognised) and one stored but not yet handled: both move.
  db.insert(s.updateQueue)
    .values([
      { updateId: 2_000_000_001, chatKey: `chat:${STAFF}`, payload: null, receivedAt: t(63), attempts: 1, doneAt: t(64) },
      { updateId: 2_000_000_002, chatKey: `chat:${STAFF}`, payload: JSON.stringify({ update_id: 2_000_000_002 }), receivedAt: t(65) },
    ])
    .run();

  // A file batch held at its second order (its first placed as order 7), and a quantity batch done (order 8).
  db.insert(s.batches)
    .values([
      {
        key: 'batch-a',
        requesterId: STAFF,
        chatId: GROUP,
        source: 'file',
        fileHash: 'ab'.repeat(32),
        fileName: 'کارت‌ها.xlsx',
        plan: [
          { lines: [line(101, 'Google Play 10 USD', 1_250_000, 1)], rows: [2] },
          { lines: [line(102, 'Steam 50', BIG_AMOUNT, 1, [{ fieldId: 9, title: 'نام', value: 'علی' }])], rows: [3, 4] },
        ],
        total: 1_250_000 + BIG_AMOUNT,
        state: 'held',
        heldReason: 'price-changed',
        nextIndex: 1,
        progressMessageId: 3_000_000_003,
        progressEditedAt: t(66),
        createdAt: t(66),
        updatedAt: t(67),
      },
      { key: 'batch-b', requesterId: STAFF, chatId: STAFF, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [line(101, 'Google Play 10 USD', 1_250_000, 1)], rows: [] }], total: 1_250_000, state: 'done', nextIndex: 1, fileSentAt: t(68), createdAt: t(68), updatedAt: t(69) },
    ])
    .run();
  // A batch's approval card in the administrators' group's topic and a private copy (ids beyond 32 bits), kept until it is decided.
  db.insert(s.cardLocations)
    .values([
      { kind: 'batch', subjectId: 1, chatId: GROUP, messageId: 3_000_000_010, threadId: 3_000_000_011, createdAt: t(70) },
      { kind: 'batch', subjectId: 1, chatId: ADMIN, messageId: 12, threadId: null, createdAt: t(71) },
    ])
    .run();

  const multiLine = [
    line(101, 'Google Play 10 USD', 1_250_000, 2, [{ fieldId: 7, title: 'Email', value: 'a@example.com' }]),
    line(102, 'Steam 50', BIG_AMOUNT, 1, [
      { fieldId: 8, title: 'Account', value: 'steam-user' },
      { fieldId: 9, title: 'نام', value: 'علی' },
    ]),
  ];
  db.insert(s.orders)
    .values([
      order(1, { state: 'intent', sandbox: true }),
      order(2, { state: 'placing', postedAt: t(2003), leaseOwner: 'host:1:a', leaseExpiresAt: t(2004) }),
      order(3, { state: 'unknown', postedAt: t(3003), postEndedAt: t(3004), nextCheckAt: t(3005), checkCount: 4 }),
      order(4, {
        state: 'completed',
        lines: multiLine,
        providerOrderId: 4_000_000_004,
        providerReference: 'ref-4',
        providerStatus: 'COMPLETED',
        acceptedOrderId: 4_000_000_004,
        acceptedReference: 'ref-4',
        acceptedAmount: 2_500_000 + BIG_AMOUNT,
        postedAt: t(4003),
        postEndedAt: t(4004),
        finishedAt: t(4005),
      }),
      order(5, {
        state: 'needs_review',
        reviewCandidates: [
          { orderId: 55, reference: null, status: 'PENDING', amount: 1_250_000, createdAt: '2026-09-01T10:00:00Z' },
          { orderId: 56, reference: 'r56', status: null, amount: 1_250_000, createdAt: null },
        ],
        staleReportedAt: t(5006),
      }),
      order(6, {
        state: 'in_progress',
        providerOrderId: 6_000_000_006,
        acceptedAmount: 1_250_000,
        adoptionProof: {
          providerOrderId: 6_000_000_006,
          providerCreatedAt: '2026-09-01T10:00:00.123Z',
          flightFrom: NOW - 10_001,
          flightTo: NOW - 9_001,
          marginMs: 250,
          measured: true,
          debitAmount: 1_250_000,
        },
      }),
      order(7, { state: 'rejected', providerMessage: 'insufficient balance', finishedAt: t(7005), confirmKey: 'batch-a:0', batchId: 1, batchIndex: 0 }),
      order(8, { state: 'refunded', providerOrderId: 8_000_000_008, finishedAt: t(8005), confirmKey: 'batch-b:0', batchId: 2, batchIndex: 0 }),
    ])
    .run();
  db.insert(s.auditLog)
    .values([
      { at: t(71), actorId: ADMIN, action: 'staff.add', orderId: null, amount: null, detail: null, subjectId: STAFF },
      { at: t(72), actorId: STAFF, action: 'order.confirmed', orderId: 4, amount: 2_500_000 + BIG_AMOUNT, detail: JSON.stringify({ lines: 2 }), subjectId: null },
      { at: t(73), actorId: null, action: 'order.completed', orderId: 4, amount: BIG_AMOUNT, detail: 'facts: provider COMPLETED', subjectId: null },
      { at: t(74), actorId: ADMIN, action: 'codes.seen', orderId: 4, amount: null, detail: null, subjectId: STAFF },
    ])
    .run();
  db.insert(s.notifications)
    .values([
      { orderId: 4, kind: 'delivered', status: 'sent', createdAt: t(81), nextAttemptAt: t(82), attempts: 1, partsSent: 2, sentAt: t(83) },
      { orderId: 3, kind: 'interrupted', status: 'pending', createdAt: t(84), nextAttemptAt: t(85), attempts: 2, lastError: 'timeout', leaseOwner: 'h:2', leaseExpiresAt: t(86) },
      { orderId: 7, kind: 'failed', status: 'undeliverable', createdAt: t(87), nextAttemptAt: t(88), attempts: 9 },
    ])
    .run();
  db.insert(s.approvals)
    .values([
      {
        requesterId: STAFF,
        chatId: GROUP,
        confirmKey: 'confirm-6',
        lines: [line(101, 'Google Play 10 USD', 1_250_000, 1)],
        state: 'approved',
        revision: 2,
        createdAt: t(91),
        updatedAt: t(92),
        expiresAt: t(93),
        decidedBy: ADMIN,
        decidedAt: t(94),
        orderId: 6,
      },
      { requesterId: STAFF, chatId: GROUP, confirmKey: 'approval-pending', lines: multiLine, state: 'pending', createdAt: t(95), updatedAt: t(96), expiresAt: t(97) },
      { requesterId: STAFF, chatId: STAFF, confirmKey: 'approval-rejected', lines: multiLine, state: 'rejected', createdAt: t(98), updatedAt: t(99), expiresAt: t(100), decidedBy: ADMIN, decidedAt: t(101), reason: 'too much' },
    ])
    .run();
  // An approval request's cards, after the batch's two.
  db.insert(s.cardLocations)
    .values([
      { kind: 'order', subjectId: 2, chatId: ADMIN, messageId: 3_000_000_001, createdAt: t(111) },
      { kind: 'order', subjectId: 2, chatId: VIEWER, messageId: 12, createdAt: t(112) },
      { kind: 'order', subjectId: 3, chatId: ADMIN, messageId: 13, createdAt: t(113) },
    ])
    .run();
  // Cards are forgotten once their buttons are gone: the highest id used is no longer in the table.
  db.delete(s.cardLocations).where(eq(s.cardLocations.id, 5)).run();
  db.insert(s.adminRequests)
    .values([
      { requesterId: ADMIN, change: { kind: 'rule', personId: 9_000_000_009, rule: 'day', value: 5_000_000_000, reset: false }, state: 'pending', createdAt: t(121), updatedAt: t(121), expiresAt: t(122), cards: [{ chatId: VIEWER, messageId: 3_000_000_002 }] },
      { requesterId: ADMIN, change: { kind: 'role', verb: 'add', personId: 9_000_000_008, role: 'admin' }, state: 'confirmed', createdAt: t(123), updatedAt: t(124), expiresAt: t(125), decidedBy: VIEWER, decidedAt: t(124) },
    ])
    .run();
  // A delivery's message waiting to leave the chat, and one already replaced; the chat and message ids beyond 32 bits.
  db.insert(s.codeMessages)
    .values([
      { chatId: STAFF, messageId: 3_000_000_002, orderId: 6, sentAt: t(121), state: 'kept' },
      { chatId: ADMIN, messageId: 14, orderId: 6, sentAt: t(122), state: 'replaced', claimedAt: t(123), attempts: 1, doneAt: t(124), lastError: null },
    ])
    .run();
  db.insert(s.stepUp)
    .values([
      { personId: ADMIN, secret: 'v1.sealed-a', state: 'active', createdAt: t(131), updatedAt: t(132), enrolledAt: t(132), approvedBy: VIEWER, lastStep: 56_666_667, failures: 2, lockedUntil: t(133), challengeId: 'c-1', challenge: { kind: 'reveal', orderId: 6 }, challengeExpiresAt: t(134) },
      { personId: 9_000_000_009, secret: 'v1.sealed-b', state: 'enrolling', createdAt: t(135), updatedAt: t(135), qrMessageId: 77 },
    ])
    .run();
  db.insert(s.catalogHidden)
    .values([
      { kind: 'product', itemId: 101, title: 'Google Play 10 USD', hiddenBy: ADMIN, hiddenAt: t(141) },
      { kind: 'category', itemId: 101, title: 'Google Play', hiddenBy: null, hiddenAt: t(142) },
    ])
    .run();
  db.insert(s.walletLedger)
    .values([
      { id: 77, type: 'CREDIT', amount: BIG_AMOUNT, balanceAfter: BIG_AMOUNT, providerOrderId: null, description: 'شارژ کیف پول', createdAt: '2026-11-01T10:00:00Z', at: t(151).getTime(), seenAt: t(152).getTime(), baseline: true, verdict: null, judgedAt: null },
      { id: 78, type: 'DEBIT', amount: 2_500_000, balanceAfter: BIG_AMOUNT - 2_500_000, providerOrderId: 55, description: null, createdAt: null, at: null, seenAt: t(153).getTime(), baseline: false, verdict: 'foreign-debit', judgedAt: t(154).getTime() },
    ])
    .run();
  // A card handed over, and one whose reminder went; the orderer's id beyond 32 bits.
  db.insert(s.codeExpiries)
    .values([
      { orderId: 6, itemIndex: 0, cardIndex: 0, productId: 101, userId: STAFF, expiresAt: t(151), recordedAt: t(152), handedOverAt: t(153) },
      { orderId: 6, itemIndex: 0, cardIndex: 1, productId: 101, userId: STAFF, expiresAt: t(154), recordedAt: t(152), reminderState: 'sent', remindedAt: t(155) },
    ])
    .run();
  // A person's favourite (their id beyond 32 bits) and a team pick of a whole order, its title in Persian.
  db.insert(s.favourites)
    .values([
      { id: 4, ownerId: STAFF, kind: 'product', name: 'Google Play 10 USD', lines: [{ productId: 101, title: 'Google Play 10 USD', regionPropertyId: 5001, quantity: null, fieldValues: {}, unitPrice: BIG_AMOUNT }], uses: 3, lastUsedAt: t(161), createdBy: STAFF, createdAt: t(160) },
      { id: 5, ownerId: null, kind: 'order', name: 'گیفت کارت اپل', lines: [{ productId: 102, title: 'گیفت کارت اپل', regionPropertyId: null, quantity: 2, fieldValues: { email: 'a@example.com' }, unitPrice: null }], uses: 0, lastUsedAt: null, createdBy: ADMIN, createdAt: t(162) },
    ])
    .run();
  // News of an expiry still owed, one held by a pass and one whose orderer was told already: the copy keeps finishing them.
  db.insert(s.expiryNews)
    .values([
      { id: 2, kind: 'order', subjectId: 3, createdAt: t(165), leaseUntil: t(166), leaseToken: 'a-pass' },
      { id: 3, kind: 'batch', subjectId: 2, createdAt: t(165), toldAt: t(167) },
    ])
    .run();
  // A cost centre named in Persian with its code, and a retired one (an administrator's id beyond 32 bits).
  db.insert(s.costCentres)
    .values([
      { id: 3, name: 'پشتیبانی مشتریان', code: 'SUP-01', createdBy: ADMIN, createdAt: t(170) },
      { id: 4, name: 'Nowruz campaign', code: null, createdBy: ADMIN, createdAt: t(171), retiredAt: t(172) },
    ])
    .run();
  // A case still open with the orderer's words in Persian, and one refunded with the provider's answer (ids beyond 32 bits).
  db.insert(s.codeCases)
    .values([
      { id: 12, orderId: 6, ordererId: STAFF, reportedBy: STAFF, reason: 'used', note: 'فروشگاه می‌گوید استفاده شده', state: 'open', providerOrderId: 55, openedAt: t(180), updatedAt: t(180) },
      { id: 13, orderId: 6, ordererId: STAFF, reportedBy: ADMIN, reason: 'invalid', note: null, state: 'refunded', providerOrderId: 55, providerAnswer: 'ticket 8812', openedAt: t(181), updatedAt: t(182), closedAt: t(182) },
    ])
    .run();
  // A top-up request still open, its note in Persian, and one a credit settled (amounts beyond 32 bits).
  db.insert(s.topUpRequests)
    .values([
      { id: 2, requestedBy: ADMIN, amount: BIG_AMOUNT, note: 'برای آذر', createdAt: t(180) },
      { id: 3, requestedBy: ADMIN, amount: 20_000_000, note: null, createdAt: t(181), receivedAt: t(182), creditId: 77, creditAmount: BIG_AMOUNT },
    ])
    .run();
  // An exception annotated in Persian, and a month closed by two administrators with its snapshot (lines of JSON) and a late entry told.
  db.insert(s.statementNotes)
    .values([{ month: '2026-11-01', key: 'fd-41', kind: 'written-off', note: 'خرید مستقیم واحد مالی', actorId: ADMIN, at: t(180) }])
    .run();
  db.insert(s.closedMonths)
    .values([{ month: '2026-11-01', fromAt: 1_793_491_200_000, toAt: 1_796_083_200_000, requestedBy: ADMIN, confirmedBy: STAFF, requestedAt: t(181), closedAt: t(182), snapshot: '{"version":1}\n[{"entry":{"id":41,"amount":1250000}}]', lateTold: [90, 91] }])
    .run();
}

function sourceDatabase(fill: (db: Db) => void = fillSource): string {
  const path = tempPath('giftdesk.sqlite');
  const db = openDb(path);
  try {
    fill(db);
  } finally {
    closeDb(db);
  }
  return path;
}

/** The tables of both schemas under their export names, each read whole in primary-key order. */
async function readBoth(sqlitePath: string, url: string): Promise<Map<string, { sqlite: unknown[]; postgres: unknown[] }>> {
  const source = openDb(sqlitePath);
  const target = await openPostgres(url, { maxConnections: 1 });
  try {
    const tables = new Map<string, { sqlite: unknown[]; postgres: unknown[] }>();
    for (const [name, table] of Object.entries(sqliteSchema)) {
      if (!is(table, SQLiteTable)) continue;
      const pgTable = (pgSchema as Record<string, unknown>)[name];
      if (!is(pgTable, PgTable)) throw new Error(`no PostgreSQL table for ${name}`);
      // Ordered by the primary key, a column's own or the table's composite one.
      const sqliteConfig = getSqliteTableConfig(table);
      const pgConfig = getPgTableConfig(pgTable);
      const sqliteKeys = sqliteConfig.columns.filter((c) => c.primary);
      const pgKeys = pgConfig.columns.filter((c) => c.primary);
      const sqliteOrder = sqliteKeys.length > 0 ? sqliteKeys : sqliteConfig.primaryKeys[0]!.columns;
      const pgOrder = pgKeys.length > 0 ? pgKeys : pgConfig.primaryKeys[0]!.columns;
      tables.set(sqliteConfig.name, {
        sqlite: source.select().from(table).orderBy(...sqliteOrder.map((c) => asc(c))).all(),
        postgres: await target.select().from(pgTable).orderBy(...pgOrder.map((c) => asc(c))),
      });
    }
    return tables;
  } finally {
    closeDb(source);
    await closePostgres(target);
  }
}

async function rowCount(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe('copyToPostgres', () => {
  it('orders the tables parents first, from the foreign keys', () => {
    const names = tablesInCopyOrder().map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
    const before = (a: string, b: string) => expect(names.indexOf(a)).toBeLessThan(names.indexOf(b));
    before('orders', 'audit_log');
    before('orders', 'notifications');
    before('orders', 'approvals');
    before('batches', 'orders');
  });

  it('sums every bigint column that holds an amount, a price, a total or a balance', () => {
    for (const table of Object.values(pgSchema)) {
      if (!is(table, PgTable)) continue;
      const config = getPgTableConfig(table);
      const money = config.columns.filter((c) => c.getSQLType() === 'bigint' && /amount|price|^total$|balance/.test(c.name)).map((c) => c.name);
      expect([...(AMOUNT_COLUMNS[config.name] ?? [])].sort(), config.name).toEqual(money.sort());
    }
  });

  it('copies every table with identical values, then refuses a second copy into the now full database and changes nothing', async () => {
    const source = sourceDatabase();
    const url = await freshDatabase('dbcopy_full');
    const result = await copyToPostgres(source, url, { now: () => NOW });

    const rows = Object.fromEntries(result.tables.map((table) => [table.table, table.rows]));
    expect(rows).toMatchObject({ staff: 3, people: 2, orders: 8, audit_log: 4, notifications: 3, approvals: 3, card_locations: 4, app_state: 3, bot_sessions: 2, products: 3, update_queue: 2, batches: 2 });
    const orderSums = result.tables.find((table) => table.table === 'orders')!.sums;
    expect(orderSums).toContainEqual({ column: 'accepted_amount', total: String(2_500_000 + BIG_AMOUNT + 1_250_000) });
    expect(result.tables.find((table) => table.table === 'batches')!.sums).toEqual([{ column: 'total', total: String(2_500_000 + BIG_AMOUNT) }]);
    expect(result.skipped).toEqual(['products_fts']);
    expect(result.target).toBe(url);

    const tables = await readBoth(source, url);
    expect([...tables.keys()].sort()).toEqual(tablesInCopyOrder().map((spec) => spec.name).sort());
    for (const [name, { sqlite, postgres }] of tables) {
      expect(postgres, name).toEqual(sqlite);
      expect(postgres.length, name).toBeGreaterThan(0);
    }
    const copiedOrder = tables.get('orders')!.postgres.find((row) => (row as { id: number }).id === 4) as typeof pgSchema.orders.$inferSelect;
    expect(copiedOrder.acceptedAmount).toBe(2_500_000 + BIG_AMOUNT);
    expect(copiedOrder.createdAt.getTime()).toBe(t(4001).getTime());
    expect(copiedOrder.lines[1]!.fields[1]).toEqual({ fieldId: 9, title: 'نام', value: 'علی' });

    const again = await copyToPostgres(source, url, { now: () => NOW }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(DbCopyError);
    expect((again as DbCopyError).refused).toBe(true);
    expect((again as DbCopyError).message).toMatch(/is not empty: table \w+ already has rows/);
    const afterRefusal = await readBoth(source, url);
    for (const [name, { sqlite, postgres }] of afterRefusal) expect(postgres, name).toEqual(sqlite);
  });

  it('moves each id sequence past the copied ids, and past ids SQLite used for rows since deleted', async () => {
    const source = sourceDatabase();
    const url = await freshDatabase('dbcopy_ids');
    const result = await copyToPostgres(source, url, { now: () => NOW });
    expect(result.tables.find((table) => table.table === 'card_locations')!.sequenceAt).toBe(5);

    const db = await openPostgres(url, { maxConnections: 1 });
    try {
      const [created] = await db
        .insert(pgSchema.orders)
        .values({ userId: STAFF, chatId: STAFF, confirmKey: 'after-copy', fingerprint: 'after-copy', lines: [], totalAmount: 1, state: 'intent', sandbox: false, createdAt: new Date(NOW), updatedAt: new Date(NOW) })
        .returning({ id: pgSchema.orders.id });
      expect(created!.id).toBe(9);
      const [card] = await db.insert(pgSchema.cardLocations).values({ kind: 'order', subjectId: 2, chatId: ADMIN, messageId: 1, createdAt: new Date(NOW) }).returning({ id: pgSchema.cardLocations.id });
      expect(card!.id).toBe(6);
      const [audit] = await db.insert(pgSchema.auditLog).values({ at: new Date(NOW), action: 'x' }).returning({ id: pgSchema.auditLog.id });
      expect(audit!.id).toBe(5);
    } finally {
      await closePostgres(db);
    }
  });

  it('refuses a source that a running giftdesk holds, before touching the target; a claim gone quiet is no hold', async () => {
    const beatAt = NOW - 1_000;
    const claim = (db: Db) => {
      fillSource(db);
      db.update(sqliteSchema.appState)
        .set({ value: JSON.stringify({ owner: 'host:4242:run', beatAt, process: { host: 'host', pid: 4242, started: null } }) })
        .where(eq(sqliteSchema.appState.key, 'instance.lock'))
        .run();
    };
    const source = sourceDatabase(claim);
    const url = await freshDatabase('dbcopy_held');
    const error = await copyToPostgres(source, url, { now: () => NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbCopyError);
    expect((error as DbCopyError).refused).toBe(true);
    expect((error as DbCopyError).message).toBe(`a running giftdesk holds the database at ${source} (its heartbeat is 1 s old); stop it first, then copy. Nothing was written`);
    // Not even the schema was created.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query("select count(*)::int as n from information_schema.tables where table_schema = 'public'")).rows[0].n).toBe(0);
    } finally {
      await client.end();
    }

    const result = await copyToPostgres(source, url, { now: () => beatAt + STALE_AFTER_MS });
    expect(result.tables.find((table) => table.table === 'orders')!.rows).toBe(8);
  });

  it('rolls everything back and names the table and the sums when an amount arrives changed', async () => {
    const source = sourceDatabase();
    const url = await freshDatabase('dbcopy_mismatch');
    // The schema first, then a trigger that adds one to every audited amount on its way in.
    await closePostgres(await openPostgres(url, { maxConnections: 1 }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create function skew() returns trigger language plpgsql as $$ begin new.amount := new.amount + 1; return new; end $$`);
      await client.query('create trigger skew before insert on audit_log for each row when (new.amount is not null) execute function skew()');
    } finally {
      await client.end();
    }
    const error = await copyToPostgres(source, url, { now: () => NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbCopyError);
    expect((error as DbCopyError).refused).toBe(false);
    const expected = 2_500_000 + 2 * BIG_AMOUNT;
    expect((error as DbCopyError).message).toBe(
      `table audit_log: the sum of amount is ${expected} in SQLite but ${expected + 2} in PostgreSQL; everything was rolled back`,
    );
    for (const table of ['staff', 'orders', 'audit_log', 'app_state']) expect(await rowCount(url, table), table).toBe(0);
  });

  it('refuses a target it cannot reach and a source that is missing', async () => {
    const source = sourceDatabase();
    const missing = await copyToPostgres(source, postgresUrl('no_such_database_here')).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DbCopyError);
    expect((missing as DbCopyError).refused).toBe(true);
    expect((missing as DbCopyError).message).toMatch(/database no_such_database_here .*does not exist/);

    const nothing = await copyToPostgres(tempPath('absent.sqlite'), await freshDatabase('dbcopy_nosource')).catch((e: unknown) => e);
    expect((nothing as DbCopyError).refused).toBe(true);
    expect((nothing as DbCopyError).message).toMatch(/^there is no SQLite database at .*absent\.sqlite/);
  });
});

describe('npm run db:copy', () => {
  async function runCopy(args: string[], env: Record<string, string>, cwd = tmpdir()): Promise<{ code: number | null; output: string }> {
    // The built script, as `npm run db:copy` runs it (built once per run by the tests' global set-up).
    const child = spawn(process.execPath, [join(root, 'dist/ops/db-copy.js'), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, output };
  }

  it('copies DATABASE_PATH (or --from) with exit code 0, refuses a full target with 2, and refuses bad arguments with 2', async () => {
    const source = sourceDatabase();
    const url = await freshDatabase('dbcopy_cli');
    const first = await runCopy([url], { DATABASE_PATH: source });
    expect(first.output).toMatch(/^copying .* into postgresql:/);
    expect(first.output).toMatch(/\n  orders +8 rows, total_amount sum \d+ equal, accepted_amount sum \d+ equal\n/);
    // Every table of the schema, however many the release has.
    expect(first.output).toMatch(new RegExp(`copied \\d+ rows in ${tablesInCopyOrder().length} tables to .* in \\d+ ms`));
    expect(first.output).not.toMatch(/Google Play|a@example\.com|steam-user/);
    expect(first.code).toBe(0);

    const again = await runCopy(['--from', source, url], {});
    expect(again.code).toBe(2);
    expect(again.output).toMatch(/db:copy refused: the PostgreSQL database .* is not empty: table \w+ already has rows/);
    expect(await rowCount(url, 'orders')).toBe(8);

    const usage = await runCopy(['not-a-url'], {});
    expect(usage.code).toBe(2);
    expect(usage.output).toMatch(/^usage: npm run db:copy -- /);
  });

  it('carries the built-in sandbox along in sandbox mode, so that the rehearsal goes on with the same wallet, orders and transaction ids', async () => {
    const source = sourceDatabase();
    const from = sandboxStatePathFor({ path: source })!;
    const topUp = { id: 1, type: 'CREDIT' as const, amount: 5_000_000, balanceAfter: 5_000_000, orderId: null, description: 'top-up', createdAt: '2026-11-01T10:00:00.000Z' };
    const sandbox = openSandboxStateFile(from);
    sandbox.save({ transactions: [topUp], nextOrderId: 100_300 });
    const url = await freshDatabase('dbcopy_sandbox');
    const cwd = dirname(tempPath('workdir'));
    const to = join(cwd, sandboxStatePathFor({ url })!);

    // A sandbox still running on the file: nothing is copied.
    const held = await runCopy([url, '--from', source], {}, cwd);
    expect(held.output).toMatch(/db:copy refused: the sandbox state file .* cannot be read: a running sandbox holds it/);
    expect(held.code).toBe(2);
    expect(existsSync(to)).toBe(false);
    sandbox.close();

    const copied = await runCopy([url, '--from', source], {}, cwd);
    expect(copied.output).toMatch(/sandbox: carried its state file .* to \.\/data\/dbcopy_sandbox\w*\.provider\.sqlite/);
    expect(copied.code).toBe(0);
    const carried = openSandboxStateFile(to);
    try {
      expect(carried.saved.transactions).toEqual([topUp]);
      expect(carried.saved.nextOrderId).toBe(100_300);
    } finally {
      carried.close();
    }
  });
});
