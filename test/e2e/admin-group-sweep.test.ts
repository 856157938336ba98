import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../support/fake-bot-api/index.js';
import { chatDriver, craftedGroupPress } from './chat-driver.js';
import { ADMIN, adminForum, bindAdminGroup, sharedWorld, STAFF } from './harness.js';
import { cardsOf, copyButtons, localOrder, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';

const FORUM = adminForum(-100_992);
const LONG = { timeoutMs: 20_000 };
const DAY = 24 * 60 * 60_000;
/** The end customer's answers to Netflix's two required fields: theirs, never the group's. */
const EMAIL = 'sweep.buyer@example.com';
const PHONE = '+989121234567';

/** The forum topic named so in the group, by its thread id. */
const topicOf = (topics: Map<number, string>, name: string): number => [...topics].find(([, n]) => n === name)![0];

/** Everything one call put before the group's readers: texts, captions, a rich message's blocks, a file's name and bytes. */
function whatTheGroupRead(call: RecordedCall): string {
  const leaves = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Buffer.isBuffer(value) ? [value.toString('utf8')] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [];
  return leaves(call.payload).join('\n');
}

/** A secret as a token of its own: a four-digit PIN is not "found" inside an amount, an id or a longer number. */
const asToken = (secret: string) => new RegExp(`(?<![0-9۰-۹,٬.:/-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9۰-۹,٬.:/-])`);

/**
 * A day's work with the administrators' group bound, then one look at
 * every message, edit, rich message, photo and document the group was
 * sent: none may carry a delivered code, PIN or serial, an end customer's
 * answer, a CSV, or an authenticator's secret. Those go to the person who
 * asked, privately, and nowhere else.
 */
describe('what never goes to the administrators\' group, across a day\'s work', () => {
  const world = sharedWorld({
    staff: [STAFF],
    sandbox: { timing: { preparingMs: 0, processingMs: 0 } },
    env: { LOW_BALANCE_CHECK_SECONDS: '1', STEP_UP_KEY: randomBytes(32).toString('hex'), TIME_ZONE: 'UTC' },
  });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const sam = () => chatDriver(world.telegram, STAFF);
  const toGroup = () => world.telegram.calls.filter((call) => String(call.payload['chat_id']) === String(FORUM.id) && call.method !== 'getUpdates');
  const secrets: string[] = [];
  let reference = '';

  beforeAll(async () => {
    await ada().say('/velocity reads off', /now off/);
    await ada().say('/feed on', /every order placed/);
    await ada().say('/digest 0', /every day at 0:00/);
    await bindAdminGroup(world, FORUM);
  }, 60_000);

  it('delivers an order with an end customer\'s answers to the orderer, and its feed line to the group', async () => {
    const chat = sam();
    await chat.say('/order', /Choose a category/);
    await chat.say('Netflix', /Products matching/);
    await chat.tap(/Netflix 30 USD/, /How many\?/);
    await chat.say('1', /Please send: ایمیل گیرنده/);
    await chat.say(EMAIL, /Please send: شماره موبایل گیرنده/);
    const summary = await chat.say(PHONE, /Please check your order/);
    expect(summary.text).toContain(EMAIL);
    reference = referenceIn(await chat.tap(/Confirm/, /Order A\d+ is placed/));
    const delivery = await waitForDelivery(world, STAFF.id, reference);
    const cards = cardsOf(sandboxOrder(world, reference));
    expect(cards.length).toBeGreaterThan(0);
    secrets.push(...cards.flatMap((card) => [card.code, card.pin, card.serial]).filter((s) => s.length > 0));
    // What the orderer was given to copy is theirs alone too.
    secrets.push(...delivery.flatMap(copyButtons).map((button) => button.copies));
    await world.telegram.waitForMessage(FORUM.id, /🛒 Sam ordered Netflix 30 USD/, LONG);
  });

  it('tells the group\'s alerts topic of a case opened from the delivery, without the code', async () => {
    const delivery = (await waitForDelivery(world, STAFF.id, reference)).at(-1)!;
    const chat = sam();
    const reasons = await chat.answerTo(() => world.telegram.clickButton(STAFF, delivery, /Problem with this code/), /What is wrong with the code/);
    const prompt = await chat.answerTo(() => world.telegram.clickButton(STAFF, reasons, /Already used/), /What happened, in one line/);
    await chat.answerTo(() => world.telegram.sendText(STAFF, 'The shop says it was redeemed', undefined, { replyTo: prompt.message_id }), /Case #1 is open/);
    const notice = await world.telegram.waitForMessage(FORUM.id, /Case #1: a code that does not work \(Already used\), reported by Sam/, LONG);
    expect(notice.thread_id).toBe(topicOf(world.telegram.topics(FORUM.id), 'Alerts'));
    // In the group, not also in the administrator's private chat (no private copies asked for).
    expect(world.telegram.messages(ADMIN.id).filter((m) => /Case #1: a code that does not work/.test(m.text))).toHaveLength(0);
  });

  it('refuses in the group a crafted press of the order\'s code reveal and of its problem button', async () => {
    const order = (await localOrder(world, reference))!;
    for (const data of [`oc:${order.id}`, `cs:p:${order.id}`]) {
      const press = craftedGroupPress(world.telegram, ADMIN, FORUM, data);
      const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(press), LONG);
      expect(answer.text).toMatch(/does not work in the administrators' group/);
    }
  });

  it('sends an export and the statement\'s CSV, and the authenticator\'s QR, to the administrator privately', async () => {
    const documents = () => world.telegram.messages(ADMIN.id).filter((m) => m.document !== undefined);
    world.telegram.sendText(ADMIN, '/export orders');
    await world.telegram.waitFor(() => documents().length >= 1 || undefined, LONG);
    world.telegram.sendText(ADMIN, '/statement');
    await world.telegram.waitFor(() => documents().length >= 2 || undefined, LONG);
    for (const { document } of documents()) {
      // Every data row of every file: a line of it in the group would be the file leaking by pieces.
      secrets.push(...document!.content.toString('utf8').split(/\r?\n/).slice(1).filter((line) => line.includes(reference)));
    }
    expect(secrets.some((s) => s.includes(reference))).toBe(true);
    await ada().say('/stepup enrol', /send the 6-digit code/);
    // The QR's photo carries the key to copy too (the statement's chart is a photo of its own).
    const key = world.telegram.messages(ADMIN.id).flatMap(copyButtons).find((button) => button.label === 'Copy key')!.copies;
    secrets.push(key);
  });

  it('puts a low-balance alert in the alerts topic and the digest in the feed topic', async () => {
    await ada().say('/lowbalance 5000000', /falls below/);
    world.sandbox.controls.setBalance(4_000_000);
    await world.telegram.waitForMessage(FORUM.id, /below the alert threshold/, LONG);
    // The order becomes yesterday's, and today's digest not yet sent: the restart sends it at once.
    await world.bot.stop();
    await world.database.change('update orders set created_at = created_at - ?', [DAY]);
    await world.database.change("delete from app_state where key = 'digest.last-sent-day'");
    await world.restart();
    await world.telegram.waitForMessage(FORUM.id, /Daily digest for/, { timeoutMs: 30_000 });
  }, 60_000);

  it('sent the group none of the codes, PINs, serials, the end customer\'s answers, a CSV or the authenticator\'s secret', () => {
    const calls = toGroup();
    // The day's news did reach the group: a clean sweep of nothing proves nothing.
    expect(calls.some((call) => whatTheGroupRead(call).includes(reference))).toBe(true);
    expect(calls.filter((call) => /document|photo/i.test(call.method))).toEqual([]);
    const answers = [EMAIL, PHONE, PHONE.slice(1)];
    for (const call of calls) {
      const read = whatTheGroupRead(call);
      for (const secret of [...secrets, ...answers]) {
        if (asToken(secret).test(read)) throw new Error(`the group was sent a secret by ${call.method}: ${read.slice(0, 200)}`);
      }
    }
  });
});
