import { describe, expect, it } from 'vitest';
import { chatDriver } from './chat-driver.js';
import { sharedWorld, STAFF } from './harness.js';
import { posts } from './order-steps.js';

/** Google Play 10 USD, region US: 1,250,000 IRR in the seed. */
const GOOGLE_PLAY_US = 5001;
/** Above the conversation's bound of 10 s: not waited for. */
const LONG_RETRY_AFTER = 30;

describe('the order conversation under Telegram trouble and odd input', () => {
  const world = sharedWorld({ staff: [STAFF] });
  const staff = () => chatDriver(world.telegram, STAFF);

  let forged = 0;
  /** A press with data no keyboard carried, on a message of the bot: what a modified client can send. */
  function forgedPress(messageId: number, data: string): string {
    const id = `forged-${++forged}`;
    world.telegram.pushUpdate({
      callback_query: {
        id,
        from: { id: STAFF.id, is_bot: false, first_name: STAFF.firstName ?? 'Sam' },
        message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: STAFF.id, type: 'private', first_name: STAFF.firstName ?? 'Sam' } },
        chat_instance: `instance-${STAFF.id}`,
        data,
      },
    });
    return id;
  }


  async function googlePlaySummary(quantity: number) {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    return { chat, summary: await chat.say(String(quantity), /Please check your order/) };
  }

  // Telegram faults first, before any order: a delivery notification must not take one of the injected failures.
  it('still shows the menu when Telegram answers sendMessage 429 three times in a row at /order', async () => {
    world.telegram.failNext('sendMessage', { code: 429, description: 'Too Many Requests: retry after 2', retryAfter: 2 }, 3);
    const chat = staff();
    await chat.answerTo(() => world.telegram.sendText(STAFF, '/order'), /Choose a category/, 15_000);
    // The next step replays the recorded 429s: they were waited out once, not again (6 s) on every update.
    const started = Date.now();
    await chat.say('Google Play 10', /Products matching/);
    expect(Date.now() - started).toBeLessThan(3_000);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('shows the current step again on the next message when Telegram kept refusing it', async () => {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    world.telegram.failNext('sendMessage', { code: 429, description: `Too Many Requests: retry after ${LONG_RETRY_AFTER}`, retryAfter: LONG_RETRY_AFTER }, 1);
    const refused = () => world.telegram.callsTo('sendMessage').filter((call) => call.response?.ok === false).length;
    const results = () => world.telegram.messages(STAFF.id).filter((m) => /Products matching/.test(m.text)).length;
    const [refusedBefore, resultsBefore] = [refused(), results()];
    world.telegram.sendText(STAFF, 'Google Play 10');
    await world.telegram.waitFor(() => refused() > refusedBefore);
    expect(results()).toBe(resultsBefore);
    // Whatever comes next, the step they did not see comes first.
    await chat.say('hello?', /Products matching "Google Play 10"/);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('sends a short step with Back and Cancel when Telegram refuses a step as it is', async () => {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    world.telegram.failNext('sendMessage', { code: 400, description: 'Bad Request: message is too long' }, 1);
    const fallback = await chat.say('Google Play 10', /Telegram would not show this step/);
    expect(world.telegram.findButton(fallback, /Back/)).toBeDefined();
    await chat.tap(/Back/, /Choose a category/);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('answers a forged edit button with "no longer valid", keeps the summary and places nothing', async () => {
    const { chat, summary } = await googlePlaySummary(1);
    const before = posts(world);
    const forgedEdit = forgedPress(summary.message_id, 'o:et:f9');
    expect(await world.telegram.waitFor(() => world.telegram.callbackAnswer(forgedEdit)?.text)).toBe('This button is no longer valid.');
    // Still at the summary: its own buttons work.
    const edit = await chat.tap(/Edit/, /What would you like to change/);
    expect(edit.message_id).toBe(summary.message_id);

    const forgedConfirm = forgedPress(edit.message_id, 'o:ok');
    expect(await world.telegram.waitFor(() => world.telegram.callbackAnswer(forgedConfirm)?.text)).toBe('This button is no longer valid.');
    await chat.tap(/^Quantity$/, /How many\?/);
    expect(posts(world)).toBe(before);
    await chat.say('/cancel', /^Cancelled/);
  });

  it('sends no order when the price changed a moment after the summary, shows the new total, and places it on the next Confirm', async () => {
    const { chat } = await googlePlaySummary(2);
    const before = posts(world);
    world.sandbox.controls.setRegionOffer(GOOGLE_PLAY_US, { price: 1_300_000 });
    try {
      const again = await chat.tap(/Confirm/, /changed since you last saw this order/);
      expect(again.text).toContain('Total: 2,500,000 IRR → 2,600,000 IRR');
      expect(posts(world)).toBe(before);

      await chat.tap(/Confirm/, /Order A\d+ is placed/);
      expect(posts(world)).toBe(before + 1);
      expect(world.sandbox.controls.orders().at(-1)?.amount).toBe(2_600_000);
    } finally {
      world.sandbox.controls.setRegionOffer(GOOGLE_PLAY_US, { price: 1_250_000 });
    }
  });

  it('shows the summary of a 4,000-character free-text answer, shortened, and sends the answer whole', async () => {
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await chat.say('Greeting Card', /Products matching/);
    await chat.tap(/^Greeting Card 5 USD/, /How many\?/);
    await chat.tap(/^1$/, /Please send: متن پیام تبریک/);
    const answer = 'Happy birthday! '.repeat(250);
    const summary = await chat.say(answer, /Please check your order/);
    expect(summary.text.length).toBeLessThanOrEqual(4096);
    expect(summary.text).toContain('…');

    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(world.sandbox.controls.orders().at(-1)?.requiredFields).toEqual({ '133': [{ fieldId: 11, value: answer.trim() }] });
  });

});
