import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../e2e/chat-driver.js';
import type { FakeUser } from '../../support/fake-bot-api/index.js';
import { ADMIN, startBotWorld } from '../conversations/order/bot-world.js';

/** An administrator whose Telegram app speaks Persian and who never chose a language with /language. */
const PERSIAN_ADMIN: FakeUser = { id: 1003, firstName: 'Sara', languageCode: 'fa' };

describe("other administrators' notices", () => {
  it('reach an administrator with a Persian app in Persian: pause, resume and hide', async () => {
    const world = await startBotWorld();
    await world.services.staff.add(PERSIAN_ADMIN.id, 'admin', ADMIN.id);
    // Telegram lets a bot write only to people who have started it; her /start is answered in her app's language.
    await chatDriver(world.telegram, PERSIAN_ADMIN).say('/start', /./);
    const admin = chatDriver(world.telegram, ADMIN);

    await admin.say('/pause stocktaking', /^\S*\s*Ordering is paused\./);
    const paused = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /stocktaking/);
    expect(paused.text).toContain('ثبت سفارش را متوقف کرد: stocktaking');

    await admin.say('/resume', /Ordering is open again/);
    const resumed = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /دوباره باز کرد|resumed/);
    expect(resumed.text).toContain('ثبت سفارش را دوباره باز کرد');

    const found = await world.services.catalog.search({ query: 'Google Play 10', page: 1, pageSize: 8 });
    const id = found.items.find((p) => p.title === 'Google Play 10 USD')!.id;
    await admin.say(`/catalog hide ${id}`, /Hidden from staff/);
    const hidden = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /Google Play 10 USD/);
    expect(hidden.text).toContain('را از کارمندان پنهان کرد');
  });
});
