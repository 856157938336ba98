import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../../e2e/chat-driver.js';
import { googlePlayInput } from '../../../support/order-fixtures.js';
import { ADMIN, STAFF, startBotWorld, toSummary } from './bot-world.js';

/** The sandbox's price of one Google Play 10 USD card. */
const PRICE = 1_250_000;
const THRESHOLD = 7 * PRICE;
/** The threshold as a message would show it (not the tail of a larger amount such as 48,750,000). */
const THRESHOLD_SHOWN = /(?<![\d,])8,750,000/;

type World = Awaited<ReturnType<typeof startBotWorld>>;

const adminRequests = (world: World) => world.telegram.messages(ADMIN.id).filter((m) => /^(\[SANDBOX\]\n)?Approval needed: request \d+/.test(m.text));

describe('the approval threshold counts the day', () => {
  it('lets ten orders each under the threshold through only until the day passes it; the rest wait, and nobody is told the amount', async () => {
    const world = await startBotWorld({ approvalThreshold: THRESHOLD });
    await chatDriver(world.telegram, ADMIN).say('/start', /./);
    // Ten orders in a few seconds read the provider faster than a person would: not what this is about.
    await world.services.velocity.setCap('reads', null, ADMIN.id);
    await world.services.velocity.setCap('pending', null, ADMIN.id);
    for (let n = 1; n <= 10; n += 1) {
      const { chat, summary } = await toSummary(world);
      expect(summary.text).not.toMatch(THRESHOLD_SHOWN);
      if (n <= 7) {
        expect(summary.text).not.toMatch(/approval/);
        await chat.tap(/Confirm/, /Order A\d+ is placed/);
      } else {
        expect(summary.text).toMatch(/This order needs an administrator's approval/);
        const waiting = await chat.tap(/Confirm/, /needs an administrator's approval/);
        expect(waiting.text).not.toMatch(THRESHOLD_SHOWN);
      }
    }
    expect(world.posts()).toBe(7);
    // Administrators still see the threshold on their card.
    await world.telegram.waitFor(() => adminRequests(world).length === 3);
    expect(adminRequests(world)[0]!.text).toMatch(THRESHOLD_SHOWN);
    // And why an order below it needs them: the eighth card's day is seven placed orders and itself.
    expect(adminRequests(world)[0]!.text).toContain(`Their day so far, with this request: ${(8 * PRICE).toLocaleString('en-US')} IRR`);
  });

  it('judges again at Confirm: an order that needed no approval at the summary but does now is not posted and waits instead', async () => {
    const world = await startBotWorld({ approvalThreshold: THRESHOLD });
    await chatDriver(world.telegram, ADMIN).say('/start', /./);
    const { chat, summary } = await toSummary(world);
    expect(summary.text).not.toMatch(/approval/);
    // Meanwhile the same person's other orders, elsewhere, take the day up to the threshold.
    const other = await world.services.orders.createIntentAndPlace(
      googlePlayInput('elsewhere', { userId: STAFF.id, chatId: STAFF.id, quantity: 7, region: { regionPropertyId: 5001, title: 'US', price: PRICE } }),
    );
    expect(other.kind).toBe('placed');
    const waiting = await chat.tap(/Confirm/, /This order needs an administrator's approval\. Its total/);
    expect(waiting.text).not.toMatch(THRESHOLD_SHOWN);
    expect(world.posts()).toBe(1);
    await world.telegram.waitFor(() => adminRequests(world).length === 1);
  });
});
