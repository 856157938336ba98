import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/safeguards/step-up/totp.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
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
  const world = sharedWorld({ process: true, staff: [STAFF], env: { STEP_UP_KEY: randomBytes(32).toString('hex') } });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const bea = () => chatDriver(world.telegram, SECOND_ADMIN);
  const cards = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /Please confirm/.test(m.text));
  const requestsTo = (user: FakeUser) => cards(user).length;

  /** Presses a button on a message and waits for that message to be replaced by the answer. */
  async function press(user: FakeUser, message: SentMessage, label: RegExp, answer: RegExp): Promise<void> {
    const edits = world.telegram.messages(user.id).find((m) => m.message_id === message.message_id)!.edits;
    world.telegram.clickButton(user, message, label);
    await world.telegram.waitFor(() => world.telegram.messages(user.id).find((m) => m.message_id === message.message_id && m.edits > edits && answer.test(m.text)));
  }

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

  it('changes nothing the other administrator refuses, and tells both', async () => {
    for (const card of cards(SECOND_ADMIN).filter((m) => /Ada wants/.test(m.text))) {
      await press(SECOND_ADMIN, card, /Refuse/, /Not done: .*Asked by Ada, refused by Bea/);
    }
    await world.telegram.waitForMessage(ADMIN.id, /Not done: set Ada's “Approval above” to never needed\. Asked by Ada, refused by Bea/);
    await world.telegram.waitForMessage(ADMIN.id, /Not done: set the team's “Approval above” to never needed\. Asked by Ada, refused by Bea/);
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

  it('refuses orders past the hour’s limit and alerts; raising the limit again takes effect once the other administrator confirms', async () => {
    await ada().say('/velocity orders 1', /1/);
    const sam = chatDriver(world.telegram, STAFF);
    const sent = posts(world);
    await sam.say('/order', /Choose a category/);
    await sam.say('Google Play 10', /Products matching/);
    await sam.tap(/^Google Play 10 USD/, /How many\?/);
    await sam.say('1', /Please check your order/);
    await sam.tap(/Confirm/, /Not sent: you have confirmed 1 orders in the last hour, the most allowed/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /more than 1 orders in an hour/);
    expect(posts(world)).toBe(sent);

    const before = requestsTo(SECOND_ADMIN);
    await ada().say('/velocity orders 30', /Sent to the other administrators: set “Most orders per person per hour” to 30/);
    const card = await world.telegram.waitFor(() => requestsTo(SECOND_ADMIN) > before && cards(SECOND_ADMIN).at(-1));
    await press(SECOND_ADMIN, card, /Confirm/, /Done: set “Most orders per person per hour” to 30\. Asked by Ada, confirmed by Bea/);
    await world.telegram.waitForMessage(ADMIN.id, /Done: set “Most orders per person per hour” to 30\. Asked by Ada, confirmed by Bea/);
  });

  it('sends no order for someone removed between the Approve and the POST', async () => {
    const sent = posts(world);
    const request = world.telegram.messages(SECOND_ADMIN.id).filter((m) => /Approval needed: request \d+/.test(m.text)).at(-1)!;
    // The provider answers slowly: the approval's reads of the price and the balance are still under way when Sam is removed.
    world.sandbox.controls.setLatency(700);
    try {
      const reads = world.sandbox.requests.length;
      world.telegram.clickButton(SECOND_ADMIN, request, /Approve/);
      // Recorded as they arrive: the approval passed its own checks and reads the balance, which answers in 700 ms.
      await world.telegram.waitFor(() => world.sandbox.requests.slice(reads).some((r) => r.path === '/wallet/balance') || undefined);
      await ada().say(`/staff remove ${STAFF.id}`, new RegExp(`${STAFF.id} no longer has access`));
      // Stopped by the order service's last check before the POST, not by the approval's first one.
      await world.telegram.waitFor(() => world.telegram.messages(SECOND_ADMIN.id).find((m) => m.message_id === request.message_id && /You approved it[\s\S]*Not sent: an administrator changed .*access/.test(m.text)));
    } finally {
      world.sandbox.controls.setLatency(0);
    }
    expect(posts(world)).toBe(sent);
  });

  it('asks a step-up code of an authenticator the other administrator approved: a wrong, an expired and a replayed code are refused, the right one exports once', async () => {
    await ada().say('/stepup enrol', /send the 6-digit code/);
    const qr = world.telegram.messages(ADMIN.id).find((m) => m.photo !== undefined)!;
    expect(qr.protect_content).toBe(true);
    // The key is in the photo's copy button, never in its caption (a reply would carry the caption into the stored update).
    expect(qr.text).not.toMatch(/[A-Z2-7]{16,}/);
    const keyboard = (qr.reply_markup as { inline_keyboard: { text: string; copy_text?: { text: string } }[][] }).inline_keyboard;
    const secret = keyboard.flat().find((button) => button.text === 'Copy key')!.copy_text!.text;
    await ada().say(totpCodeAt(secret, Date.now()), /another administrator approves/);
    await bea().say(`/stepup approve ${ADMIN.id}`, /authenticator is now in force/);
    await ada().say('/stepup on', /Step-up is on/);

    const documents = () => world.telegram.messages(ADMIN.id).filter((m) => m.document !== undefined).length;
    const valid = new Set([-30_000, 0, 30_000].map((shift) => totpCodeAt(secret, Date.now() + shift)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code))!;
    await ada().say('/export orders', /6-digit code from your authenticator app to export orders/);
    await ada().say(wrong, /Wrong code\. 4 tries left/);
    // A code the app showed two minutes ago has expired.
    await ada().say(totpCodeAt(secret, Date.now() - 120_000), /Wrong code\. 3 tries left/);
    expect(documents()).toBe(0);
    // The enrolment used this time-step's code: the next one is the right code now.
    const right = totpCodeAt(secret, Date.now() + 30_000);
    await ada().say(right, /Orders from/);
    expect(documents()).toBe(1);
    await ada().say('/export audit', /to export audit/);
    await ada().say(right, /used already/);
    expect(documents()).toBe(1);
  });

  it('demotes the other administrator at once, and still cannot approve its own order or lift its limit', async () => {
    // Bea, told Ada's phone is lost, removes Ada's authenticator first; whoever holds Ada's account then acts.
    await bea().say(`/stepup reset ${ADMIN.id}`, /Ada's authenticator was removed/);
    await ada().say(`/staff role ${SECOND_ADMIN.id} staff`, /is now Staff/i);
    await ada().say(`/limits ${ADMIN.id} approval off`, /Not changed: .*there is none/);
    const sent = posts(world);
    await order(ADMIN, 2, /needs an administrator's approval/);
    const request = await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).filter((m) => /Approval needed: request \d+/.test(m.text)).at(-1));
    world.telegram.clickButton(ADMIN, request, /Approve/);
    await world.telegram.waitForMessage(ADMIN.id, /Your own order needs another administrator's approval/);
    expect(posts(world)).toBe(sent);
  });

  it('cannot enrol its own authenticator with the other administrator demoted: nobody is left to approve it', async () => {
    await ada().say('/stepup enrol', /send the 6-digit code/);
    const qr = world.telegram.messages(ADMIN.id).filter((m) => m.photo !== undefined).at(-1)!;
    // The key is in the photo's copy button, never in its caption (a reply would carry the caption into the stored update).
    expect(qr.text).not.toMatch(/[A-Z2-7]{16,}/);
    const keyboard = (qr.reply_markup as { inline_keyboard: { text: string; copy_text?: { text: string } }[][] }).inline_keyboard;
    const secret = keyboard.flat().find((button) => button.text === 'Copy key')!.copy_text!.text;
    await ada().say(totpCodeAt(secret, Date.now()), /Not set up: an administrator was removed lately, so until .* there is none/);
    await ada().say('/stepup', /Your authenticator: none/);
    await ada().say('/export orders', /Set one up first: \/stepup enrol/);
  });
});
