import { describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';

const VIEWER: FakeUser = { id: 5016, firstName: 'Vera', languageCode: 'en' };

describe('cost centres kept by administrators', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);

  it('lets an administrator add, rename and retire cost centres, each audited; a retired one is listed apart and its name is free again', async () => {
    await admin().say('/costcentres', /No cost centres yet/);
    const added = await admin().say('/costcentres add Customer goodwill | CG-01', /Added cost centre/);
    const id = /(\d+)\. Customer goodwill \(CG-01\)/.exec(added.text)?.[1];
    expect(id).toBeDefined();
    await admin().say('/costcentres add  customer   GOODWILL ', /already an active cost centre of that name: \d+\. Customer goodwill \(CG-01\)/);
    await admin().say('/costcentres add Bad code | no spaces allowed', /An accounting code is up to 16/);
    await admin().say(`/costcentres rename ${id} Client goodwill`, new RegExp(`Renamed "Customer goodwill" to ${id}\\. Client goodwill \\(CG-01\\)`));
    await admin().say(`/costcentres retire ${id}`, /Retired \d+\. Client goodwill .*no longer offered/);
    await admin().say(`/costcentres retire ${id}`, /is retired: nothing was changed/);
    await admin().say('/costcentres retire 999', /no cost centre number 999/);
    const list = await admin().say('/costcentres add Client goodwill', /Added cost centre/);
    expect(list.text).not.toContain('CG-01');
    const shown = await admin().say('/costcentres', /Cost centres/);
    const [active, retired] = shown.text.split('Retired (kept on past orders');
    expect(active).toMatch(/\d+\. Client goodwill\n/);
    expect(retired).toContain(`${id}. Client goodwill (CG-01)`);
    expect(shown.text).toContain('/order does not ask for a cost centre.');

    const audit = await admin().say('/audit', /./);
    expect(audit.text).toContain('added the cost centre "Customer goodwill"');
    expect(audit.text).toContain('renamed the cost centre "Customer goodwill" to "Client goodwill"');
    expect(audit.text).toContain('retired the cost centre "Client goodwill"');
  });

  it('sets whether /order asks, shown in /settings and audited', async () => {
    await admin().say('/costcentres mode sometimes', /\/costcentres mode off\|optional\|required/);
    await admin().say('/costcentres mode required', /\/order asks for a cost centre before the summary/);
    await admin().say('/costcentres mode required', /Nothing was changed/);
    expect((await admin().say('/settings', /./)).text).toContain('Cost centre on orders: required');
    await admin().say('/costcentres mode off', /\/order does not ask/);
    expect((await admin().say('/audit', /./)).text).toContain('set the cost centre on orders to: off (was: required)');
  });

  it('speaks Persian to a Persian administrator: names in Persian, numbers in Persian digits', async () => {
    await admin().say('/language', /Choose your language/);
    await admin().tap('فارسی', /فارسی صحبت می‌کنم/);
    try {
      const added = await admin().say('/costcentres add پشتیبانی مشتریان | SUP-7', /مرکز هزینهٔ .* افزوده شد/);
      const digits = /([۰-۹]+)\. پشتیبانی مشتریان \(SUP-7\)/.exec(added.text)?.[1];
      expect(digits).toBeDefined();
      await admin().say(`/costcentres rename ${digits} پشتیبانی`, /نام «پشتیبانی مشتریان» به [۰-۹]+\. پشتیبانی \(SUP-7\) تغییر کرد/);
      await admin().say(`/costcentres retire ${digits}`, /کنار گذاشته شد/);
      const audit = await admin().say('/audit', /./);
      expect(audit.text).toContain('مرکز هزینهٔ «پشتیبانی» را کنار گذاشت');
    } finally {
      await admin().say('/language', /زبان خود را انتخاب کنید/);
      await admin().tap('English', /I will speak English/);
    }
  });

  it('refuses staff and viewers, and changes nothing', async () => {
    await admin().say(`/staff add ${VIEWER.id} viewer`, /can now use giftdesk/);
    const before = (await admin().say('/costcentres', /Cost centres/)).text;
    await chatDriver(world.telegram, STAFF).say('/costcentres add Sneaky', /Only administrators can do that/);
    await chatDriver(world.telegram, VIEWER).say('/costcentres retire 1', /Only administrators can do that/);
    await chatDriver(world.telegram, PERSIAN_STAFF).say('/costcentres mode off', /فقط مدیران/);
    expect((await admin().say('/costcentres', /Cost centres/)).text).toBe(before);
  });
});
