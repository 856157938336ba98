import { beforeAll, describe, expect, it } from 'vitest';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { ChatSpec, FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { readCsv } from '../support/csv-reader.js';
import { chatDriver, craftedPress } from './chat-driver.js';
import { ADMIN, BACKGROUND_WAIT, sharedWorld, STAFF, type World } from './harness.js';
import { orderThroughChat, referenceIn } from './order-steps.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const FINANCE: ChatSpec = { id: -100_700_700, type: 'group', title: 'Finance' };
const PUBG_ACTION_REQUIRED = { search: 'PUBG Mobile', product: /^PUBG Mobile 660 UC/ };
const now = new Date();
const MONTH = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/** Everything the bot sends `chatId` after `action`, once `done` says it is all there. */
async function sentAfter(world: World, chatId: number, action: () => void, done: (fresh: SentMessage[]) => boolean, timeoutMs = 30_000): Promise<SentMessage[]> {
  const before = new Set(world.telegram.messages(chatId).map((m) => m.message_id));
  action();
  const fresh = () => world.telegram.messages(chatId).filter((m) => !before.has(m.message_id));
  return world.telegram.waitFor(() => (done(fresh()) ? fresh() : undefined), { timeoutMs });
}

/** The statement's figures and exceptions as the chat shows them: the text above the late entries. */
const figuresOf = (text: string) => text.split(/\n\nLate entries/)[0]!;

describe('a month closed and signed off, through the real bot', () => {
  const world = sharedWorld({ staff: [STAFF], env: { WALLET_WATCH_SECONDS: '1', TIME_ZONE: 'UTC', FINANCE_CHAT_ID: String(FINANCE.id) } });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const nasrin = () => chatDriver(world.telegram, PERSIAN_ADMIN);
  let thief: ProviderClient;
  let foreignKey = '';
  let openOrderId = '';
  let closedText = '';
  let closedCsv: Buffer = Buffer.alloc(0);
  let annotations: SentMessage | undefined;
  /** An annotation button pressed on the annotations sent at the start; the bot's answer to the press. */
  const pressKey = async (user: FakeUser, data: string) => {
    const id = craftedPress(world.telegram, user, data);
    return (await world.telegram.waitFor(() => world.telegram.callbackAnswer(id), { timeoutMs: 15_000 })).text ?? '';
  };

  /** Someone with the API key orders straight from the provider: a debit giftdesk did not place. */
  async function orderBehindGiftdesk(): Promise<number> {
    const detail = await thief.getProduct(SANDBOX_PRODUCTS.noFields);
    const placed = await thief.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: detail.regionProperties[0]!.regionPropertyId, quantity: 1 }] });
    return placed.orderId;
  }

  beforeAll(async () => {
    world.telegram.addChat(PERSIAN_ADMIN);
    world.telegram.addChat(FINANCE);
    thief = createProviderClient({ baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.apiKey });
    await ada().say('/velocity reads off', /now off/);
    await ada().say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    await nasrin().say('/balance', /موجودی کیف پول/);
    // An order the provider leaves for a person to act on: open, so the month cannot close.
    referenceIn(await orderThroughChat(world, STAFF, { ...PUBG_ACTION_REQUIRED, quantity: 1 }));
    for (const deadline = Date.now() + 30_000; openOrderId === '' && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const [row] = await world.database.rows<{ id: number }>("select id from orders where state = 'action_required'");
      if (row) openOrderId = String(row.id);
    }
    const foreign = await orderBehindGiftdesk();
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`Someone else is spending this wallet.*provider order ${foreign}`, 's'), { timeoutMs: 60_000 });
  }, 180_000);

  it('lists each exception of the month with its key under the statement, for administrators', async () => {
    const sent = await sentAfter(world, ADMIN.id, () => world.telegram.sendText(ADMIN, '/statement'), (fresh) => fresh.some((m) => /^Annotations:/.test(m.text)), 60_000);
    const notes = sent.find((m) => /^Annotations:/.test(m.text))!;
    expect(notes.text).toMatch(/Annotations: 0 of 1 exceptions of .* annotated\./);
    foreignKey = /(fd-\d+): not annotated yet/.exec(notes.text)![1]!;
    expect(notes.text).toContain(`/statement close ${MONTH}`);
    // A button per exception still to annotate: a phone needs no key typed.
    expect(world.telegram.findButton(notes, `✍️ ${foreignKey}`).callback_data).toBe(`sn:${MONTH}:${foreignKey}`);
    annotations = notes;
  });

  it("refuses an annotation button pressed by someone who is not an administrator, or naming an exception the month does not have, and changes nothing", async () => {
    expect(await pressKey(STAFF, `sn:${MONTH}:${foreignKey}:w`)).toBe('Only administrators can do that.');
    expect(await pressKey(ADMIN, `sn:${MONTH}:fd-999999`)).toMatch(/no longer has exception fd-999999: nothing was changed/);
    expect(await pressKey(ADMIN, 'sn:2026-13:fd-1')).toMatch(/no longer valid: nothing was changed/);
    expect(await world.database.rows('select key from statement_notes')).toHaveLength(0);
  });

  it('refuses to close the month while an exception is unannotated and an order is open, naming each', async () => {
    const refused = await ada().say(`/statement close ${MONTH}`, /cannot be closed yet/);
    expect(refused.text).toContain(`Exceptions not annotated (1): ${foreignKey}`);
    expect(refused.text).toContain(`Orders still open (1): ${openOrderId}`);
    expect(refused.text).toMatch(new RegExp(`${foreignKey}: Debit .* no giftdesk order accounts for it`));
    expect(await world.database.rows('select month from closed_months')).toHaveLength(0);
  }, 30_000);

  it('keeps an annotation in Persian, audited, and refuses a key the month does not have', async () => {
    await nasrin().say('/statement note fd-999999 explained x', /موردی با کلید fd-999999 ندارد/);
    // Its button asks, in Persian, what it was; the typed note below answers instead.
    const sent = await sentAfter(world, PERSIAN_ADMIN.id, () => world.telegram.sendText(PERSIAN_ADMIN, '/statement'), (fresh) => fresh.some((m) => /^یادداشت‌ها:/.test(m.text)), 60_000);
    const notes = sent.find((m) => /^یادداشت‌ها:/.test(m.text))!;
    const choice = await nasrin().answerTo(() => world.telegram.clickButton(PERSIAN_ADMIN, notes, `✍️ ${foreignKey}`), new RegExp(`${foreignKey} چه بود؟`));
    expect(choice.reply_markup).toMatchObject({ inline_keyboard: [[{ text: 'توضیح داده شد' }, { text: 'وجه برگشت' }, { text: 'به هزینه منظور شد' }]] });
    const noted = await nasrin().say(`/statement note ${foreignKey} written-off خرید مستقیم واحد مالی از پنل`, /ثبت شد/);
    expect(noted.text).toContain('به هزینه منظور شد');
    expect(noted.text).toContain(`/statement close ${MONTH}`);
    const audit = await world.database.rows<{ actor_id: number }>("select actor_id from audit_log where action = 'statement.annotated'");
    expect(audit.map((row) => Number(row.actor_id))).toEqual([PERSIAN_ADMIN.id]);
    // Annotated, but the order is still open.
    // Its button, pressed now, says who annotated it and changes nothing.
    expect(await pressKey(ADMIN, world.telegram.findButton(annotations!, `✍️ ${foreignKey}`).callback_data!)).toMatch(new RegExp(`${foreignKey} is annotated already \\(written off by Nasrin\\): nothing was changed`));
    const refused = await ada().say(`/statement close ${MONTH}`, /cannot be closed yet/);
    expect(refused.text).not.toContain('Exceptions not annotated');
    expect(refused.text).toContain(`Orders still open (1): ${openOrderId}`);
  });

  it('closes the month only when a second administrator confirms; the one who asked cannot', async () => {
    // The provider's staff finished the order: giftdesk's record of it says so.
    await world.bot.stop();
    await world.database.change("update orders set state = 'completed' where state = 'action_required'");
    await world.restart();
    await ada().say(`/statement close ${MONTH}`, /Sent to the other administrators: close the wallet statement of/);
    const card = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /لطفاً تأیید کنید[\s\S]*صورت‌حساب کیف پول/);
    const data = world.telegram.findButton(card, /تأیید/).callback_data!;
    const own = craftedPress(world.telegram, ADMIN, data);
    expect((await world.telegram.waitFor(() => world.telegram.callbackAnswer(own))).text).toMatch(/can't confirm your own request/);
    expect(await world.database.rows('select month from closed_months')).toHaveLength(0);

    const toAda = sentAfter(world, ADMIN.id, () => undefined, (fresh) => fresh.some((m) => m.document !== undefined));
    const toFinance = sentAfter(world, FINANCE.id, () => undefined, (fresh) => fresh.some((m) => m.document !== undefined));
    world.telegram.clickButton(PERSIAN_ADMIN, card, /تأیید/);
    const [ada_, finance] = await Promise.all([toAda, toFinance]);
    const closed = await world.database.rows<{ requested_by: number; confirmed_by: number }>('select requested_by, confirmed_by from closed_months');
    expect(closed.map((row) => [Number(row.requested_by), Number(row.confirmed_by)])).toEqual([[ADMIN.id, PERSIAN_ADMIN.id]]);
    // The statement and its CSV went to the administrators privately and to the finance chat, nowhere else.
    const statement = ada_.find((m) => m.text.startsWith('🔒'))!;
    expect(statement.text).toMatch(/Closed on .*: asked by Ada, confirmed by Nasrin/);
    closedCsv = ada_.find((m) => m.document !== undefined)!.document!.content;
    expect(finance.find((m) => m.document !== undefined)!.document!.fileName).toMatch(/-closed\.csv$/);
    const persian = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /🔒 بسته‌شده در/);
    expect(persian.text).toMatch(/درخواست Ada، تأیید Nasrin/);
    expect(world.telegram.messages(STAFF.id).some((m) => m.document !== undefined)).toBe(false);
  });

  it('shows the closed month as kept, naming who closed and confirmed it, and a later transaction in it only as a late entry, told once', async () => {
    const before = await sentAfter(world, ADMIN.id, () => world.telegram.sendText(ADMIN, `/statement ${MONTH}`), (fresh) => fresh.some((m) => m.photo !== undefined), 60_000);
    closedText = before.find((m) => m.text.startsWith('🔒'))!.text;
    expect(closedText).toMatch(/asked by Ada, confirmed by Nasrin/);
    expect(closedText).toContain(`${foreignKey}: ✓ written off by Nasrin`);

    const late = await orderBehindGiftdesk();
    const alert = await world.telegram.waitForMessage(ADMIN.id, /^A transaction dated in the closed month/, { timeoutMs: 60_000 });
    expect(alert.text).toContain(`/statement ${MONTH} lists it as a late entry`);
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /پس از بستن به کیف پول رسید/);

    const after = await sentAfter(world, ADMIN.id, () => world.telegram.sendText(ADMIN, `/statement ${MONTH}`), (fresh) => fresh.some((m) => m.photo !== undefined), 60_000);
    const text = after.find((m) => m.text.startsWith('🔒'))!.text;
    expect(figuresOf(text)).toBe(figuresOf(closedText));
    expect(text).toMatch(/Late entries \(1\): dated in this month/);
    expect(text).toMatch(new RegExp(`provider order ${late}\\)`));
    // The CSV is the one sent at the close, row for row.
    expect(readCsv(after.find((m) => m.document !== undefined)!.document!.content).rows).toEqual(readCsv(closedCsv).rows);
    // Told once, however many passes of the wallet watch went by: two more whole passes, each ending with its look
    // for late entries (a pass reads the newest page, then tells; the next begins only once it has ended).
    const reads = () => world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/wallet/transactions').length;
    const readsBefore = reads();
    await world.telegram.waitFor(() => reads() >= readsBefore + 3 || undefined, BACKGROUND_WAIT);
    expect(world.telegram.messages(ADMIN.id).filter((m) => /^A transaction dated in the closed month/.test(m.text))).toHaveLength(1);
    // A closed month takes no more annotations, and is not closed twice.
    await ada().say(`/statement note ${foreignKey} explained again`, /was closed on .*: it no longer changes/);
    await ada().say(`/statement close ${MONTH}`, /was closed on .*: it no longer changes/);
    expect(await pressKey(ADMIN, `sn:${MONTH}:${foreignKey}:e`)).toMatch(/was closed on .*: it no longer changes/);
  });

  it('shows a Persian administrator the closed month in Persian', async () => {
    const sent = await sentAfter(world, PERSIAN_ADMIN.id, () => world.telegram.sendText(PERSIAN_ADMIN, `/statement ${MONTH}`), (fresh) => fresh.some((m) => m.photo !== undefined), 60_000);
    const text = sent.find((m) => m.text.startsWith('🔒'))!.text;
    expect(text).toMatch(/بسته‌شده در .*: درخواست Ada، تأیید Nasrin/);
    expect(text).toMatch(/تراکنش‌های دیررس \(۱\)/);
  });
});
