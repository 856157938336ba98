import { describe, expect, it } from 'vitest';
import { chatDriver } from '../e2e/chat-driver.js';
import { ADMIN, STAFF, startBotWorld } from './conversations/order/bot-world.js';

/** The staff member orders Google Play 10 USD (no fields, delivered at once); the order's reference. */
async function orderPlaced(world: Awaited<ReturnType<typeof startBotWorld>>): Promise<string> {
  const chat = chatDriver(world.telegram, STAFF);
  await chat.say('/order', /Choose a category/);
  await chat.say('Google Play 10', /Products matching/);
  await chat.tap(/^Google Play 10 USD/, /How many\?/);
  await chat.say('1', /Please check your order/);
  const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
  return /Order (A\d+) is placed/.exec(placed.text)![1]!;
}

async function adminOpensCodes(world: Awaited<ReturnType<typeof startBotWorld>>, reference: string) {
  const admin = chatDriver(world.telegram, ADMIN);
  const detail = await admin.say(`/track ${reference}`, /Show codes|tap Show codes/);
  await admin.answerTo(() => world.telegram.clickButton(ADMIN, detail, /Show codes/), new RegExp(`Codes of order ${reference}`));
}

const newsOfReveal = (world: Awaited<ReturnType<typeof startBotWorld>>) => world.telegram.messages(STAFF.id).filter((m) => /opened the codes of your order/.test(m.text));

describe('news of an administrator opening the codes', () => {
  it('reaches the orderer while they are on the staff', async () => {
    const world = await startBotWorld({ sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    const reference = await orderPlaced(world);
    await adminOpensCodes(world, reference);
    await world.telegram.waitFor(() => (newsOfReveal(world).length === 1 ? true : null));
  });

  it('does not reach someone removed from the staff', async () => {
    const world = await startBotWorld({ sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    const reference = await orderPlaced(world);
    await chatDriver(world.telegram, ADMIN).say(`/staff remove ${STAFF.id}`, /no longer has access/);
    await adminOpensCodes(world, reference);
    // The reveal's answer is in; the news would have been sent right after it, in the same update.
    await chatDriver(world.telegram, ADMIN).say('/help', /How it works/);
    expect(newsOfReveal(world)).toEqual([]);
  });
});
