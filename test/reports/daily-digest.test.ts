import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createBatchStore } from '../../src/db/batch-store.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createDailyDigest } from '../../src/reports/daily-digest.js';
import { createReportQueries } from '../../src/db/report-queries.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { openedOrder } from '../support/order-fixtures.js';
import { createCodeExpiryStore } from '../../src/db/code-expiry-store.js';
import { createExpiringSoon } from '../../src/expiry/expiring-soon.js';
import { EXPIRY_REMIND_DAYS } from '../../src/expiry/expiry-settings.js';
import { createLedgerStore } from '../../src/db/ledger-store.js';
import { createRunwayReader, type RunwayReader } from '../../src/runway/runway-reader.js';

const TEHRAN = 'Asia/Tehran';
const MINUTE = 60_000;
// 2026-11-21 08:30 in Tehran (UTC+3:30).
const START = Date.UTC(2026, 10, 21, 5, 0);
const ADMIN_ID = 1001;

let dir: string;
let sandbox: Sandbox;
let clock: ManualClock;
let db: Db;
let sent: string[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'giftdesk-digest-'));
  sandbox = await createSandbox();
  clock = createManualClock(START);
  db = openDb(join(dir, 'giftdesk.sqlite'));
  sent = [];
});

afterEach(async () => {
  closeDb(db);
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The digest as main.ts builds it, on the database currently open. */
function digest(locale: 'en' | 'fa' = 'en', walletExceptions?: () => Promise<number | null>, runway?: RunwayReader) {
  return createDailyDigest({
    ...(walletExceptions ? { walletExceptions } : {}),
    ...(runway ? { runway: (balance: number) => runway.of(balance) } : {}),
    state: createAppStateStore({ database: databaseOf(db), clock }),
    settings: sqliteSettings(db, clock),
    queries: createReportQueries({ database: databaseOf(db) }),
    provider: createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1_000 }),
    periods: createLocalPeriods(TEHRAN),
    presentation: { amountUnit: { en: 'IRR', fa: 'ریال' }, timeZone: TEHRAN, monthCalendar: 'gregorian', sandbox: false },
    recipients: () => [{ telegramId: ADMIN_ID, locale }],
    sendText: async (_chatId, text) => void sent.push(text),
    translate: (locale) => translatorFor(locale),
    describePerson: (id) => (id === 7 ? 'Sara' : String(id)),
    expiringCodes: createExpiringSoon({ store: createCodeExpiryStore({ database: databaseOf(db) }), settings: sqliteSettings(db, clock), periods: createLocalPeriods(TEHRAN), clock }),
    clock,
    logger: silentLogger,
  });
}

/** Cards of a new order of user 7 that stop working at these moments; the order's id. */
let keys = 0;
async function expiringCards(...moments: number[]): Promise<number> {
  const key = `expiring-${++keys}`;
  const order = await openedOrder(createOrderStore({ database: databaseOf(db), clock }), { confirmKey: key, fingerprint: key, userId: 7, chatId: 7 });
  const cards = moments.map((expiresAt, cardIndex) => ({ itemIndex: 0, cardIndex, productId: 101, expiresAt }));
  await createCodeExpiryStore({ database: databaseOf(db) }).record({ orderId: order.id, userId: 7, cards, at: clock.now() });
  return order.id;
}

describe('the daily digest', () => {
  it('waits for its hour when set, then sends once that day', async () => {
    const d = digest();
    await d.setHour(9, ADMIN_ID);
    await d.run();
    expect(sent).toHaveLength(0);
    clock.advance(29 * MINUTE);
    await d.run();
    expect(sent).toHaveLength(0);
    clock.advance(MINUTE);
    await d.run();
    await d.run();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^Daily digest for 20 Nov 2026/);
  });

  it('is not sent again after a restart on the same day, and comes again the next day', async () => {
    await digest().setHour(9, ADMIN_ID);
    clock.advance(30 * MINUTE);
    await digest().run();
    closeDb(db);
    db = openDb(join(dir, 'giftdesk.sqlite'));
    const restarted = digest();
    await restarted.run();
    expect(sent).toHaveLength(1);
    clock.advance(24 * 60 * MINUTE);
    await restarted.run();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatch(/^Daily digest for 21 Nov 2026/);
  });

  it('goes out late, once, when its hour passed while nothing ran', async () => {
    const d = digest();
    await d.setHour(9, ADMIN_ID);
    clock.advance(6 * 60 * MINUTE);
    await d.run();
    await d.run();
    expect(sent).toHaveLength(1);
  });

  it('stays quiet when turned off', async () => {
    const d = digest();
    await d.setHour(9, ADMIN_ID);
    await d.setHour(null, ADMIN_ID);
    clock.advance(60 * MINUTE);
    await d.run();
    expect(sent).toHaveLength(0);
  });

  it('reports the past local day’s orders per person, what was returned, what needs action and the balance', async () => {
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const order = async (key: string, state: 'completed' | 'refunded' | 'action_required', userId: number) => {
      const opened = await openedOrder(repo, { confirmKey: key, fingerprint: key, userId, chatId: userId });
      await repo.transition({ id: opened.id, from: 'intent', to: state, audit: { actorId: null, action: `order.${state}` } });
    };
    await order('a', 'completed', 7);
    await order('b', 'completed', 7);
    await order('c', 'refunded', 8);
    await order('d', 'action_required', 8);
    sandbox.controls.setBalance(9_000_000);
    const d = digest();
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    expect(sent).toHaveLength(1);
    const text = sent[0]!;
    expect(text).toContain('Daily digest for 21 Nov 2026');
    expect(text).toContain('3 orders, 3,750,000 IRR spent:');
    expect(text).toContain('• Sara: 2 orders, 2,500,000 IRR');
    expect(text).toContain('• 8: 1 order, 1,250,000 IRR');
    expect(text).toContain('Failed, cancelled or refunded: 1');
    expect(text).toContain('Needing action now: 1');
    expect(text).toContain('Wallet balance: 9,000,000 IRR');
    // No code expires: no line of nothing.
    expect(text).not.toContain('expire by');
  });

  it('counts the codes not handed over whose last day is within a week while reminders are off', async () => {
    // The digest goes at 09:00 on 22 November in Tehran: a week on is the end of the 29th, 20:30 UTC.
    await expiringCards(Date.UTC(2026, 10, 29, 20, 30), Date.UTC(2026, 10, 29, 20, 31), Date.UTC(2026, 10, 22, 5, 0), Date.UTC(2026, 10, 23, 12));
    const handedOver = await expiringCards(Date.UTC(2026, 10, 25));
    await createCodeExpiryStore({ database: databaseOf(db) }).markHandedOver(handedOver, 7, clock.now());
    const d = digest();
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    expect(sent[0]).toContain('\nCodes not marked handed over that expire by 29 Nov 2026: 2');
  });

  it('counts over the reminder’s days when they are set, in Persian for a Persian administrator', async () => {
    await expiringCards(Date.UTC(2026, 10, 25, 20, 30), Date.UTC(2026, 10, 26, 12));
    await sqliteSettings(db, clock).write(EXPIRY_REMIND_DAYS, 3, ADMIN_ID);
    const d = digest('fa');
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    // 25 November 2026 is 4 Azar 1405.
    expect(sent[0]).toContain('کدهایی که تحویلشان ثبت نشده و تا ۴ آذر ۱۴۰۵ منقضی می‌شوند: ۱');
  });

  it("names the wallet statement's open exceptions until they are gone, and nothing when there are none or they are not known", async () => {
    const open: (number | null)[] = [3, 0, null];
    const d = digest('en', async () => open.shift() ?? null);
    await d.setHour(9, ADMIN_ID);
    for (let day = 1; day <= 3; day++) {
      clock.advance(24 * 60 * MINUTE);
      await d.run();
    }
    expect(sent).toHaveLength(3);
    expect(sent[0]).toContain('⚠️ Wallet statement: 3 exceptions this month (see /statement).');
    expect(sent.slice(1).some((text) => text.includes('Wallet statement'))).toBe(false);
  });

  it('reads in Persian for a Persian administrator: the day in the Persian calendar, Persian digits, no internal words', async () => {
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const opened = await openedOrder(repo, { confirmKey: 'a', fingerprint: 'a', userId: 7, chatId: 7 });
    await repo.transition({ id: opened.id, from: 'intent', to: 'action_required', audit: { actorId: null, action: 'order.action_required' } });
    sandbox.controls.setBalance(9_000_000);
    const d = digest('fa');
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    const text = sent[0]!;
    // 2026-11-21 is 30 Aban 1405.
    expect(text.split('\n')[0]).toBe('خلاصهٔ روزانهٔ ۳۰ آبان ۱۴۰۵');
    expect(text).toContain('۹٬۰۰۰٬۰۰۰ ریال');
    expect(text).toContain('#۱ Sara: Google Play 10 USD، ');
    // The product's own title is the provider's name for it and keeps its digits; nothing else has Latin digits.
    expect(text.replace('Google Play 10 USD', '')).not.toMatch(/[0-9]|IRR|null|->|\b[a-z_]+\.[a-z_]+\b/);
  });

  it('says how many of the day’s orders came in batches, and in how many', async () => {
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const batches = createBatchStore({ database: databaseOf(db) });
    const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 1, fields: [] };
    const plan = [{ lines: [line], rows: [] }, { lines: [line], rows: [] }];
    const newBatch = (key: string) =>
      batches.create({ key, requesterId: 7, chatId: 7, source: 'quantity', fileHash: null, fileName: null, plan, total: 2_500_000 }, new Date(clock.now()));
    const first = await newBatch('b1');
    const second = await newBatch('b2');
    const order = async (key: string, state: 'completed' | 'failed', batch?: { id: number; index: number }) => {
      const opened = await openedOrder(repo, { confirmKey: key, fingerprint: key, userId: 7, chatId: 7, ...(batch ? { batch } : {}) });
      await repo.transition({ id: opened.id, from: 'intent', to: state, audit: { actorId: null, action: `order.${state}` } });
    };
    await order('a', 'completed');
    await order('b', 'completed', { id: first.id, index: 0 });
    await order('c', 'completed', { id: first.id, index: 1 });
    await order('d', 'completed', { id: second.id, index: 0 });
    // A failed order spent nothing: neither it nor its batch counts.
    await order('e', 'failed', { id: (await newBatch('b3')).id, index: 0 });
    const d = digest();
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    expect(sent[0]).toContain('4 orders, 5,000,000 IRR spent, of which 3 in 2 batches:');
  });

  it('counts batches in Persian', async () => {
    const repo = createOrderStore({ database: databaseOf(db), clock });
    const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 1, fields: [] };
    const batch = await createBatchStore({ database: databaseOf(db) }).create(
      { key: 'b1', requesterId: 7, chatId: 7, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: [line], rows: [] }], total: 1_250_000 },
      new Date(clock.now()),
    );
    const opened = await openedOrder(repo, { confirmKey: 'a', fingerprint: 'a', userId: 7, chatId: 7, batch: { id: batch.id, index: 0 } });
    await repo.transition({ id: opened.id, from: 'intent', to: 'completed', audit: { actorId: null, action: 'order.completed' } });
    const d = digest('fa');
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    expect(sent[0]).toContain('۱ سفارش، جمعاً ۱٬۲۵۰٬۰۰۰ ریال، که ۱ سفارش از آن‌ها در ۱ سفارش گروهی بود:');
  });
});

describe('the digest and the runway', () => {
  it('says how long the wallet lasts at the recent pace, in English and in Persian', async () => {
    // Ten days before the digest's day, 1,000,000 spent each day: 9,000,000 lasts nine days.
    const ledger = createLedgerStore({ database: databaseOf(db) });
    const day = (n: number) => START - n * 24 * 60 * MINUTE;
    await ledger.keep(
      Array.from({ length: 10 }, (_, i) => ({ id: i + 1, type: 'DEBIT', amount: 1_000_000, balanceAfter: null, providerOrderId: 500 + i, description: null, createdAt: null, at: day(i) })),
      START,
      true,
    );
    const reader = createRunwayReader({ store: ledger, filled: async () => ({ from: day(9) - 24 * 60 * MINUTE }), periods: createLocalPeriods(TEHRAN), clock });
    sandbox.controls.setBalance(9_000_000);
    const d = digest('en', undefined, reader);
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    expect(sent[0]).toContain('Wallet balance: 9,000,000 IRR\nAt this pace the wallet lasts about 9 days');
    expect(sent[0]).toContain('lately about 1,000,000 IRR a day');
  });
});

describe('the digest on a fresh install', () => {
  it('shows no runway line when nothing was spent in the 30 days before its day: there is no pace to go by', async () => {
    const ledger = createLedgerStore({ database: databaseOf(db) });
    // The whole history is known (the provider listed it to its end) and holds nothing spent.
    const reader = createRunwayReader({ store: ledger, filled: async () => ({ from: 0 }), periods: createLocalPeriods(TEHRAN), clock });
    expect(await reader.of(9_000_000)).toEqual({ kind: 'no-spend' });
    sandbox.controls.setBalance(9_000_000);
    const d = digest('en', undefined, reader);
    await d.setHour(9, ADMIN_ID);
    clock.advance(24 * 60 * MINUTE + 30 * MINUTE);
    await d.run();
    const afterBalance = sent[0]!.split('Wallet balance: 9,000,000 IRR')[1];
    expect(afterBalance).toBeDefined();
    expect(afterBalance).not.toMatch(/pace|spent from the wallet/);
  });
});
