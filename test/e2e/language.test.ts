import { describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld } from './harness.js';

describe('/language', () => {
  const world = sharedWorld();

  const chat = () => chatDriver(world.telegram, ADMIN);

  it('switches to Persian, keeps it after a restart, and switches back to English', async () => {
    await chat().say('/language', /Choose your language/);
    const done = await chat().tap('فارسی', /فارسی صحبت می‌کنم/);
    // The choice replaces the menu: no buttons are left to press.
    expect(done.reply_markup).toBeUndefined();
    await chat().say('/help', /روند کار/);

    await world.bot.stop();
    await world.restart();
    await chat().say('/help', /روند کار/);

    await chat().say('/language', /زبان خود را انتخاب کنید/);
    await chat().tap('English', /I will speak English/);
    const help = await chat().say('/help', /How it works/);
    expect(help.text).not.toMatch(/سفارش/);
  });

  it('answers the language button at once', async () => {
    const menu = await chat().say('/language', /Choose your language/);
    const id = world.telegram.clickButton(ADMIN, menu, 'English');
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(id));
  });
});
