import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const PERSIAN_VIEWER: FakeUser = { id: 4004, firstName: 'Dara', languageCode: 'fa' };

/** Google Play 10 USD costs 1,250,000 IRR in the sandbox. */
describe('monthly budgets per cost centre', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const ids: Record<string, string> = {};
  const alerts = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /has used \d+ % of this month's budget/.test(m.text));
  const orderCount = async () => Number((await world.database.rows<{ n: number }>('select count(*) as n from orders'))[0]!.n);

  beforeAll(async () => {
    await ada().say('/velocity reads off', /now off/);
    await ada().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    await chatDriver(world.telegram, SECOND_ADMIN).say('/start', /\/staff/);
    await ada().say(`/staff add ${PERSIAN_VIEWER.id} viewer`, new RegExp(`${PERSIAN_VIEWER.id}`));
    for (const name of ['Support', 'Events']) ids[name] = /(\d+)\./.exec((await ada().say(`/costcentres add ${name}`, /Added cost centre/)).text)![1]!;
    await ada().say('/costcentres mode optional', /both may be skipped/);
  });

  /** /order of `quantity` Google Play 10 USD for `centre`, to the summary. */
  async function toSummary(user: FakeUser, quantity: number, centre: RegExp) {
    const chat = chatDriver(world.telegram, user);
    await chat.say('/order', /Choose a category|دسته/);
    await chat.say('Google Play 10', /Products matching|محصولات/);
    await chat.tap(/^Google Play 10 USD/, /How many\?|چند/);
    await chat.say(String(quantity), /Which cost centre|مرکز هزینه/);
    const summary = await chat.tap(centre, /Please check your order|سفارش خود را بررسی/);
    return { chat, summary };
  }

  /** Waits until `count` orders are in `state`: the sandbox settles them a moment after the POST. */
  async function settled(state: string, count: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await world.database.rows<{ n: number }>(`select count(*) as n from orders where state = '${state}'`);
      if (Number(row!.n) >= count) return;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} orders reached ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('sets a first budget at once, while a higher one waits for the second administrator and takes effect when confirmed', async () => {
    await ada().say(`/budgets set ${ids['Support']} 2000000`, /The monthly budget of \d+\. Support is now 2,000,000 IRR/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /Ada.*set the monthly budget of “Support” from no budget to 2,000,000 IRR/);
    await ada().say(`/budgets set ${ids['Support']} 3000000`, /Sent to the other administrators: set the monthly budget of “Support” from 2,000,000 IRR to 3,000,000 IRR/);
    expect((await ada().say('/budgets', /This month's budgets/)).text).toMatch(/Support: budget 2,000,000 IRR/);
    const card = await world.telegram.waitForMessage(SECOND_ADMIN.id, /Please confirm[\s\S]*monthly budget of “Support”/);
    await chatDriver(world.telegram, SECOND_ADMIN).answerTo(() => world.telegram.clickButton(SECOND_ADMIN, card, /Confirm/), /Done: set the monthly budget of “Support” from 2,000,000 IRR to 3,000,000 IRR\. Asked by Ada, confirmed by Bea/);
    expect((await ada().say('/budgets', /This month's budgets/)).text).toMatch(/Support: budget 3,000,000 IRR, spent 0 IRR, committed 0 IRR, left 3,000,000 IRR/);
    const audit = await world.database.rows<{ action: string }>("select action from audit_log where action = 'cost_centre.budget'");
    expect(audit).toHaveLength(2);
  });

  it('places an order within the budget as usual, and tells the administrators once at 80 %', async () => {
    const { chat, summary } = await toSummary(STAFF, 2, /^Support/);
    expect(summary.text).not.toMatch(/approval|budget/i);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    await world.telegram.waitForMessage(ADMIN.id, /The cost centre “Support” has used 83 % of this month's budget: spent .*, committed .*, budget 3,000,000 IRR/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /“Support” has used 83 %/);
    await settled('completed', 1);
  });

  it('asks an administrator for an order that would take the cost centre over its budget, saying why on the card', async () => {
    const before = alerts(ADMIN).length;
    const { chat, summary } = await toSummary(STAFF, 1, /^Support/);
    expect(summary.text).toMatch(/needs an administrator's approval/);
    const card = world.telegram.waitForMessage(ADMIN.id, /Over the budget of Support: spent 2,500,000 IRR, committed 0 IRR, this order 1,250,000 IRR, budget 3,000,000 IRR/);
    await chat.tap(/Confirm/, /needs an administrator's approval/);
    await card;
    // Still one alert: the mark is kept, whoever orders next.
    expect(alerts(ADMIN)).toHaveLength(before);
    expect(before).toBe(1);
  });

  it('refuses it instead where administrators say so: no Confirm, nothing stored', async () => {
    await ada().say('/budgets over refuse', /An order over its cost centre's budget is refused/);
    expect((await ada().say('/settings', /Orders over a cost centre's budget/)).text).toMatch(/Orders over a cost centre's budget: is refused/);
    const orders = await orderCount();
    const { summary } = await toSummary(STAFF, 1, /^Support/);
    // Its own words: whose budget, what the month holds and what this order adds, not the person's limit.
    expect(summary.text).toMatch(/Over the monthly budget of the cost centre “Support”: this order \(1,250,000 IRR\) does not fit the 500,000 IRR left of its budget of 3,000,000 IRR/);
    expect(summary.text).toMatch(/This month so far: 2,500,000 IRR \(spent 2,500,000 IRR, committed 0 IRR\)/);
    expect(summary.text).toMatch(/choose another cost centre in Edit, or ask an administrator to raise the budget/);
    expect(summary.text).not.toMatch(/your limit|Your spending limits/);
    expect(() => world.telegram.findButton(summary, /Confirm/)).toThrow(/No callback button/);
    expect(await orderCount()).toBe(orders);
    await ada().say('/budgets over approve', /waits for an administrator's approval/);
    const audit = await world.database.rows<{ n: number }>("select count(*) as n from audit_log where action = 'setting.changed' and detail like '%budgets.over%'");
    expect(Number(audit[0]!.n)).toBe(2);
    const shown = await ada().say('/audit', /Audit|audit/);
    expect(shown.text).toMatch(/changed what an order over its cost centre's budget meets: it now waits for an administrator's approval \(before: is refused\)/);
    expect(shown.text).toMatch(/set the monthly budget of the cost centre "Support" from 2,000,000 IRR to 3,000,000 IRR/);
  });

  it('gives the budget back when an order fails', async () => {
    await ada().say(`/budgets set ${ids['Events']} 2000000`, /Events is now 2,000,000 IRR/);
    world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'failed');
    try {
      const { chat } = await toSummary(STAFF, 1, /^Events/);
      await chat.tap(/Confirm/, /Order A\d+ is placed/);
      await settled('failed', 1);
    } finally {
      world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'completed');
    }
    const listed = await ada().say('/budgets', /This month's budgets/);
    expect(listed.text).toMatch(/Events: budget 2,000,000 IRR, spent 0 IRR, committed 0 IRR, left 2,000,000 IRR/);
    expect(listed.text).toMatch(/Support: budget 3,000,000 IRR, spent 2,500,000 IRR, committed 0 IRR, left 500,000 IRR/);
    expect(listed.text).toMatch(/\(\d+ days? left in the month\)/);
  });

  it('refuses /budgets to staff, and lets viewers read it but not change it', async () => {
    await chatDriver(world.telegram, STAFF).say('/budgets', /Only administrators and viewers can do that/);
    const viewer = chatDriver(world.telegram, PERSIAN_VIEWER);
    await viewer.say(`/budgets set ${ids['Events']} off`, /./);
    expect((await ada().say('/budgets', /This month's budgets/)).text).toMatch(/Events: budget 2,000,000 IRR/);
  });

  it('no longer counts an order the provider refunded in the cost centre\'s spent', async () => {
    world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'REFUNDED');
    try {
      const { chat } = await toSummary(STAFF, 1, /^Events/);
      const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
      const reference = /Order (A\d+)/.exec(placed.text)![1]!;
      await world.telegram.waitForMessage(STAFF.id, new RegExp(`refunded order ${reference}`), { timeoutMs: 30_000 });
      await settled('refunded', 1);
    } finally {
      world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'completed');
    }
    const listed = await ada().say('/budgets', /This month's budgets/);
    expect(listed.text).toMatch(/Events: budget 2,000,000 IRR, spent 0 IRR, committed 0 IRR, left 2,000,000 IRR/);
  });

  it('refuses at Confirm, in words of its own, an order whose budget another order took meanwhile; in Persian too', async () => {
    await ada().say('/budgets over refuse', /is refused/);
    try {
      // Both fit alone (1,250,000 of 2,000,000): the first confirmed takes what the second needed.
      const first = await toSummary(STAFF, 1, /^Events/);
      expect(first.summary.text).not.toMatch(/budget/i);
      const second = await toSummary(PERSIAN_STAFF, 1, /^Events/);
      await second.chat.tap(/تأیید سفارش/, /ثبت شد/);
      const orders = await orderCount();
      const again = await first.chat.tap(/Confirm/, /budget was checked again at Confirm/);
      expect(again.text).toMatch(/this order no longer fits it: another order was counted meanwhile\. Nothing was sent or charged/);
      expect(again.text).toMatch(/Over the monthly budget of the cost centre “Events”: this order \(1,250,000 IRR\) does not fit the 750,000 IRR left of its budget of 2,000,000 IRR/);
      expect(() => world.telegram.findButton(again, /Confirm/)).toThrow(/No callback button/);
      expect(await orderCount()).toBe(orders);
      const persian = await toSummary(PERSIAN_STAFF, 1, /^Events/);
      expect(persian.summary.text).toContain('بیش از بودجهٔ ماهانهٔ مرکز هزینهٔ «Events»');
      expect(persian.summary.text).toMatch(/۱٬۲۵۰٬۰۰۰.*۷۵۰٬۰۰۰.*۲٬۰۰۰٬۰۰۰/);
      expect(persian.summary.text).toContain('تا اینجای این ماه: ۱٬۲۵۰٬۰۰۰');
      expect(() => world.telegram.findButton(persian.summary, /تأیید سفارش/)).toThrow(/No callback button/);
    } finally {
      await ada().say('/budgets over approve', /waits for an administrator's approval/);
    }
  });

  it('speaks Persian: the figures in Persian digits, and the approval asked for a Persian order over the budget', async () => {
    const listed = await chatDriver(world.telegram, PERSIAN_VIEWER).say('/budgets', /بودجه‌های این ماه/);
    expect(listed.text).toMatch(/Support: بودجه ۳٬۰۰۰٬۰۰۰ .*خرج‌شده ۲٬۵۰۰٬۰۰۰ .*مانده ۵۰۰٬۰۰۰/);
    expect(listed.text).not.toMatch(/[0-9]/);
    const { chat, summary } = await toSummary(PERSIAN_STAFF, 1, /^Support/);
    expect(summary.text).toContain('این سفارش باید به تأیید یکی از مدیران برسد');
    await chat.tap(/تأیید/, /تأیید/);
    await world.telegram.waitForMessage(ADMIN.id, /Approval needed[\s\S]*Over the budget of Support/);
  });
});
