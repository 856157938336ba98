import { beforeAll, describe, expect, it } from 'vitest';
import { createProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { richDetails, richTables, type FakeUser, type SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { orderThroughChat, referenceIn, waitForDelivery } from './order-steps.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const RLM = '\u200F';
const DAY = 86_400_000;
/** A name typed by a person, with what would be markup anywhere it was parsed. */
const SUPPORT = 'Support <b>&</b> *ops*';
const PERSIAN_CENTRE = 'بازاریابی نوروز';
const bare = (text: string) => text.replaceAll(RLM, '');

/** The settings and the people both worlds start from: two cost centres, one with a budget, a limit of Sam's own, a Persian administrator. */
async function setUp(world: World): Promise<void> {
  const ada = chatDriver(world.telegram, ADMIN);
  await ada.say('/velocity reads off', /now off/);
  await ada.say(`/costcentres add ${SUPPORT}`, /Added cost centre/);
  await ada.say(`/costcentres add ${PERSIAN_CENTRE}`, /Added cost centre/);
  await ada.say('/budgets set 1 5000000', /is now 5,000,000 IRR/);
  await ada.say(`/limits ${STAFF.id} day 9000000`, /./);
  world.telegram.addChat(PERSIAN_ADMIN);
  await ada.say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
  await chatDriver(world.telegram, PERSIAN_ADMIN).say('/balance', /موجودی کیف پول/);
}

/** The one message `text` brings that matches, rich or plain. */
async function ask(world: World, user: FakeUser, text: string, match: RegExp, timeoutMs = 20_000): Promise<SentMessage> {
  return chatDriver(world.telegram, user).answerTo(() => world.telegram.sendText(user, text), match, timeoutMs);
}

describe('long reports as rich messages where the Bot API server takes them', () => {
  const world = sharedWorld({ staff: [STAFF], telegram: { richMessages: 'supported' }, env: { WALLET_WATCH_SECONDS: '1', TIME_ZONE: 'UTC', AMOUNT_UNIT_FA: 'ریال' } });

  beforeAll(async () => {
    await setUp(world);
    const delivered = referenceIn(await orderThroughChat(world, STAFF, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 2 }));
    await waitForDelivery(world, STAFF.id, delivered);
    // Someone with the API key orders straight from the provider: an exception in the statement.
    const thief = createProviderClient({ baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.apiKey });
    const detail = await thief.getProduct(SANDBOX_PRODUCTS.noFields);
    await thief.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: detail.regionProperties[0]!.regionPropertyId, quantity: 1 }] });
    await world.telegram.waitForMessage(ADMIN.id, /Someone else is spending this wallet/, { timeoutMs: 120_000 });
  }, 180_000);

  it('shows /budgets as a table: cost centre, budget, spent, committed, left; a typed name stays as typed', async () => {
    const sent = await ask(world, ADMIN, '/budgets', /This month's budgets/);
    expect(sent.rich).toBeDefined();
    const [table] = richTables(sent.rich);
    expect(table![0]).toEqual(['Cost centre', 'Budget', 'Spent', 'Committed', 'Left']);
    expect(table).toContainEqual([`1. ${SUPPORT}`, '5,000,000 IRR', '0 IRR', '0 IRR', '5,000,000 IRR']);
    expect(table).toContainEqual([`2. ${PERSIAN_CENTRE}`, 'no budget', '0 IRR', '0 IRR', '—']);
    expect(sent.text).toMatch(/Orders over a cost centre's budget|over its cost centre's budget/);
  });

  it('shows /budgets to a Persian reader right to left, in Persian words and digits', async () => {
    const sent = await ask(world, PERSIAN_ADMIN, '/budgets', /بودجه/);
    expect(sent.rich?.is_rtl).toBe(true);
    const [table] = richTables(sent.rich);
    expect(table![0]).toEqual(['مرکز هزینه', 'بودجه', 'خرج‌شده', 'در راه', 'مانده']);
    expect(table!.map((row) => row.map(bare))).toContainEqual([`۱. ${SUPPORT}`, '۵٬۰۰۰٬۰۰۰ ریال', '۰ ریال', '۰ ریال', '۵٬۰۰۰٬۰۰۰ ریال']);
    // A cell that opens with a Latin name carries the mark that keeps it right to left.
    expect(table!.find((row) => bare(row[0]!).includes('Support'))![0]!.startsWith(RLM)).toBe(true);
  });

  it('shows /limits as two tables: the team defaults, and each person with values of their own', async () => {
    const sent = await ask(world, ADMIN, '/limits', /Spending limits/);
    const [defaults, own] = richTables(sent.rich);
    expect(defaults![0]).toEqual(['Rule', 'Team default']);
    expect(defaults!.slice(1).map((row) => row[0])).toEqual(expect.arrayContaining(['Per order', 'Per day', 'Per month', 'Approval above']));
    expect(own![0]![0]).toBe('Person');
    const sam = own!.find((row) => row[0]!.includes(String(STAFF.id)) || row[0]!.includes('Sam'))!;
    expect(sam[own![0]!.indexOf('Per day')]).toBe('9,000,000 IRR');
    expect(sam[own![0]!.indexOf('Per order')]).toBe('default');
  });

  it('shows /limits to a Persian reader right to left', async () => {
    const sent = await ask(world, PERSIAN_ADMIN, '/limits', /سقف‌های خرید/);
    expect(sent.rich?.is_rtl).toBe(true);
    const [defaults, own] = richTables(sent.rich);
    expect(defaults![0]).toEqual(['قاعده', 'پیش‌فرض تیم']);
    expect(own!.flat().map(bare)).toContain('۹٬۰۰۰٬۰۰۰ ریال');
  });

  it('shows /statement with its figures as a table and the exceptions in an expandable block, the CSV still after it', async () => {
    const sent = await ask(world, ADMIN, '/statement', /Wallet statement/, 45_000);
    const [figures] = richTables(sent.rich);
    expect(figures![0]).toEqual(['Item', 'Amount']);
    expect(figures!.map((row) => row[0])).toEqual(['Item', 'Opening balance', '+ Credits', 'top-ups', 'refunds', '− Debits', 'giftdesk orders', 'placed elsewhere', '= Closing balance']);
    expect(figures!.find((row) => row[0] === 'giftdesk orders')![1]).toBe('2,500,000 IRR');
    const exceptions = richDetails(sent.rich).find((block) => block.summary.startsWith('Exceptions to look at'));
    expect(exceptions?.open).toBe(false);
    expect(exceptions?.text).toMatch(/^• /);
    await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).find((m) => m.message_id > sent.message_id && m.document !== undefined), { timeoutMs: 20_000 });
  });

  it('shows /statement to a Persian reader right to left, in Persian', async () => {
    const sent = await ask(world, PERSIAN_ADMIN, '/statement', /صورت‌حساب کیف پول/, 45_000);
    expect(sent.rich?.is_rtl).toBe(true);
    const [figures] = richTables(sent.rich);
    expect(figures![0]).toEqual(['شرح', 'مبلغ']);
    expect(figures!.find((row) => row[0] === 'سفارش‌های giftdesk')![1]).toBe('۲٬۵۰۰٬۰۰۰ ریال');
    expect(richDetails(sent.rich).some((block) => block.summary.startsWith('موارد نیازمند بررسی'))).toBe(true);
  });

  it('sends the daily digest as a rich message, spend per person as a table, in English and Persian', async () => {
    await chatDriver(world.telegram, ADMIN).say('/digest 0', /every day at 0:00/);
    // The order becomes yesterday's, and today's digest not yet sent: the restart sends it at once.
    await world.bot.stop();
    await world.database.change('update orders set created_at = created_at - ?', [DAY]);
    await world.database.change("delete from app_state where key = 'digest.last-sent-day'");
    await world.restart();
    const english = await world.telegram.waitForMessage(ADMIN.id, (m) => m.rich !== undefined && /Daily digest for/.test(m.text), { timeoutMs: 30_000 });
    const [people] = richTables(english.rich);
    expect(people).toEqual([['Person', 'Orders', 'Spend'], [expect.stringMatching(/Sam/), '1', '2,500,000 IRR']]);
    const persian = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, (m) => m.rich !== undefined && /خلاصهٔ روزانهٔ/.test(m.text), { timeoutMs: 30_000 });
    expect(persian.rich?.is_rtl).toBe(true);
    expect(richTables(persian.rich)[0]![0]).toEqual(['فرد', 'سفارش‌ها', 'هزینه']);
  }, 30_000);

  it('sends them as plain text when RICH_REPORTS is off, though the server takes rich messages', async () => {
    await world.bot.stop();
    await world.restart({ RICH_REPORTS: 'off' });
    const richCalls = world.telegram.callsTo('sendRichMessage').length;
    const sent = await ask(world, ADMIN, '/budgets', /This month's budgets/);
    expect(sent.rich).toBeUndefined();
    expect(sent.text).toMatch(new RegExp(`1\\. ${SUPPORT.replace(/[*]/g, '\\*')}: budget 5,000,000 IRR, spent 0 IRR, committed 0 IRR, left 5,000,000 IRR`));
    expect(world.telegram.callsTo('sendRichMessage')).toHaveLength(richCalls);
  });
});

describe('long reports where the Bot API server is older than rich messages', () => {
  // The built program in its own process, as `npm start` runs it, with RICH_REPORTS left to its default.
  const world = sharedWorld({ staff: [STAFF], process: true, env: { TIME_ZONE: 'UTC', AMOUNT_UNIT_FA: 'ریال' } });

  beforeAll(async () => {
    await setUp(world);
  }, 60_000);

  it('sends /budgets and /limits as the plain text they always were, asking for a rich message once', async () => {
    const budgets = await ask(world, ADMIN, '/budgets', /This month's budgets/);
    expect(budgets.rich).toBeUndefined();
    expect(budgets.text.split('\n').slice(0, 3)).toEqual([
      expect.stringMatching(/^This month's budgets \(\d+ days? left in the month\):$/),
      `1. ${SUPPORT}: budget 5,000,000 IRR, spent 0 IRR, committed 0 IRR, left 5,000,000 IRR`,
      `2. ${PERSIAN_CENTRE}: no budget; spent 0 IRR, committed 0 IRR`,
    ]);
    const limits = await ask(world, ADMIN, '/limits', /Spending limits/);
    expect(limits.rich).toBeUndefined();
    expect(limits.text).toMatch(/^Spending limits\n\nTeam defaults \(for everyone without a value of their own\):\n• Per order: /);
    expect(limits.text).toContain(`Values of their own:\n• ${STAFF.id}: Per day 9,000,000 IRR`);
    const asked = world.telegram.callsTo('sendRichMessage');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.response).toMatchObject({ ok: false, error_code: 404 });
  });

  it('sends them to a Persian reader as the plain Persian text, laid out right to left as before', async () => {
    const budgets = await ask(world, PERSIAN_ADMIN, '/budgets', /بودجه/);
    expect(budgets.rich).toBeUndefined();
    expect(budgets.text).toContain(`${RLM}۱. ${SUPPORT}: بودجه ۵٬۰۰۰٬۰۰۰ ریال، خرج‌شده ۰ ریال، در راه ۰ ریال، مانده ۵٬۰۰۰٬۰۰۰ ریال`);
    const limits = await ask(world, PERSIAN_ADMIN, '/limits', /سقف‌های خرید/);
    expect(limits.rich).toBeUndefined();
    expect(limits.text).toContain('۹٬۰۰۰٬۰۰۰ ریال');
    expect(world.telegram.callsTo('sendRichMessage')).toHaveLength(1);
  });
});
