import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver, forwardedText } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { posts } from './order-steps.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };
/** 1,250,000 IRR a card; the team threshold below lets one card a day through and not two. */
const PRICE = 1_250_000;

/**
 * Ada's account is in someone else's hands. Each way the issue found around
 * the second administrator is tried as written, against the built program:
 * none moves money or raises Ada's power alone, and Bea hears of each.
 */
describe('a stolen administrator account, with two administrators', () => {
  const world = sharedWorld({ process: true, staff: [STAFF] });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const requestsTo = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /Please confirm/.test(m.text)).length;

  async function order(user: FakeUser, quantity: number, expected: RegExp): Promise<void> {
    const chat = chatDriver(world.telegram, user);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.say(String(quantity), /Please check your order/);
    await chat.tap(/Confirm/, expected);
  }

  it('sets up two administrators and a team threshold, which lowering makes immediate', async () => {
    world.sandbox.controls.setProductPrice(SANDBOX_PRODUCTS.noFields, PRICE);
    await ada().say('/velocity reads off', /now off/);
    await ada().say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    await chatDriver(world.telegram, SECOND_ADMIN).say('/start', /\/staff/);
    await ada().say('/approvals threshold 2000000', /Orders above 2,000,000 IRR now wait/);
  });

  it('cannot lift its own approval or the team threshold: each goes to the other administrator', async () => {
    const before = requestsTo(SECOND_ADMIN);
    await ada().say(`/limits ${ADMIN.id} approval off`, /Sent to the other administrators/);
    await ada().say('/approvals threshold off', /Sent to the other administrators/);
    await world.telegram.waitFor(() => requestsTo(SECOND_ADMIN) === before + 2);
    const limits = await ada().say(`/limits ${ADMIN.id}`, /Ada/);
    expect(limits.text).toMatch(/Approval above: 2,000,000 IRR/);
  });

  it('cannot split a large purchase into orders each under the threshold: the day counts', async () => {
    const sent = posts(world);
    await order(STAFF, 1, /Order A\d+ is placed/);
    await world.telegram.waitFor(() => posts(world) === sent + 1);
    // The second card the same day takes the day past 2,000,000: it waits, and the summary never named the threshold.
    const sam = chatDriver(world.telegram, STAFF);
    await sam.say('/order', /Choose a category/);
    await sam.say('Google Play 10', /Products matching/);
    await sam.tap(/^Google Play 10 USD/, /How many\?/);
    const summary = await sam.say('1', /Please check your order/);
    expect(summary.text).toMatch(/needs an administrator's approval/);
    expect(summary.text).not.toMatch(/2,000,000/);
    await sam.tap(/Confirm/, /needs an administrator's approval/);
    expect(posts(world)).toBe(sent + 1);
  });

  it('does not run a command an accomplice wrote and Ada forwarded', async () => {
    await ada().answerTo(() => forwardedText(world.telegram, ADMIN, '/approvals threshold off'), /Forwarded commands are not run/);
  });

  it('demotes the other administrator at once, and still cannot approve its own order or lift its limit', async () => {
    await ada().say(`/staff role ${SECOND_ADMIN.id} staff`, /is now Staff/i);
    await ada().say(`/limits ${ADMIN.id} approval off`, /Not changed: .*there is none/);
    const sent = posts(world);
    await order(ADMIN, 2, /needs an administrator's approval/);
    const request = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).filter((m) => /Approval needed: request \d+/.test(m.text)).at(-1));
    world.telegram.clickButton(ADMIN, request, /Approve/);
    await world.telegram.waitForMessage(ADMIN.id, /Your own order needs another administrator's approval/);
    expect(posts(world)).toBe(sent);
  });
});
