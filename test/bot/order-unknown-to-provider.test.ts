import { describe, expect, it } from 'vitest';
import { chatDriver } from '../e2e/chat-driver.js';
import { STAFF, startBotWorld } from './conversations/order/bot-world.js';

const NOT_ANSWERING = /not answering|could not be asked/;

describe('an order the provider once accepted and now answers 404 for', () => {
  it('is said to be unknown to the provider, with an administrator as the next step, never an outage to wait out', async () => {
    const world = await startBotWorld({ sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    await chat.say('1', /Please check your order/);
    const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
    const reference = /Order (A\d+) is placed/.exec(placed.text)![1]!;
    const detail = await chat.say(`/track ${reference}`, /Show codes|tap Show codes/);

    // The provider loses the order after it was accepted (as a sandbox started afresh does).
    const accepted = world.sandbox.controls.orders().find((order) => order.orderReference === reference)!;
    world.sandbox.controls.forgetOrder(accepted.orderId);

    const codes = await chat.answerTo(() => world.telegram.clickButton(STAFF, detail, /Show codes/), /no longer knows order/);
    expect(codes.text).toContain(reference);
    expect(codes.text).toMatch(/Tell an administrator/);
    expect(codes.text).not.toMatch(NOT_ANSWERING);

    const again = await chat.say(`/track ${reference}`, /no longer knows order/);
    expect(again.text).toMatch(/from our records/);
    expect(again.text).not.toMatch(NOT_ANSWERING);
  });
});
