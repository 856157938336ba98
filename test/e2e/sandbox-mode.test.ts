import { describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld } from './harness.js';

describe('sandbox mode', () => {
  const world = sharedWorld({ process: true, inProcessSandbox: true });

  it('starts without an API key and says so in its log', () => {
    const line = world.bot.logs().find((l) => /SANDBOX MODE/.test(l.msg));
    expect(line).toBeDefined();
    expect(world.sandbox.requests).toHaveLength(0);
  });

  it('orders from its own sandbox provider and marks the summary and the placed order as SANDBOX', async () => {
    const chat = chatDriver(world.telegram, ADMIN);
    await chat.say('/order', /Choose a category/);
    await chat.tap(/گوگل پلی/, /choose a product/);
    // One region only: straight to the quantity.
    await chat.tap(/Google Play 10 USD/, /How many\?/);
    const summary = await chat.tap(/^1$/, /Please check your order/);
    expect(summary.text).toContain('[SANDBOX]');
    expect(summary.text).toContain('Google Play 10 USD');
    expect(summary.text).toContain('Total: 1,250,000 IRR');

    const placed = await chat.tap(/Confirm/, /Order \S+ is placed/);
    expect(placed.text).toContain('[SANDBOX]');
  });

  it('marks the summary with the sandbox badge in Persian too', async () => {
    await chatDriver(world.telegram, ADMIN).say(`/staff add ${PERSIAN_STAFF.id}`, /can now use giftdesk/);
    const chat = chatDriver(world.telegram, PERSIAN_STAFF);
    await chat.say('/order', /یک دسته را انتخاب کنید/);
    await chat.tap(/گوگل پلی/, /یک محصول از دستهٔ/);
    await chat.tap(/Google Play 10 USD/, /چند عدد؟/);
    const summary = await chat.tap(/^۱$/, /سفارش خود را بررسی کنید/);
    expect(summary.text).toMatch(/^\[آزمایشی · SANDBOX\]/);
    await chat.say('/cancel', /^\[آزمایشی · SANDBOX\]\nلغو شد/);
  });

  it('puts the badge first on the balance, the transactions, the order list and an order’s detail', async () => {
    const chat = chatDriver(world.telegram, ADMIN);
    expect((await chat.say('/balance', /Wallet balance/)).text).toMatch(/^\[SANDBOX\]\n/);
    expect((await chat.say('/transactions', /transactions/i)).text).toMatch(/^\[SANDBOX\]\n/);
    const list = await chat.say('/orders', /recent orders/);
    expect(list.text).toMatch(/^\[SANDBOX\]\n/);
    const detail = await chat.tap(/^1\. /, /Order /);
    expect(detail.text).toMatch(/^\[SANDBOX\]\n/);
  });

  it('puts the Persian word first in Persian', async () => {
    const balance = await chatDriver(world.telegram, PERSIAN_STAFF).say('/balance', /موجودی کیف پول/);
    expect(balance.text).toMatch(/^\[آزمایشی · SANDBOX\]\n/);
  });
});
