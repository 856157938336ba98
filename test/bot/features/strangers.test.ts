import { describe, expect, it } from 'vitest';
import { setTimeout as delay } from 'node:timers/promises';
import { chatDriver } from '../../e2e/chat-driver.js';
import type { FakeBotApi, FakeUser } from '../../support/fake-bot-api/index.js';
import { ADMIN, STAFF, startDualWorld } from './dual-world.js';

const STRANGER: FakeUser = { id: 5555, firstName: 'Sam', languageCode: 'en' };
const HOUR_MS = 60 * 60_000;

/** The stranger writes; the update is taken and handled (nothing else tells when a silent bot is done). */
async function strangerWrites(telegram: FakeBotApi, text: string): Promise<void> {
  telegram.sendText(STRANGER, text);
  await telegram.waitFor(() => telegram.pendingUpdates().length === 0);
  await delay(300);
}

describe('/strangers', () => {
  it('silent: a stranger gets nothing; reply: the ID once an hour; audited and listed in /settings', async () => {
    const world = await startDualWorld();
    const { telegram } = world;
    const ada = chatDriver(telegram, ADMIN);

    const before = await ada.say('/strangers', /told their ID/);
    expect(before.text).toContain('/strangers silent');
    await ada.say('/strangers silent', /says nothing to people outside the staff/);
    const listed = await ada.say('/settings', /Settings you can change in the chat/);
    expect(listed.text).toContain('• Answer to people outside the staff: silent\n  Change with /strangers reply|silent');

    await strangerWrites(telegram, 'hello?');
    await strangerWrites(telegram, '/start');
    expect(telegram.messages(STRANGER.id)).toEqual([]);

    await ada.say('/strangers reply', /told their ID, once an hour/);
    // Replies back on: the silent hour took no claim, so the first message after it is answered.
    await strangerWrites(telegram, 'anyone?');
    expect(telegram.messages(STRANGER.id).map((m) => m.text)).toEqual([expect.stringContaining('Your Telegram ID is 5555')]);
    await strangerWrites(telegram, 'still there?');
    expect(telegram.messages(STRANGER.id)).toHaveLength(1);
    world.clock.shift(HOUR_MS + 1_000);
    await strangerWrites(telegram, 'an hour later');
    expect(telegram.messages(STRANGER.id)).toHaveLength(2);

    const audit = await ada.say('/audit', /strangers|outside the staff/);
    expect(audit.text).toContain('made the bot silent to people outside the staff');
    expect(audit.text).toContain('let the bot tell people outside the staff their ID');
    expect(world.db.$client.prepare("select count(*) as n from audit_log where action = 'setting.changed'").get()).toEqual({ n: 2 });
  });

  it('is for administrators only', async () => {
    const world = await startDualWorld({ admins: 1 });
    const sid = chatDriver(world.telegram, STAFF);
    const refused = await sid.say('/strangers silent', /./);
    expect(refused.text).not.toMatch(/says nothing/);
    const listed = await chatDriver(world.telegram, ADMIN).say('/settings', /Settings you can change in the chat/);
    expect(listed.text).toContain('• Answer to people outside the staff: their ID, once an hour');
  });
});
