import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { DELIVERY_WAIT_MS, orderThroughChat, posts, referenceIn, waitForDelivery } from './order-steps.js';

/** 1,250,000 IRR a card in the sandbox. */
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };

describe('spending limits hold an order back before Confirm', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });
  const staff = () => chatDriver(world.telegram, STAFF);
  const admin = () => chatDriver(world.telegram, ADMIN);

  /** A staff member's order of `quantity` Google Play cards, up to the summary. */
  async function toSummary(quantity: number): Promise<SentMessage> {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
    return chat.say(String(quantity), /Please check your order/);
  }
  const hasConfirm = (message: SentMessage): boolean => {
    try {
      world.telegram.findButton(message, /Confirm/);
      return true;
    } catch {
      return false;
    }
  };
  const cancel = () => staff().tap(/Cancel/, /cancel/i);

  it('lets an administrator set a team day limit with thousands separators', async () => {
    const reply = await admin().say('/limits default day 3,000,000', /Team default/);
    expect(reply.text).toBe('Team default, Per day: 3,000,000 IRR.');
  });

  it('refuses an amount it cannot read, saying which word', async () => {
    const reply = await admin().say(`/limits ${STAFF.id} order 1.5m`, /is not an amount/);
    expect(reply.text).toContain('"1.5m"');
  });

  it('names the day limit and what is left today, and offers no Confirm, for an order that would pass it', async () => {
    const reference = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    // Delivered before the next test changes how the sandbox ends orders.
    await waitForDelivery(world, STAFF.id, reference);
    const summary = await toSummary(2);
    expect(summary.text).toContain('Over your daily limit of 3,000,000 IRR: 1,750,000 IRR left today.');
    expect(hasConfirm(summary)).toBe(false);
    expect(posts(world)).toBe(1);
    await cancel();
  });

  it('counts a refunded order no longer, so the same remainder shows after one is refunded', async () => {
    world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'REFUNDED');
    const reference = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    await world.telegram.waitForMessage(STAFF.id, new RegExp(`refunded order ${reference}`), { timeoutMs: DELIVERY_WAIT_MS });
    world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'COMPLETED');
    const summary = await toSummary(2);
    expect(summary.text).toContain('1,750,000 IRR left today.');
    await cancel();
  });

  it('counts an order placed a moment ago, so the next one in quick succession cannot pass the day limit with it', async () => {
    // 1,250,000 counted; one more card fits (2,500,000), a third would not (3,750,000).
    const placed = await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    expect(placed.text).toMatch(/is placed/);
    const summary = await toSummary(1);
    // Even one card is over: a lower quantity cannot help, so the day is said to be used up, and until when.
    expect(summary.text).toContain('Your daily limit of 3,000,000 IRR is used up for today: the 500,000 IRR left does not cover even one.');
    expect(summary.text).toMatch(/It starts afresh on .*00:00/);
    expect(summary.text).not.toContain('Lower the quantity');
    expect(hasConfirm(summary)).toBe(false);
    expect(posts(world)).toBe(3);
    await cancel();
  });

  it('sends no POST when the limit is lowered between the summary and Confirm, and shows the summary again with the limit', async () => {
    await admin().say(`/limits ${STAFF.id} day 10000000`, /Per day: 10,000,000 IRR/);
    const summary = await toSummary(1);
    expect(hasConfirm(summary)).toBe(true);
    await admin().say(`/limits ${STAFF.id} order 1,000,000`, /Per order: 1,000,000 IRR/);
    const again = await staff().tap(/Confirm/, /checked again at Confirm/);
    expect(again.text).toContain('Nothing was sent or charged.');
    expect(again.text).toContain('Even one costs more than your per-order limit of 1,000,000 IRR.');
    expect(again.text).not.toContain('Lower the quantity');
    expect(hasConfirm(again)).toBe(false);
    expect(posts(world)).toBe(3);
    await cancel();
  });

  it('shows the team defaults and each person’s own values in /limits, and their spending for one person', async () => {
    const overview = await admin().say('/limits', /Spending limits/);
    expect(overview.text).toContain('• Per day: 3,000,000 IRR');
    expect(overview.text).toContain(`• ${STAFF.firstName}: Per order 1,000,000 IRR; Per day 10,000,000 IRR`);
    const person = await admin().say(`/limits ${STAFF.id}`, /Spending limits of/);
    expect(person.text).toContain('• Per month: no limit (team default)');
    expect(person.text).toContain('Counted against the limits: 2,500,000 IRR today');
  });

  it('brings a person back to the team default', async () => {
    const reply = await admin().say(`/limits ${STAFF.id} day default`, /the team default again/);
    expect(reply.text).toBe(`${STAFF.firstName}, Per day: the team default again (3,000,000 IRR).`);
  });

  it('lists the settings that can be changed in the chat in /settings', async () => {
    const reply = await admin().say('/settings', /Settings you can change in the chat/);
    expect(reply.text).toContain('• Team limit per day: 3,000,000 IRR');
    expect(reply.text).toContain('• Team limit per order: off');
    expect(reply.text).toContain('• Low-balance alert below: off');
    expect(reply.text).toContain('/lowbalance <amount|off>');
    expect(reply.text).toContain('• Codes leave the chats after: off');
    expect(reply.text).toContain("• End customers' answers kept: 180 days");
  });

  it('changes how long codes and answers are kept with /retention, refuses what Telegram cannot do, and audits each change', async () => {
    const chat = admin();
    await chat.say('/retention codes 48', /"48" is not a whole number from 1 to 47, or off/);
    await chat.say('/retention codes 12', /^Codes leave the chats 12 hours after they were sent\.$/);
    await chat.say('/retention answers off', /End customers' answers are kept for good/);
    await chat.say('/retention answers 90', /erased 90 days after an order settled/);
    const settings = await chat.say('/settings', /Settings you can change in the chat/);
    expect(settings.text).toContain('• Codes leave the chats after: 12 hours');
    expect(settings.text).toContain("• End customers' answers kept: 90 days");
    const audit = await chat.say('/audit', /Audit\n/);
    expect(audit.text).toContain('set codes to leave the chats after 12 hours (was off)');
    expect(audit.text).toContain("set end customers' answers to be kept 90 days (was kept for good)");
    await chatDriver(world.telegram, STAFF).say('/retention codes off', /Only administrators can do that/);
  });

  it('tells a Persian-speaking staff member of the limit in Persian, with Persian digits', async () => {
    await admin().say(`/limits ${PERSIAN_STAFF.id} order 1000000`, /Per order: 1,000,000 IRR/);
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    await chat.say('/order', /یک دسته را انتخاب کنید/);
    await chat.say(GOOGLE_PLAY.search, /محصولات مطابق/);
    await chat.tap(GOOGLE_PLAY.product, /چند عدد؟/);
    const summary = await chat.say('1', /لطفاً سفارش خود را بررسی کنید/);
    expect(summary.text).toContain('حتی یک عدد از این محصول از سقف هر سفارش شما (۱٬۰۰۰٬۰۰۰ IRR) گران‌تر است.');
    expect(hasConfirm(summary)).toBe(false);
    await chat.say('/cancel', /^لغو شد/);
  });

  it('keeps /limits and /settings for administrators', async () => {
    await staff().say('/limits default day 1', /Only administrators can do that/);
    await staff().say('/settings', /Only administrators can do that/);
    const reply = await admin().say('/limits', /Spending limits/);
    expect(reply.text).toContain('• Per day: 3,000,000 IRR');
  });
});
