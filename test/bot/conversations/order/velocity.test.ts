import { describe, expect, it } from 'vitest';
import { codesData } from '../../../../src/bot/order-views/callback-data.js';
import { chatDriver, craftedPress } from '../../../e2e/chat-driver.js';
import { ADMIN, STAFF, startBotWorld, toSummary } from './bot-world.js';

type World = Awaited<ReturnType<typeof startBotWorld>>;

async function started(options: Parameters<typeof startBotWorld>[0] = {}) {
  const world = await startBotWorld(options);
  // Telegram lets a bot write only to people who have started it.
  await chatDriver(world.telegram, ADMIN).say('/start', /./);
  const alerts = (what: RegExp) => world.telegram.messages(ADMIN.id).filter((m) => /was refused/.test(m.text) && what.test(m.text));
  return { world, alerts };
}

describe('velocity limits in the chat', () => {
  it('refuses the order past the hour’s limit, saying when it frees, and alerts the administrators once', async () => {
    const { world, alerts } = await started();
    await world.services.velocity.setCap('orders', 2, ADMIN.id);
    for (let n = 0; n < 2; n++) await (await toSummary(world)).chat.tap(/Confirm/, /Order A\d+ is placed/);
    for (let n = 0; n < 2; n++) {
      const refused = await (await toSummary(world)).chat.tap(/Confirm/, /Not sent: you have confirmed 2 orders in the last hour, the most allowed\. You can order again from .*\d{2}:\d{2}/);
      expect(refused.text).toMatch(/Not sent/);
    }
    expect(world.posts()).toBe(2);
    await world.telegram.waitFor(() => alerts(/more than 2 orders in an hour/).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alerts(/./)).toHaveLength(1);
  });

  it('refuses a request for approval beyond the ones allowed to wait at once', async () => {
    const { world, alerts } = await started({ approvalThreshold: 1 });
    await world.services.velocity.setCap('pending', 1, ADMIN.id);
    await (await toSummary(world)).chat.tap(/Confirm/, /This order needs an administrator's approval\. Its total/);
    for (let n = 0; n < 2; n++) await (await toSummary(world)).chat.tap(/Confirm/, /Not sent: you already have 1 orders waiting for an administrator's approval/);
    expect((await world.services.approvals.listPending()).length).toBe(1);
    expect(world.posts()).toBe(0);
    await world.telegram.waitFor(() => alerts(/more than 1 orders waiting for approval/).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alerts(/./)).toHaveLength(1);
  });

  it('refuses provider reads past the minute’s limit without asking the provider', async () => {
    const { world, alerts } = await started();
    await world.services.velocity.setCap('reads', 3, ADMIN.id);
    const chat = chatDriver(world.telegram, STAFF);
    const balanceReads = () => world.sandbox.requests.filter((r) => r.path === '/balance').length;
    for (let n = 0; n < 3; n++) await chat.say('/balance', /Wallet balance|balance/i);
    const before = balanceReads();
    await chat.say('/balance', /Slow down: at most 3 requests to the provider a minute\. Try again in \d+ seconds\./);
    await chat.say('/balance', /Slow down/);
    expect(balanceReads()).toBe(before);
    await world.telegram.waitFor(() => alerts(/more than 3 provider requests in a minute/).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alerts(/./)).toHaveLength(1);
  });

  it('counts the order conversation’s reads against the staff member who orders, refusing the summary’s past the limit', async () => {
    const { world, alerts } = await started();
    await world.services.velocity.setCap('reads', 1, ADMIN.id);
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    // The product's detail is the minute's one read; the summary's balance and detail would be the second and third.
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    const asked = world.sandbox.requests.length;
    await chat.say('1', /could not be checked, so the order cannot be confirmed yet\. Nothing was ordered\. Slow down: too many requests to the provider/);
    expect(world.sandbox.requests.slice(asked).filter((r) => r.path === '/balance' || r.path.startsWith('/products/'))).toEqual([]);
    // Both reads were refused at once: the administrators hear of it once.
    await world.telegram.waitFor(() => alerts(/Sam was refused: more than 1 provider requests in a minute/).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alerts(/./)).toHaveLength(1);
    // Another person's reads are their own.
    await chatDriver(world.telegram, ADMIN).say('/balance', /Wallet balance/);
  });

  it('refuses an administrator’s reveals of someone else’s codes past the hour’s limit', async () => {
    const { world, alerts } = await started();
    await world.services.velocity.setCap('reveals', 2, ADMIN.id);
    await (await toSummary(world)).chat.tap(/Confirm/, /Order A\d+ is placed/);
    // The first order of a new database.
    const order = (await world.services.stores.orderQueries.byId(1))!;
    expect(order.userId).toBe(STAFF.id);
    const answers: (string | undefined)[] = [];
    for (let n = 0; n < 3; n++) {
      const id = craftedPress(world.telegram, ADMIN, codesData(order.id));
      answers.push(await world.telegram.waitFor(() => world.telegram.callbackAnswer(id)?.text));
    }
    expect(answers[2]).toMatch(/Not shown: you have opened other people's codes 2 times in the last hour/);
    expect(answers.slice(0, 2).join()).not.toMatch(/Not shown/);
    await world.telegram.waitFor(() => alerts(/more than 2 reveals of other people's codes in an hour/).length === 1);
  });
});
