import { describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';

/** What a phone shows of a message without scrolling, roughly; the old administrator's /start was 1,400 characters. */
const SCREENFUL = 1_000;

describe('help that explains', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });

  it('greets an administrator with how ordering works in a few lines, the commands a tap away', async () => {
    const start = await chatDriver(world.telegram, ADMIN).say('/start', /How it works/);
    expect(start.text.length).toBeLessThan(SCREENFUL);
    for (const topic of [/approval/i, /Limits/, /Order again/, /Needs action at the provider/, /\/approvals/, /\/admingroup/]) expect(start.text).toMatch(topic);
    expect(start.text).not.toContain('/export');
    expect(world.telegram.findButton(start, /All commands/)).toBeDefined();
  });

  it('shows the full command list in place of the guide, and the guide again', async () => {
    const chat = chatDriver(world.telegram, ADMIN);
    await chat.say('/help', /How it works/);
    const list = await chat.tap(/All commands/, /\/export/);
    expect(list.text).toContain('/limits');
    expect(list.text).toContain('/staff add');
    // The administrators' group, briefly: binding, unbinding and one's own private copies.
    expect(list.text).toMatch(/\/admingroup: .*bind .*unbind.*private on\|off/);
    const guide = await chat.tap(/How it works/, /^How it works/);
    expect(guide.message_id).toBe(list.message_id);
  });

  it('gives staff the guide without administrators’ work, and the list with /help commands', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    const help = await chat.say('/help', /How it works/);
    expect(help.text).not.toContain('/approvals');
    const list = await chat.say('/help commands', /\/balance: the wallet balance/);
    expect(list.text).not.toContain('/staff');
    expect(list.text).not.toContain('/admingroup');
  });

  it('explains in Persian to a Persian reader', async () => {
    const help = await chatDriver(world.telegram, PERSIAN_STAFF).say('/help', /روند کار/);
    expect(help.text).toContain('سفارش دوباره');
    expect(world.telegram.findButton(help, /همهٔ فرمان‌ها/)).toBeDefined();
  });

  it('tells a Persian administrator of the administrators\' group in Persian', async () => {
    const chat = chatDriver(world.telegram, ADMIN);
    await chat.say('/language', /Choose your language/);
    await chat.tap('فارسی', /فارسی صحبت می‌کنم/);
    try {
      const help = await chat.say('/help', /روند کار/);
      expect(help.text).toMatch(/گروه تلگرام: .*\/admingroup/);
      const list = await chat.tap(/همهٔ فرمان‌ها/, /\/admingroup: /);
      expect(list.text).toMatch(/\/admingroup: تأییدها، هشدارها و گزارش سفارش‌ها در یک گروه مدیران: bind .*unbind.*private on\|off/);
    } finally {
      await chat.say('/language', /زبان خود را انتخاب کنید/);
      await chat.tap('English', /I will speak English/);
    }
  });
});
