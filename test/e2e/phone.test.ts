import { describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { PERSIAN_STAFF, sharedWorld, STAFF, type World } from './harness.js';
import { cardsOf, copyButtons, localOrder, orderThroughChat, referenceIn, sandboxOrder, spoilers, waitForDelivery } from './order-steps.js';

/** A sticker sent into the chat, as Telegram delivers one: a message without text. */
function sendSticker(world: World, user: FakeUser, messageId: number): void {
  // The fake numbers the update, as Telegram does: each one is new (a repeated number is an update already handled).
  world.telegram.pushUpdate({
    message: {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private', first_name: user.firstName ?? 'x' },
      from: { id: user.id, is_bot: false, first_name: user.firstName ?? 'x' },
      sticker: { file_id: 'sticker', file_unique_id: 'sticker', type: 'regular', width: 512, height: 512, is_animated: false, is_video: false },
    },
  } as never);
}

describe('the staff member’s phone in Tehran', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF], env: { TIME_ZONE: 'Asia/Tehran' } });

  it('asks the question again when a sticker arrives mid-order, instead of not understanding', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    const again = await chat.answerTo(() => sendSticker(world, STAFF, 880_001), /^I can only read text and buttons here/);
    expect(again.text).toMatch(/\nHow many\?/);
    expect(world.telegram.messages(STAFF.id).some((m) => /I did not understand/.test(m.text))).toBe(false);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('asks again in Persian too', async () => {
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    await chat.say('/order', /یک دسته را انتخاب کنید/);
    await chat.say('Google Play 10', /محصولات مطابق/);
    await chat.tap(/^Google Play 10 USD/, /چند عدد؟/);
    const again = await chat.answerTo(() => sendSticker(world, PERSIAN_STAFF, 880_002), /^اینجا فقط متن و دکمه را می‌فهمم/);
    expect(again.text).toMatch(/\nچند عدد؟/);
    await chat.say('/cancel', /^لغو شد/);
  });

  it('shows an English reader the local time in Tehran, named', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.say('1', /Please check your order/);
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    const reference = referenceIn(placed);
    expect(placed.text).toContain('Google Play 10 USD (US) × 1');
    expect(placed.text).toContain('Charged: 1,250,000 IRR');
    expect(placed.text).toContain(`/track ${reference}`);

    const postedAt = Number((await localOrder(world, reference))!.posted_at);
    const tehran = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tehran' }).format(postedAt);
    const utc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(postedAt);
    expect(tehran).not.toBe(utc);
    const detail = await chat.say(`/track ${reference}`, new RegExp(`Order ${reference}`));
    expect(detail.text).toContain(`Placed at: ${tehran} (Iran Standard Time)`);
  });

  it('shows a Persian reader a Jalali date in Persian digits, the expiry inside the delivery too, and copy buttons carrying exactly the codes', async () => {
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    // Never chose a language: the delivery, sent outside any update, follows the Telegram app's language.
    const placed = await orderThroughChat(world, PERSIAN_STAFF, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1, locale: 'fa' });
    const reference = referenceIn(placed);

    const detail = await chat.say(`/track ${reference}`, new RegExp(`سفارش ${reference}`));
    expect(detail.text).toMatch(/زمان ثبت: [۰-۹]{1,2} [آ-ی]+ ۱۴[۰-۹]{2}، [۰-۹]{1,2}:[۰-۹]{2} \(وقت عادی ایران\)/);

    const parts = await world.telegram.waitFor(
      () => {
        const found = world.telegram.messages(PERSIAN_STAFF.id).filter((m) => m.text.includes(`سفارش ${reference} تحویل شد`));
        return found.length > 0 ? found : null;
      },
      { timeoutMs: 25_000 },
    );
    const [card] = cardsOf(sandboxOrder(world, reference));
    expect(parts[0]!.text).toContain('مبلغ کسرشده: ۱٬۲۵۰٬۰۰۰ IRR');
    expect(parts[0]!.text).toMatch(/تاریخ انقضا: [۰-۹]{1,2} [آ-ی]+ ۱۴[۰-۹]{2}\n/);
    expect(parts[0]!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(copyButtons(parts[0]!)).toEqual([
      { label: 'کپی کد ۱', copies: card!.code },
      { label: 'کپی پین ۱', copies: card!.pin },
      { label: 'کپی شمارهٔ سریال ۱', copies: card!.serial },
    ]);
    expect(spoilers(parts[0]!)).toEqual([card!.code, card!.pin, card!.serial]);
    expect(parts[0]!.protect_content).toBe(true);
  });
});
