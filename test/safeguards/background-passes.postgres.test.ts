import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionPasses } from '../../src/app/retention-wiring.js';
import { createServices, type Services } from '../../src/app/services.js';
import { systemClock, type Clock } from '../../src/clock.js';
import { parseConfig } from '../../src/config.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { orders } from '../../src/db/postgres/schema.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import { createLogger } from '../../src/logger.js';
import { ADMIN_REQUEST_EXPIRY_MS } from '../../src/safeguards/dual-control/admin-change.js';
import { createAdminRequestExpiry } from '../../src/safeguards/dual-control/dual-control-announcer.js';
import { CODES_REMOVE_AFTER_HOURS } from '../../src/safeguards/retention/retention-settings.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { orderRow } from '../db/contract/order-rows.js';
import { createFakeBotApi, type FakeBotApi, type FakeUser } from '../support/fake-bot-api/index.js';
import { ADMIN, STAFF } from '../support/fake-people.js';
import { freshDatabase } from '../support/postgres-database.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Real time, moved forward by hand and seen by both instances. */
let offset = 0;
const clock: Clock = { now: () => systemClock.now() + offset, sleep: (ms, signal) => systemClock.sleep(ms, signal) };

/**
 * Two instances on one PostgreSQL database, each on its own pool with the
 * services production builds (createServices), running the background
 * passes that act on the chats and the data at the same moment, as two
 * instances' loops do: each piece of work is done once.
 */
let first: PgDb;
let second: PgDb;
let telegram: FakeBotApi;
let sandbox: Sandbox;
let a: Services;
let b: Services;
beforeAll(async () => {
  const url = await freshDatabase('background_passes');
  first = await openPostgres(url);
  second = await openPostgres(url);
  telegram = await createFakeBotApi();
  sandbox = await createSandbox({ rateLimit: false });
  a = await services(first);
  b = await services(second);
  for (const user of [ADMIN, SECOND_ADMIN, STAFF]) telegram.addChat(user);
  await a.staff.add(SECOND_ADMIN.id, 'admin', ADMIN.id);
  await a.staff.add(STAFF.id, 'staff', ADMIN.id);
  await b.viewFreshness.check();
});
afterAll(async () => {
  await telegram?.close();
  await sandbox?.close();
  await Promise.all([first, second].filter(Boolean).map(closePostgres));
});

const config = () => ({
  ...parseConfig({
    BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    PROVIDER_BASE_URL: sandbox.baseUrl,
    PROVIDER_API_KEY: sandbox.apiKey,
    ADMIN_IDS: String(ADMIN.id),
    AMOUNT_UNIT: 'IRR',
    TIME_ZONE: 'UTC',
  }),
  sandboxMode: true,
});
const logger = createLogger({ level: 'silent' });

async function services(db: PgDb): Promise<Services> {
  return createServices({ config: config(), stores: postgresStores({ db, clock }), provider: { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey }, clock, logger });
}

const passesOf = (s: Services) => retentionPasses({ config: config(), services: s, clock, logger });

/** Both instances run `pass` at once, a few rounds in a row, as their loops would. */
async function together(pass: (s: Services) => () => Promise<unknown>): Promise<void> {
  const [onA, onB] = [pass(a), pass(b)];
  for (let round = 0; round < 3; round += 1) await Promise.all([onA(), onB()]);
}

describe('the background passes with two instances on PostgreSQL', () => {
  it('take each delivered code message out of the chat once', async () => {
    const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
    const orderId = (await first.insert(orders).values(orderRow(clock.now(), { providerReference: 'A501', userId: STAFF.id })).returning({ id: orders.id }))[0]!.id;
    const sent: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const message = await api.sendMessage(STAFF.id, `Codes of order A501: card ${i}`);
      await a.stores.codeMessages.record({ chatId: STAFF.id, messageId: message.message_id, orderId, sentAt: clock.now() });
      sent.push(message.message_id);
    }
    await a.settings.write(CODES_REMOVE_AFTER_HOURS, 1, ADMIN.id);
    await b.viewFreshness.check();
    offset += HOUR + 60_000;

    await together((s) => passesOf(s).removeCodeMessages);

    const edits = telegram.callsTo('editMessageText').length + telegram.callsTo('deleteMessage').length;
    expect(edits).toBe(sent.length);
    const chat = telegram.messages(STAFF.id).filter((m) => sent.includes(m.message_id));
    for (const message of chat) expect(message.text).toMatch(/removed from this chat after 1 hour/);
  });

  it('erase each settled order’s answers once', async () => {
    const settled = clock.now() - 200 * DAY;
    const fields = [{ fieldId: 7, title: 'E-mail', value: 'buyer@example.com' }];
    const line = { product: { id: 101, title: 'Game' }, region: { regionPropertyId: 5001, title: 'US', price: 1_000 }, quantity: 1, fields };
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const row = orderRow(settled, { state: 'completed', finishedAt: new Date(settled), lines: [line], totalAmount: 1_000 });
      ids.push((await first.insert(orders).values(row).returning({ id: orders.id }))[0]!.id);
    }
    const [onA, onB] = [passesOf(a).eraseOldAnswers, passesOf(b).eraseOldAnswers];
    const runs = (await Promise.all([onA(), onB(), onA(), onB()])) as { erased: number }[];

    expect(runs.reduce((sum, run) => sum + run.erased, 0)).toBe(ids.length);
    const rows = await first.select({ lines: orders.lines, erasedAt: orders.answersErasedAt }).from(orders);
    const erased = rows.filter((row) => row.erasedAt !== null);
    expect(erased).toHaveLength(ids.length);
    for (const row of erased) expect(JSON.stringify(row.lines)).not.toContain('buyer@example.com');
  });

  it('let a privileged change lapse once, each administrator told once', async () => {
    const asked = await a.dualControl.submit({ kind: 'rule', personId: STAFF.id, rule: 'day', value: null, reset: false }, ADMIN.id);
    expect(asked.kind).toBe('requested');
    offset += ADMIN_REQUEST_EXPIRY_MS + 60_000;

    await together((s) => createAdminRequestExpiry({ dual: s.dualControl, announcer: s.dualControlAnnouncer, news: s.stores.expiryNews, logger }));

    for (const admin of [ADMIN, SECOND_ADMIN]) {
      expect(telegram.messages(admin.id).filter((m) => /no one confirmed in time/.test(m.text))).toHaveLength(1);
    }
  });
});
