import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../support/csv-reader.js';
import { exitCode, startBotProcess } from '../support/bot-process.js';
import { freshDatabase, postgresUrl } from '../support/postgres-database.js';
import { createFakeBotApi, type SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { cardsOf, posts, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };

/**
 * The built program on PostgreSQL, for what the other end-to-end files
 * prove on SQLite: an approval, an export, and
 * what an operator sees when DATABASE_URL cannot be used. Kill -9 and the
 * restarts run on both databases in restart.test.ts; moving up in
 * move-up.test.ts; several instances on one database in instances-polling.test.ts.
 */
describe('giftdesk on PostgreSQL, through the real process', () => {
  const world = sharedWorld({ process: true, database: 'postgresql', staff: [STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const settings = (databaseUrl: string) => ({
    BOT_TOKEN: world.telegram.token,
    TELEGRAM_API_ROOT: world.telegram.apiRoot,
    PROVIDER_BASE_URL: world.sandbox.baseUrl,
    PROVIDER_API_KEY: world.sandbox.apiKey,
    DATABASE_URL: databaseUrl,
    ADMIN_IDS: String(ADMIN.id),
  });

  it('places an order above the approval threshold once an administrator approves it, and delivers its codes', async () => {
    await admin().say('/approvals threshold 1000000', /Orders above 1,000,000 IRR now wait/);
    const sent = posts(world);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    await chat.say('1', /Please check your order/);
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    expect(posts(world)).toBe(sent);

    const request = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => /^Approval needed: request \d+/.test(m.text)));
    const edits = request.edits;
    world.telegram.clickButton(ADMIN, request, /Approve/);
    await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => m.message_id === request.message_id && m.edits > edits && /You approved it/.test(m.text)));
    const told = await world.telegram.waitForMessage(STAFF.id, /Ada approved your order/);
    const reference = referenceIn(told);
    await waitForDelivery(world, STAFF.id, reference);
    expect(posts(world)).toBe(sent + 1);
    const [row] = await world.database.rows<{ state: string }>('select state from approvals order by id desc limit 1');
    expect(row?.state).toBe('approved');
    await admin().say('/approvals threshold off', /approval/i);
  });

  it('exports the orders read from PostgreSQL, page by page, with no code in the file', async () => {
    const before = new Set(world.telegram.messages(ADMIN.id).map((m) => m.message_id));
    world.telegram.sendText(ADMIN, '/export orders');
    const sent = (await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => !before.has(m.message_id) && m.document !== undefined), {
      timeoutMs: 15_000,
    })) as SentMessage & { document: NonNullable<SentMessage['document']> };
    const { rows } = readCsv(sent.document.content);
    const order = world.sandbox.controls.orders().at(-1)!;
    const row = rows.find((r) => r.includes(order.orderReference));
    expect(row).toContain('Completed');
    expect(row).toContain('1250000');
    const text = sent.document.content.toString('utf8');
    for (const card of cardsOf(sandboxOrder(world, order.orderReference))) for (const secret of [card.code, card.serial]) expect(text).not.toContain(secret);
  });

  it('keeps its copy of the wallet in PostgreSQL and sends the month\'s statement, its CSV and its chart from the built program', async () => {
    const before = new Set(world.telegram.messages(ADMIN.id).map((m) => m.message_id));
    world.telegram.sendText(ADMIN, '/statement');
    const fresh = () => world.telegram.messages(ADMIN.id).filter((m) => !before.has(m.message_id));
    // The first chart of a process loads the renderer and its fonts first: seconds on a loaded machine.
    const chart = await world.telegram.waitFor(() => fresh().find((m) => m.photo !== undefined), { timeoutMs: 45_000 });
    const text = fresh().find((m) => m.text.startsWith('Wallet statement'))!.text;
    expect(text).toContain('giftdesk orders placed: 1; matched to a debit of the amount confirmed: 1.');
    expect(text).toContain('the books balance');
    expect(text).toContain('No exceptions');
    expect(fresh().some((m) => m.document?.fileName.startsWith('giftdesk-statement-'))).toBe(true);
    // A PNG drawn with the fonts the built program finds at run time.
    expect(chart.photo!.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(chart.photo!.length).toBeGreaterThan(10_000);
    const [copy] = await world.database.rows<{ n: number }>('select count(*)::int as n from wallet_ledger');
    expect(copy!.n).toBeGreaterThanOrEqual(2);
  });

  it("asks Telegram who the bot is while its database opens, not after: that round trip is off the start's way", async () => {
    // A Bot API of its own: the world's running process polls the shared one.
    const telegram = await createFakeBotApi();
    const bot = startBotProcess({ ...settings(await freshDatabase('early_ask')), BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.apiRoot });
    try {
      // A new database is checked, migrated and recorded for its provider (hundreds of milliseconds) before the services start.
      const recorded = await bot.waitForLog('database recorded for this provider');
      await telegram.waitFor(() => telegram.callsTo('getUpdates')[0], { timeoutMs: 30_000 });
      const [getMe] = telegram.callsTo('getMe');
      expect(getMe!.at).toBeLessThan(Number(recorded['time']));
    } finally {
      await bot.stop();
      await telegram.close();
    }
  });

  it('stops with exit code 2 naming host and database, never the password, when DATABASE_URL cannot be used', async () => {
    const missing = postgresUrl('no_such_database', 'postgres', 'hunter2-secret');
    const bot = startBotProcess(settings(missing));
    expect(await exitCode(bot)).toBe(2);
    expect(bot.output()).toMatch(/DATABASE_URL: cannot use PostgreSQL at .*, database no_such_database \(user postgres\): the database does not exist/);
    expect(bot.output()).not.toContain('hunter2-secret');
  });
});

describe('sandbox mode on PostgreSQL', () => {
  const world = sharedWorld({ process: true, inProcessSandbox: true, database: 'postgresql' });

  it('orders from its own sandbox provider, whose state file is named after the database', async () => {
    const chat = chatDriver(world.telegram, ADMIN);
    await chat.say('/order', /Choose a category/);
    await chat.tap(/گوگل پلی/, /choose a product/);
    await chat.tap(/Google Play 10 USD/, /How many\?/);
    await chat.tap(/^1$/, /Please check your order/);
    const placed = await chat.tap(/Confirm/, /Order \S+ is placed/);
    expect(placed.text).toContain('[SANDBOX]');
    const database = /\/([^/?]+)\?/.exec(world.database.env['DATABASE_URL']!)![1]!;
    expect(existsSync(join(world.bot.cwd, 'data', `${database}.provider.sqlite`))).toBe(true);
  });
});
