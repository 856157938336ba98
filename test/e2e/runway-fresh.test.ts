import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };

/** A fresh install: the wallet's history is read to its end and holds nothing spent, so there is no pace to go by. */
describe('the runway on a fresh install, with nothing spent', () => {
  const world = sharedWorld({ staff: [STAFF], sandbox: { initialBalance: 5_000_000 }, env: { TIME_ZONE: 'UTC', WALLET_WATCH_SECONDS: '1', AMOUNT_UNIT_FA: 'ریال' } });
  const admin = () => chatDriver(world.telegram, ADMIN);

  beforeAll(async () => {
    await world.bot.waitForLog((line) => line.msg === 'wallet transactions: local copy filled', 45_000);
    world.telegram.addChat(PERSIAN_ADMIN);
    await admin().say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
  });

  it('shows the balance alone in /balance, while /runway says why it cannot say when the wallet runs out', async () => {
    const runway = await admin().say('/runway', /Runway|runway|pace/);
    expect(runway.text).toContain('Nothing was spent from the wallet in the 30 days before today: there is no pace yet to say when it runs out.');
    const balance = await admin().say('/balance', /Wallet balance/);
    expect(balance.text.split('\n')[0]).toBe('Wallet balance: 5,000,000 IRR');
    expect(balance.text).not.toMatch(/pace|spent from the wallet/);
  });

  it('shows a Persian administrator the balance alone too', async () => {
    const persian = chatDriver(world.telegram, PERSIAN_ADMIN);
    const runway = await persian.say('/runway', /روندی نیست/);
    expect(runway.text).toContain('در ۳۰ روز پیش از امروز هزینه‌ای از کیف پول نشده است');
    const balance = await persian.say('/balance', /موجودی کیف پول/);
    expect(balance.text).toContain('۵٬۰۰۰٬۰۰۰ ریال');
    expect(balance.text).not.toMatch(/روند|هزینه‌ای/);
  });
});
