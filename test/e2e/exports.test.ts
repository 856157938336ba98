import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { readCsv } from '../support/csv-reader.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { cardsOf, orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };

/** The next document the bot sends to the user in answer to `text`. */
async function exportAs(world: World, user: FakeUser, text: string): Promise<SentMessage & { document: NonNullable<SentMessage['document']> }> {
  const before = new Set(world.telegram.messages(user.id).map((m) => m.message_id));
  world.telegram.sendText(user, text);
  const sent = await world.telegram.waitFor(() => world.telegram.messages(user.id).find((m) => !before.has(m.message_id) && m.document !== undefined), {
    timeoutMs: 15_000,
  });
  return sent as SentMessage & { document: NonNullable<SentMessage['document']> };
}

describe('exports and the order feed, through the real process', () => {
  // AMOUNT_UNIT (IRR, from the harness) stays the English label; Persian readers get their own.
  const world = sharedWorld({ staff: [STAFF], env: { TIME_ZONE: 'Asia/Tehran', AMOUNT_UNIT_FA: 'ریال' } });
  let reference = '';

  beforeAll(async () => {
    // Telegram lets a bot write only to people who have started it.
    world.telegram.addChat(PERSIAN_ADMIN);
    await chatDriver(world.telegram, ADMIN).say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    await chatDriver(world.telegram, ADMIN).say('/feed on', /every order placed/);
    reference = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }));
    await waitForDelivery(world, STAFF.id, reference);
  }, 60_000);

  it('tells every administrator in one line when an order is placed', async () => {
    const local = /our #(\d+)/.exec((await chatDriver(world.telegram, STAFF).say(`/track ${reference}`, /our #\d+/)).text)![1]!;
    await world.telegram.waitForMessage(ADMIN.id, `🛒 ${STAFF.firstName} ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${local})`, { timeoutMs: 10_000 });
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, new RegExp(`^🛒 ${STAFF.firstName} .*Google Play 10 USD.*#${local}`), { timeoutMs: 10_000 });
    expect(world.telegram.messages(ADMIN.id).filter((m) => m.text.startsWith('🛒'))).toHaveLength(1);
  });

  it('sends the orders as a CSV document that opens with Persian text intact and holds no code of the delivered order', async () => {
    const sent = await exportAs(world, PERSIAN_ADMIN, '/export orders');
    expect(sent.document.fileName).toMatch(/^giftdesk-orders-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    // The span in the Persian calendar and digits, as every other date a Persian reader sees; the file name keeps ISO dates.
    expect(sent.text).toMatch(/^سفارش‌ها از [۰-۹]+ [^\s۰-۹]+ ۱۴[۰-۹]{2} تا [۰-۹]+ [^\s۰-۹]+ ۱۴[۰-۹]{2} /);
    expect(sent.text).not.toMatch(/[0-9]/);
    const { bom, rows } = readCsv(sent.document.content);
    expect(bom).toBe(true);
    expect(rows[0]).toContain('زمان ثبت (Asia/Tehran)');
    const row = rows.find((r) => r.includes(reference));
    expect(row).toContain('تکمیل‌شده');
    expect(row).toContain('1250000');
    const text = sent.document.content.toString('utf8');
    for (const card of cardsOf(sandboxOrder(world, reference))) {
      for (const secret of [card.code, card.pin, card.serial]) expect(text).not.toContain(secret);
    }
  });

  it('sends the wallet transactions with the person behind each order’s debit', async () => {
    const sent = await exportAs(world, ADMIN, '/export transactions');
    const { rows } = readCsv(sent.document.content);
    const providerOrderId = String(sandboxOrder(world, reference).orderId);
    const debit = rows.find((r) => r[5] === providerOrderId);
    expect(debit?.[2]).toBe('DEBIT');
    expect(debit?.[7]).toBe(String(STAFF.id));
  });

  it('shows the month’s spending per person in the chat and as a file', async () => {
    const sent = await exportAs(world, ADMIN, '/export summary');
    const table = world.telegram.messages(ADMIN.id).filter((m) => m.message_id < sent.message_id && m.text.startsWith('Spending from')).at(-1);
    expect(table?.text).toContain(`${STAFF.firstName}: 1 order, 1,250,000 IRR, refunded 0`);
    expect(readCsv(sent.document.content).rows[1]?.slice(0, 4)).toEqual([String(STAFF.id), STAFF.firstName, '1', '1250000']);
  });

  it('shows a Persian administrator the summary’s amounts with the Persian label, the English one keeping AMOUNT_UNIT', async () => {
    const sent = await exportAs(world, PERSIAN_ADMIN, '/export summary');
    const table = world.telegram.messages(PERSIAN_ADMIN.id).filter((m) => m.message_id < sent.message_id && m.text.startsWith('هزینه‌ها از')).at(-1);
    expect(table?.text).toContain(`${STAFF.firstName}: ۱ سفارش، ۱٬۲۵۰٬۰۰۰ ریال`);
    expect(table?.text).not.toContain('IRR');
  });

  it('says which word is not a date', async () => {
    await chatDriver(world.telegram, ADMIN).say('/export audit 2026-13-01', /“2026-13-01” is not a date/);
  });

  it('tells the administrator when Telegram refuses the file', async () => {
    world.telegram.failNext('sendDocument', { code: 413, description: 'Request Entity Too Large' });
    await chatDriver(world.telegram, ADMIN).say('/export audit', /Telegram did not accept the file/);
  });

  it('is for administrators only', async () => {
    await chatDriver(world.telegram, STAFF).say('/export orders', /Only administrators can do that/);
    expect(world.telegram.messages(STAFF.id).some((m) => m.document !== undefined)).toBe(false);
  });

  it('follows an order it announced with a line when the order then fails at the provider', async () => {
    // The sandbox fails this product's orders after accepting them.
    const failing = await orderThroughChat(world, STAFF, { search: 'ایکس باکس', product: /ایکس باکس ۱۵/, quantity: 1 });
    const local = /our #(\d+)/.exec((await chatDriver(world.telegram, STAFF).say(`/track ${referenceIn(failing)}`, /our #\d+/)).text)![1]!;
    // A run of the feed sends its lines in one message: when the order fails before the feed's next run, both lines share it.
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`^🛒 ${STAFF.firstName} ordered .* × 1 for .*\\(#${local}\\)$`, 'm'), { timeoutMs: 20_000 });
    const followUp = await world.telegram.waitForMessage(ADMIN.id, new RegExp(`^❌ Order #${local} \\(${STAFF.firstName}: .* × 1, .*\\) failed at the provider\\.$`, 'm'), { timeoutMs: 30_000 });
    expect(followUp.text).toContain('1,900,000 IRR');
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, new RegExp(`^❌ سفارش #${local.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)} .* نزد تأمین‌کننده ناموفق بود\\.$`, 'm'), { timeoutMs: 10_000 });
  });
});
