import { beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../support/csv-reader.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedPress } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF, STRANGER, type World } from './harness.js';
import { cardsOf, expectAbsent, localOrder, orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const VIEWER: FakeUser = { id: 4004, firstName: 'Vic', languageCode: 'en' };
const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };
const XBOX_FAILS = { search: 'ایکس باکس', product: /ایکس باکس ۱۵/, quantity: 1 };
const fa = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

const buttons = (message: SentMessage) => ((message.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined)?.inline_keyboard ?? []).flat().map((b) => b.text);

/** A press's answer (the toast or alert Telegram shows), once the bot gave it. */
async function answerOf(world: World, press: string): Promise<string> {
  await world.telegram.waitFor(() => world.telegram.callbackAnswer(press));
  return world.telegram.callbackAnswer(press)?.text ?? '';
}

const caseRows = (world: World) => world.database.rows<{ id: number; order_id: number; state: string; reason: string; note: string | null; provider_answer: string | null }>('select id, order_id, state, reason, note, provider_answer from code_cases order by id');

/**
 * A code that does not work, through the whole bot against the sandbox and
 * the fake Bot API: reported from its delivery in three taps, told to every
 * administrator in their language without the code, followed with /cases,
 * refused where it must be, and closed as refunded by the statement once
 * the provider's support credits the order back.
 */
describe('cases: a code that does not work', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF], sandbox: { timing: { preparingMs: 0, processingMs: 0 } }, env: { TIME_ZONE: 'UTC', WALLET_WATCH_SECONDS: '1' } });
  let reference = '';
  let orderId = 0;

  beforeAll(async () => {
    world.telegram.addChat(PERSIAN_ADMIN);
    world.telegram.addChat(VIEWER);
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    await admin.say(`/staff add ${VIEWER.id} viewer`, new RegExp(`${VIEWER.id} can now use giftdesk`));
    // The bot learns a person's language from what they send it.
    await chatDriver(world.telegram, PERSIAN_ADMIN).say('/balance', /موجودی کیف پول/);
    reference = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    orderId = (await localOrder(world, reference))!.id;
  }, 120_000);

  it('opens a case from the delivery in three taps and tells every administrator in their language, without the code', async () => {
    const delivery = (await waitForDelivery(world, STAFF.id, reference)).at(-1)!;
    expect(buttons(delivery)).toContain('⚠️ Problem with this code');
    const chat = chatDriver(world.telegram, STAFF);
    const reasons = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery, /Problem with this code/), /What is wrong with the code of order/);
    expect(buttons(reasons)).toEqual(['Invalid code', 'Already used', 'Wrong value or product', 'Something else']);
    const prompt = await chat.answerTo(() => world.telegram.clickButton(STAFF, reasons, /Already used/), /What happened, in one line/);
    expect(prompt.reply_markup).toMatchObject({ force_reply: true });
    // The reasons' message now carries Skip: the third tap would open the case without a line.
    expect(buttons(world.telegram.messages(STAFF.id).find((m) => m.message_id === reasons.message_id)!)).toEqual(['Skip: open the case']);
    const started = Date.now();
    await chat.answerTo(() => world.telegram.sendText(STAFF, 'The shop says it was redeemed yesterday', undefined, { replyTo: prompt.message_id }), new RegExp(`Case #1 is open for order ${reference}`));

    const told = await world.telegram.waitForMessage(ADMIN.id, /Case #1: a code that does not work \(Already used\), reported by Sam/, { timeoutMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const provider = sandboxOrder(world, reference);
    expect(told.text).toContain(`Order ${reference} (#${orderId}) of Sam: Google Play 10 USD`);
    expect(told.text).toContain(`For the provider's support: order id ${provider.orderId}, reference ${reference}`);
    expect(told.text).toMatch(/Delivered: \d+ \w+ \d{4}, \d\d:\d\d \(Coordinated Universal Time\)/);
    expect(told.text).toContain('In their words: The shop says it was redeemed yesterday');
    const persian = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /پرونده #۱: کدی که کار نمی‌کند \(قبلاً استفاده شده\)/, { timeoutMs: 5_000 });
    expect(persian.text).toContain(`برای پشتیبانی فروشنده: شناسهٔ سفارش ${provider.orderId}، مرجع ${reference}`);

    // Codes are cash: not in any administrator's chat, not in the log, and sent to the orderer's chat only.
    const codes = cardsOf(provider).flatMap((card) => [card.code, card.pin, card.serial]).filter((s) => s.length > 0);
    expect(codes.length).toBeGreaterThan(0);
    for (const admin of [ADMIN, PERSIAN_ADMIN]) {
      const seen = world.telegram.messages(admin.id).map((m) => `${m.text}\n${JSON.stringify(m.reply_markup ?? {})}`).join('\n');
      expectAbsent(seen, codes, admin === ADMIN ? 'Case #1' : 'پرونده');
    }
    expectAbsent(world.bot.output(), codes, 'case opened');
    for (const code of codes) {
      const chats = world.telegram.callsTo('sendMessage').filter((call) => JSON.stringify(call.payload).includes(code)).map((call) => Number(call.payload.chat_id));
      expect(new Set(chats)).toEqual(new Set([STAFF.id]));
    }
    expect(await caseRows(world)).toEqual([{ id: 1, order_id: orderId, state: 'open', reason: 'used', note: 'The shop says it was redeemed yesterday', provider_answer: null }]);
    const audited = await world.database.rows<{ action: string; actor_id: number; order_id: number }>("select action, actor_id, order_id from audit_log where action like 'case.%'");
    expect(audited.map((row) => ({ ...row, actor_id: Number(row.actor_id) }))).toEqual([{ action: 'case.opened', actor_id: STAFF.id, order_id: orderId }]);
  });

  it('refuses the same codes twice, an order not delivered, a viewer, someone else, a stranger and forged buttons, each with its reason', async () => {
    const delivery = (await waitForDelivery(world, STAFF.id, reference)).at(-1)!;
    expect(await answerOf(world, world.telegram.clickButton(STAFF, delivery, /Problem with this code/))).toBe(
      `Case #1 is already open for order ${reference}: the same codes are not reported twice. You will hear here of every step.`,
    );
    const failing = referenceIn(await orderThroughChat(world, STAFF, XBOX_FAILS));
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`${failing}.*failed|failed.*${failing}`, 's'), { timeoutMs: 30_000 });
    const failed = (await localOrder(world, failing))!.id;
    expect(await answerOf(world, craftedPress(world.telegram, STAFF, `cs:p:${failed}`))).toBe(`Order ${failing} is not delivered: there is no code to report yet. A problem can be reported once the codes have come.`);
    await chatDriver(world.telegram, VIEWER).say('/help', /./);
    expect(await answerOf(world, craftedPress(world.telegram, VIEWER, `cs:p:${orderId}`))).toBe('Viewers cannot report a problem with codes.');
    await chatDriver(world.telegram, PERSIAN_STAFF).say('/help', /./);
    // A crafted press carries no Telegram language: the default's words.
    expect(await answerOf(world, craftedPress(world.telegram, PERSIAN_STAFF, `cs:r:${orderId}:i`))).toBe('Only the person who placed the order and administrators can report a problem with its codes.');
    const stale = 'This button is no longer valid: nothing was changed. Press "⚠️ Problem with this code" on the delivery again.';
    expect(await answerOf(world, craftedPress(world.telegram, STAFF, `cs:r:${orderId}:z`))).toBe(stale);
    expect(await answerOf(world, craftedPress(world.telegram, STAFF, `cs:k:${orderId}`))).toBe(stale);
    expect(await answerOf(world, craftedPress(world.telegram, STAFF, `cs:m:1:o:c`))).toMatch(/administrators/i);
    // A stranger hears only their id, once, and their press changes nothing.
    world.telegram.sendText(STRANGER, '/start');
    await world.telegram.waitForMessage(STRANGER.id, /6666/);
    const strangerPress = craftedPress(world.telegram, STRANGER, `cs:p:${orderId}`);
    await chatDriver(world.telegram, ADMIN).say('/cases', /Open cases \(1\)/);
    expect(world.telegram.callbackAnswer(strangerPress)?.text ?? '').not.toMatch(/Case/);
    expect((await caseRows(world)).map((row) => row.id)).toEqual([1]);
  });

  it('follows the case with /cases: each change is audited and told to the orderer, an old card changes nothing', async () => {
    const admin = chatDriver(world.telegram, ADMIN);
    const list = await admin.say('/cases', /Open cases \(1\):/);
    expect(list.text).toMatch(new RegExp(`#1 · open · order ${reference} · Google Play 10 USD`));
    const card = await admin.answerTo(() => world.telegram.clickButton(ADMIN, list, /^#1$/), /Case #1: open/);
    await admin.answerTo(() => world.telegram.clickButton(ADMIN, card, /waiting for the provider/), /Case #1: waiting for the provider/);
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`Case #1 \\(order ${reference}\\) is now: waiting for the provider\\.`));
    expect(await answerOf(world, craftedPress(world.telegram, ADMIN, 'cs:m:1:o:c'))).toBe('Case #1 changed since this card was shown: it is waiting for the provider now. Nothing was changed; the card shows it as it is.');
    const prompt = await admin.answerTo(() => world.telegram.clickButton(ADMIN, card, /Note the provider's answer/), /What did the provider answer on case #1/);
    await admin.answerTo(() => world.telegram.sendText(ADMIN, 'Ticket 8812: refund within 3 days', undefined, { replyTo: prompt.message_id }), /Kept on case #1\. Sam was told\./);
    await world.telegram.waitForMessage(STAFF.id, /Case #1 \(order A\d+\): the provider answered: Ticket 8812: refund within 3 days/);
    expect(await caseRows(world)).toMatchObject([{ id: 1, state: 'waiting', provider_answer: 'Ticket 8812: refund within 3 days' }]);
    const audited = await world.database.rows<{ action: string }>("select action from audit_log where action like 'case.%' order by id");
    expect(audited.map((row) => row.action)).toEqual(['case.opened', 'case.moved', 'case.answered']);
    const trail = await admin.say('/audit', /noted the provider's answer on case #1/);
    expect(trail.text).toContain(`moved case #1 (order #${orderId}) from open to waiting for the provider`);
    expect(trail.text).toContain(`opened case #1 on order #${orderId}: Already used`);
  });

  it("closes the case as refunded when the statement matches the provider's refund, and tells the orderer", async () => {
    const provider = sandboxOrder(world, reference);
    const refund = world.sandbox.controls.refundAfterSupport(provider.orderId);
    const admin = chatDriver(world.telegram, ADMIN);
    const statement = await admin.say('/statement', /Wallet statement/);
    expect(statement.text).toContain('Cases closed as refunded by a refund of this month:');
    expect(statement.text).toMatch(new RegExp(`Case #1: order #${orderId} \\(Sam\\), refunded [\\d,]+ IRR by transaction ${refund.id}\\.`));
    expect(statement.text).not.toMatch(/refund .*cannot place|not returned/i);
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`Case #1 \\(order ${reference}\\) is closed as refunded`));
    expect((await caseRows(world))[0]).toMatchObject({ state: 'refunded' });
    const file = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).filter((m) => m.document !== undefined).at(-1));
    const { rows } = readCsv(file.document!.content);
    expect(rows[0]!.at(-1)).toBe('Case #');
    const credit = rows.find((row) => row[0] === String(refund.id))!;
    expect(credit[7]).toBe('refund of a reported code');
    expect(credit.at(-1)).toBe('1');
    expect(rows.find((row) => row[0] !== String(refund.id) && row[5] === String(provider.orderId))!.at(-1)).toBe('1');
  });

  it('in Persian: reported with Skip, told to both administrators, rejected and told, and listed as an exception once overdue', async () => {
    const mine = referenceIn(await orderThroughChat(world, PERSIAN_STAFF, { ...GOOGLE_PLAY, locale: 'fa' }));
    const delivery = await world.telegram.waitForMessage(PERSIAN_STAFF.id, (m: SentMessage) => m.text.includes(mine) && buttons(m).includes('⚠️ این کد مشکل دارد'), { timeoutMs: 25_000 });
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    const reasons = await chat.answerTo(() => world.telegram.clickButton(PERSIAN_STAFF, delivery, /این کد مشکل دارد/), new RegExp(`کد سفارش ${mine} چه مشکلی دارد`));
    await chat.answerTo(() => world.telegram.clickButton(PERSIAN_STAFF, reasons, /کد نامعتبر است/), /چه پیش آمد، در یک خط/);
    await chat.answerTo(() => world.telegram.clickButton(PERSIAN_STAFF, chat.currentMenu(), /رد شدن/), new RegExp(`پرونده #۲ برای سفارش ${mine} باز شد`));
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /پرونده #۲: کدی که کار نمی‌کند \(کد نامعتبر است\)/, { timeoutMs: 5_000 });
    const english = await world.telegram.waitForMessage(ADMIN.id, /Case #2: a code that does not work \(Invalid code\), reported by Sara/, { timeoutMs: 5_000 });
    expect(english.text).not.toContain('In their words');

    // /track offers the same button; a second report is refused there too, in Persian.
    const track = await chat.say(`/track ${mine}`, new RegExp(mine));
    expect(await answerOf(world, world.telegram.clickButton(PERSIAN_STAFF, track, /این کد مشکل دارد/))).toContain('پرونده #۲ برای سفارش');

    // Open longer than the setting: an exception of the month's statement, in the administrator's language.
    const persianAdmin = chatDriver(world.telegram, PERSIAN_ADMIN);
    await persianAdmin.say('/cases overdue 3', /بیش از ۳ روز/);
    expect((await chatDriver(world.telegram, ADMIN).say('/settings', /Settings you can change/)).text).toContain('Open cases become statement exceptions after: 3 days');
    await world.bot.stop();
    await world.database.change('update code_cases set opened_at = opened_at - ? where id = 2', [4 * 86_400_000]);
    await world.restart();
    const statement = await persianAdmin.say('/statement', /صورت‌حساب کیف پول/);
    expect(statement.text).toMatch(new RegExp(`پرونده #۲ برای سفارش #${fa((await localOrder(world, mine))!.id)} \\(Sara،.*بیش از ۳ روز`));

    const card = await persianAdmin.say('/cases ۲', /پرونده #۲: باز/);
    await persianAdmin.answerTo(() => world.telegram.clickButton(PERSIAN_ADMIN, card, /ردشده/), /پرونده #۲: ردشده/);
    await world.telegram.waitForMessage(PERSIAN_STAFF.id, new RegExp(`پرونده #۲ \\(سفارش ${mine}\\) اکنون: ردشده\\.`));
    expect((await caseRows(world)).map((row) => [row.id, row.state, row.reason, row.note])).toEqual([
      [1, 'refunded', 'used', 'The shop says it was redeemed yesterday'],
      [2, 'rejected', 'invalid', null],
    ]);
  });
});
