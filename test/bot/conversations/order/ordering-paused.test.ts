import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../../e2e/chat-driver.js';
import { ADMIN, STAFF, startBotWorld } from './bot-world.js';

type World = Awaited<ReturnType<typeof startBotWorld>>;

/** /order, then Google Play 10 USD (no fields), up to the quantity: the step after it is the summary. */
async function toQuantity(world: World) {
  const chat = chatDriver(world.telegram, STAFF);
  await chat.say('/order', /Choose a category/);
  await chat.say('Google Play 10', /Products matching/);
  await chat.tap(/^Google Play 10 USD/, /How many\?/);
  return chat;
}

async function toSummary(world: World, expected: RegExp) {
  const chat = await toQuantity(world);
  return { chat, summary: await chat.say('1', expected) };
}

describe('ordering while it is paused', () => {
  it('tells a staff member half-way through an order at the summary that an administrator paused ordering, and why, with no Confirm', async () => {
    const world = await startBotWorld();
    const chat = await toQuantity(world);
    await world.pauses.pause({ source: 'admin', reason: 'wallet audit', by: ADMIN.id });
    const summary = await chat.say('1', /Ordering is paused by an administrator/);
    expect(summary.text).toContain('Reason: wallet audit');
    expect(() => world.telegram.findButton(summary, /Confirm/)).toThrow();
    expect(world.telegram.findButton(summary, /Check again/)).toBeDefined();
  });

  it('says the provider refuses our access when that is the cause of the pause', async () => {
    const world = await startBotWorld();
    const chat = await toQuantity(world);
    await world.pauses.pause({ source: 'provider', reason: 'IP not allowed', by: null });
    const summary = await chat.say('1', /Ordering is paused: the provider is refusing our access/);
    expect(summary.text).toContain('The provider said: “IP not allowed”');
  });

  it('sends no order when the pause begins between the summary and Confirm, and shows the pause instead', async () => {
    const world = await startBotWorld();
    const { chat } = await toSummary(world, /Please check your order/);
    await world.pauses.pause({ source: 'admin', reason: null, by: ADMIN.id });
    await chat.tap(/Confirm/, /Ordering is paused by an administrator/);
    expect(world.posts()).toBe(0);
  });

  it('offers Confirm again once ordering resumes and the staff member checks again', async () => {
    const world = await startBotWorld();
    const chat = await toQuantity(world);
    await world.pauses.pause({ source: 'admin', reason: null, by: ADMIN.id });
    await chat.say('1', /Ordering is paused/);
    await world.pauses.resume(ADMIN.id);
    await chat.tap(/Check again/, /Please check your order/);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(world.posts()).toBe(1);
  });

  it('says at /order, before any question, that ordering is paused, and keeps an order half-way to go on with after the pause', async () => {
    const world = await startBotWorld();
    const chat = await toQuantity(world);
    await world.pauses.pause({ source: 'admin', reason: 'wallet audit', by: ADMIN.id });
    const told = await chat.say('/order', /^\[SANDBOX\]\nOrdering is paused since .* by an administrator: wallet audit\./);
    expect(told.text).toContain('Your unfinished order is kept.');
    expect(world.telegram.messages(STAFF.id).filter((m) => /Choose a category/.test(m.text))).toHaveLength(1);
    await world.pauses.resume(ADMIN.id);
    await chat.say('1', /Please check your order/);
  });
});
