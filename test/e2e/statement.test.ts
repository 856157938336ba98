import { beforeAll, describe, expect, it } from 'vitest';
import { createProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { readCsv } from '../support/csv-reader.js';
import { decodePng, type PngPixels } from '../support/png-pixels.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { orderThroughChat, referenceIn, waitForDelivery } from './order-steps.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const XBOX_FAILS = { search: 'ایکس باکس', product: /ایکس باکس ۱۵/ };
const APPLE_OVERCHARGED = { search: 'Apple iTunes 10', product: /^Apple iTunes 10 USD/ };
const SPOTIFY_DEBIT_DROPPED = { search: 'Spotify Premium', product: /^Spotify Premium 1 Month/ };
const TOP_UP = 3_000_000;
const OVERCHARGE = 7_000;
const MINUTE = 60_000;
const fmt = (n: number) => `${n.toLocaleString('en-US')} IRR`;

/** What the bot sends `user` in answer to `text`: the statement, its CSV and its chart. */
async function statementAs(world: World, user: FakeUser, text: string): Promise<{ message: SentMessage; file: SentMessage; chart: SentMessage }> {
  const before = new Set(world.telegram.messages(user.id).map((m) => m.message_id));
  world.telegram.sendText(user, text);
  const fresh = () => world.telegram.messages(user.id).filter((m) => !before.has(m.message_id));
  // The first chart of a process loads the renderer and its fonts first: seconds on a loaded machine.
  const chart = await world.telegram.waitFor(() => fresh().find((m) => m.photo !== undefined), { timeoutMs: 45_000 });
  const file = fresh().find((m) => m.document !== undefined)!;
  const message = fresh().find((m) => m.document === undefined && m.photo === undefined)!;
  return { message, file, chart };
}

/** Pixels in the box that satisfy `test`. */
function count(png: PngPixels, box: { x0: number; x1: number; y0: number; y1: number }, test: (rgba: [number, number, number, number]) => boolean): number {
  let found = 0;
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) if (test(png.at(x, y))) found += 1;
  return found;
}
const coloured = ([r, g, b]: [number, number, number, number]) => Math.max(r, g, b) - Math.min(r, g, b) > 60;
const dark = ([r, g, b]: [number, number, number, number]) => r + g + b < 200;

describe('the wallet statement and the wallet watch, through the real process', () => {
  const world = sharedWorld({ staff: [STAFF], env: { WALLET_WATCH_SECONDS: '1', TIME_ZONE: 'UTC', AMOUNT_UNIT_FA: 'ریال' } });
  const money = { initial: 0, foreign: 0, googlePlay: 1_250_000, xbox: 1_900_000, apple: 1_280_000, spotify: 950_000 };
  let foreignOrderId = 0;
  let alertedWithinMs = 0;

  beforeAll(async () => {
    money.initial = world.sandbox.controls.balance();
    world.telegram.addChat(PERSIAN_ADMIN);
    await chatDriver(world.telegram, ADMIN).say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    // The bot learns a person's language from what they send it.
    await chatDriver(world.telegram, PERSIAN_ADMIN).say('/balance', /موجودی کیف پول/);
    const delivered = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }));
    await waitForDelivery(world, STAFF.id, delivered);
    const failing = referenceIn(await orderThroughChat(world, STAFF, { ...XBOX_FAILS, quantity: 1 }));
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`${failing}.*failed|failed.*${failing}`, 's'), { timeoutMs: 30_000 });

    // The provider charges one order more than confirmed, and takes another's money with no debit in the list.
    const thief = createProviderClient({ baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.apiKey });
    const idOf = async (title: RegExp) => {
      for await (const product of thief.allProducts()) if (title.test(product.title)) return product.id;
      throw new Error(`no product ${title}`);
    };
    world.sandbox.controls.setProductOvercharge(await idOf(APPLE_OVERCHARGED.product), OVERCHARGE);
    world.sandbox.controls.setProductDebitDropped(await idOf(SPOTIFY_DEBIT_DROPPED.product), true);
    const overcharged = referenceIn(await orderThroughChat(world, STAFF, { ...APPLE_OVERCHARGED, quantity: 1 }));
    const undebited = referenceIn(await orderThroughChat(world, STAFF, { ...SPOTIFY_DEBIT_DROPPED, quantity: 1 }));
    await waitForDelivery(world, STAFF.id, overcharged);
    await waitForDelivery(world, STAFF.id, undebited);
    // Its debit would have had ten minutes to show: the order is dated back rather than the test waiting.
    await world.bot.stop();
    await world.database.change('update orders set posted_at = posted_at - ?, created_at = created_at - ? where provider_reference = ?', [15 * MINUTE, 15 * MINUTE, undebited]);
    await world.restart();
    world.sandbox.controls.setBalance(world.sandbox.controls.balance() + TOP_UP);

    // Someone with the API key orders straight from the provider: giftdesk never sees the POST.
    const detail = await thief.getProduct(SANDBOX_PRODUCTS.noFields);
    const started = Date.now();
    const placed = await thief.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: detail.regionProperties[0]!.regionPropertyId, quantity: 1 }] });
    foreignOrderId = placed.orderId;
    money.foreign = placed.amount;
    await world.telegram.waitForMessage(ADMIN.id, /Someone else is spending this wallet/, { timeoutMs: 120_000 });
    alertedWithinMs = Date.now() - started;
  }, 180_000);

  it('tells every administrator within two minutes of a debit giftdesk did not place, once, in their language', async () => {
    expect(alertedWithinMs).toBeLessThan(120_000);
    const alert = world.telegram.messages(ADMIN.id).filter((m) => m.text.includes('Someone else is spending'));
    expect(alert).toHaveLength(1);
    expect(alert[0]!.text).toContain(`provider order ${foreignOrderId}`);
    expect(alert[0]!.text).toContain(fmt(money.foreign));
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /کس دیگری از این کیف پول خرج می‌کند/, { timeoutMs: 10_000 });
    // giftdesk's own orders, their refund and the top-up are not news.
    expect(world.telegram.messages(ADMIN.id).filter((m) => /Someone else|A credit of/.test(m.text))).toHaveLength(1);
  });

  it('adds the month up as the test does by hand, and lists each exception', async () => {
    const { message } = await statementAs(world, ADMIN, '/statement');
    // The sandbox's first top-up opened the wallet this month, from nothing.
    const credits = money.initial + TOP_UP + money.xbox;
    const ours = money.googlePlay + money.xbox + money.apple + OVERCHARGE;
    const debits = ours + money.foreign;
    const closing = world.sandbox.controls.balance();
    // The wallet paid for Spotify, but no transaction says so: the books miss exactly that.
    expect(0 + credits - debits - money.spotify).toBe(closing);
    expect(message.text).toContain(`Opening balance: ${fmt(0)}`);
    expect(message.text).toContain(`+ Credits: ${fmt(credits)} (top-ups ${fmt(money.initial + TOP_UP)}, refunds ${fmt(money.xbox)})`);
    expect(message.text).toContain(`− Debits: ${fmt(debits)} (giftdesk orders ${fmt(ours)}, placed elsewhere ${fmt(money.foreign)})`);
    expect(message.text).toContain(`= Closing balance: ${fmt(closing)}`);
    expect(message.text).toContain(`The books do not balance: -${fmt(money.spotify)} is not accounted for`);
    expect(message.text).toContain('giftdesk orders placed: 4; matched to a debit of the amount confirmed: 2.');
    expect(message.text).toContain('Exceptions to look at (4):');
    expect(message.text).toMatch(new RegExp(`provider order ${foreignOrderId}.*no giftdesk order accounts for it`));
    expect(message.text).toMatch(new RegExp(`was confirmed at ${fmt(money.apple)} but debit \\d+ took ${fmt(money.apple + OVERCHARGE)}`));
    expect(message.text).toMatch(new RegExp(`\\(${STAFF.firstName}, provider order \\d+, ${fmt(money.spotify)}\\) has no debit in the wallet`));
    expect(message.text).toMatch(/A transaction is missing or out of order/);
  });

  it('sends the statement as a CSV a spreadsheet opens: every transaction with what it was matched to', async () => {
    const { file } = await statementAs(world, ADMIN, '/statement');
    expect(file.document!.fileName).toMatch(/^giftdesk-statement-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const { bom, rows } = readCsv(file.document!.content);
    expect(bom).toBe(true);
    expect(rows[0]).toEqual(['Transaction', 'Time (UTC)', 'Type', 'Amount', 'Balance after', 'Provider order', 'Description', 'Matched to', 'Order #', 'Batch #', 'Person ID', 'Person', 'Amount confirmed', 'Exception', 'Cost centre', 'Cost centre code', 'Note', 'Case #']);
    const body = rows.slice(1);
    // Seven transactions, and the order with none.
    expect(body).toHaveLength(8);
    expect(body.every((row) => row.length === 18)).toBe(true);
    // No order here asked what it was for: those columns stay empty.
    expect(body.every((row) => row.slice(-4, -1).join('') === '')).toBe(true);
    const matched = body.map((row) => row[7]);
    expect(matched.sort()).toEqual(['giftdesk order', 'giftdesk order', 'giftdesk order', 'no transaction', 'order placed elsewhere', 'refund of a giftdesk order', 'top-up', 'top-up']);
    const foreign = body.find((row) => row[5] === String(foreignOrderId))!;
    expect(foreign[13]).toContain('no giftdesk order accounts for it');
    const ours = body.filter((row) => row[7] === 'giftdesk order');
    expect(ours.every((row) => row[10] === String(STAFF.id))).toBe(true);
    expect(ours.filter((row) => row[13] === '')).toHaveLength(2);
    // The provider's Persian descriptions survive the file.
    expect(body.some((row) => /خرید سفارش/.test(row[6] ?? ''))).toBe(true);
  });

  it("draws the month's spending as a picture, its title where each reader starts reading", async () => {
    const english = decodePng((await statementAs(world, ADMIN, '/statement')).chart.photo!);
    const persian = decodePng((await statementAs(world, PERSIAN_ADMIN, '/statement')).chart.photo!);
    for (const png of [english, persian]) {
      expect([png.width, png.height]).toEqual([1200, 700]);
      // Bars in colour: today's spend of two people and of the order placed elsewhere.
      expect(count(png, { x0: 0, x1: 1200, y0: 100, y1: 700 }, coloured)).toBeGreaterThan(200);
    }
    const titleLeft = { x0: 0, x1: 300, y0: 0, y1: 60 };
    const titleRight = { x0: 900, x1: 1200, y0: 0, y1: 60 };
    expect(count(english, titleLeft, dark)).toBeGreaterThan(50);
    expect(count(english, titleRight, dark)).toBe(0);
    expect(count(persian, titleRight, dark)).toBeGreaterThan(50);
    expect(count(persian, titleLeft, dark)).toBe(0);
  });

  it('speaks Persian to a Persian administrator, and is refused to staff', async () => {
    const { message } = await statementAs(world, PERSIAN_ADMIN, '/statement');
    expect(message.text).toMatch(/^صورت‌حساب کیف پول، /);
    expect(message.text).toContain('موارد نیازمند بررسی (۴):');
    expect(message.text).not.toMatch(/IRR/);
    await chatDriver(world.telegram, STAFF).say('/statement', /Only administrators and viewers can do that/);
    await chatDriver(world.telegram, ADMIN).say('/statement 2026-13', /“2026-13” is not a month/);
  });

  it('names the open exception in /balance for administrators', async () => {
    await chatDriver(world.telegram, ADMIN).say('/balance', /4 exceptions in this month's wallet statement/);
  });
});
