import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { posts } from './order-steps.js';

/** The administrator of ADMIN_IDS, now with a Telegram username. */
const NAMED_ADMIN: FakeUser = { ...ADMIN, username: 'ada_ops' };
const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
const IDLE_STAFF: FakeUser = { id: 2003, firstName: 'Ira', languageCode: 'en' };
const DEMOTED: FakeUser = { id: 2004, firstName: 'Dov', languageCode: 'en' };
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const GO_ON = /^Ordering is open again\. Your unfinished order is where you left it/;

describe('staff hear of a pause when they start an order, and hear when they can go on', () => {
  const world = sharedWorld({ staff: [STAFF, IDLE_STAFF, DEMOTED, PERSIAN_STAFF] });
  const admin = () => chatDriver(world.telegram, NAMED_ADMIN);
  const received = (user: FakeUser, pattern: RegExp) => world.telegram.messages(user.id).filter((m) => pattern.test(m.text));
  const menus = (user: FakeUser) => received(user, /Choose a category/).length;

  /** Leaves an order half-way, at the quantity question. */
  async function leaveHalfWay(user: FakeUser): Promise<void> {
    const chat = chatDriver(world.telegram, user);
    await chat.say('/order', /Choose a category/);
    await chat.say(GOOGLE_PLAY.search, /Products matching/);
    await chat.tap(GOOGLE_PLAY.product, /How many\?/);
  }

  beforeAll(async () => {
    await admin().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    // Telegram lets a bot write only to people who have started it.
    await chatDriver(world.telegram, SECOND_ADMIN).say('/start', /\/staff/);
    await leaveHalfWay(STAFF);
    await leaveHalfWay(DEMOTED);
  });

  it('names the administrator who paused by name and @username to the other administrators', async () => {
    await admin().say('/pause stocktaking', /^Ordering is paused\./);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /^Ada \(@ada_ops\) paused ordering: stocktaking\./);
  });

  it('tells a staff member at /order, before any question, that ordering is paused and why, and keeps their order half-way', async () => {
    const before = menus(STAFF);
    const answer = await chatDriver(world.telegram, STAFF).say('/order', /^Ordering is paused since/);
    expect(answer.text).toMatch(/^Ordering is paused since .* by an administrator: stocktaking\./);
    expect(answer.text).toContain('Your unfinished order is kept. I will tell you when ordering opens again');
    expect(menus(STAFF)).toBe(before);
  });

  it('tells a staff member with no order half-way to send /order again once ordering is open', async () => {
    const answer = await chatDriver(world.telegram, IDLE_STAFF).say('/order', /^Ordering is paused since/);
    expect(answer.text).toContain('by an administrator: stocktaking');
    expect(answer.text).toContain('Please send /order again once ordering is open.');
    expect(menus(IDLE_STAFF)).toBe(0);
  });

  it('says it in Persian to a Persian staff member', async () => {
    const answer = await chatDriver(world.telegram, PERSIAN_STAFF).say('/order', /^ثبت سفارش از /);
    expect(answer.text).toMatch(/^ثبت سفارش از [۰-۹].* به دست یکی از مدیران متوقف شده است: stocktaking\./);
    expect(answer.text).toContain('لطفاً وقتی ثبت سفارش دوباره باز شد، /order را دوباره بفرستید.');
  });

  it('tells only those who may still order and have an order half-way that they can go on, once ordering resumes', async () => {
    await admin().say(`/staff role ${DEMOTED.id} viewer`, /is now viewer/);
    await admin().say('/resume', /^Ordering is open again\.$/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /^Ada \(@ada_ops\) resumed ordering\./);
    const told = await world.bot.waitForLog('people with a kept order were told that ordering is open again');
    expect(told['told']).toBe(1);
    expect(received(STAFF, GO_ON)).toHaveLength(1);
    for (const other of [IDLE_STAFF, DEMOTED, PERSIAN_STAFF, ADMIN, SECOND_ADMIN]) expect(received(other, GO_ON)).toHaveLength(0);
  });

  it('lets the staff member go on with the kept order to a placed order', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('1', /Please check your order/);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(posts(world)).toBe(1);
  });
});
