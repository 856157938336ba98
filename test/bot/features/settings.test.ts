import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../e2e/chat-driver.js';
import { ADMIN, SECOND_ADMIN, startDualWorld } from './dual-world.js';

describe('/settings', () => {
  it('lists the order feed and the digest hour as they are changed from the chat, in both languages', async () => {
    const world = await startDualWorld({ env: { TIME_ZONE: 'Asia/Tehran' } });
    const ada = chatDriver(world.telegram, ADMIN);
    const bea = chatDriver(world.telegram, SECOND_ADMIN);

    const before = await ada.say('/settings', /Settings you can change in the chat/);
    expect(before.text).toContain('• Order feed to administrators: off\n  Change with /feed on|off');
    expect(before.text).toContain('• Daily digest: off\n  Change with /digest <hour 0–23|off>');

    await ada.say('/feed on', /every order placed/);
    await ada.say('/digest 9', /every day at 9:00/);
    const after = await ada.say('/settings', /Settings you can change in the chat/);
    expect(after.text).toContain('• Order feed to administrators: on');
    expect(after.text).toContain('• Daily digest: every day at 09:00 (Iran Standard Time)');

    await bea.say('/language', /Choose your language/);
    await bea.tap('فارسی', /فارسی صحبت می‌کنم/);
    const persian = await bea.say('/settings', /تنظیماتی که می‌توانید/);
    expect(persian.text).toContain('• گزارش لحظه‌ای سفارش‌ها برای مدیران: روشن');
    expect(persian.text).toContain('• خلاصهٔ روزانه: هر روز ساعت ۰۹:۰۰ (وقت عادی ایران)');
    expect(persian.text).toContain('تغییر با /digest <ساعت ۰ تا ۲۳|off>');
  });
});
