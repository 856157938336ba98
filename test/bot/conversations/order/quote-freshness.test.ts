import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../support/manual-clock.js';
import { chatDriver } from '../../../e2e/chat-driver.js';
import { STAFF, startBotWorld, type BotWorld } from './bot-world.js';

/** Google Play 10 USD, region US: 1,250,000 IRR in the seed. */
const REGION = 5001;
const detailReads = (world: BotWorld) => world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/products/101').length;

async function toSummary(world: BotWorld) {
  const chat = chatDriver(world.telegram, STAFF);
  await chat.say('/order', /Choose a category/);
  await chat.say('Google Play 10', /Products matching/);
  await chat.tap(/^Google Play 10 USD/, /How many\?/);
  const summary = await chat.say('2', /Please check your order/);
  return { chat, summary };
}

describe('the numbers a staff member confirms', () => {
  it('are read again for the summary, with a price changed since the product was picked marked old -> new', async () => {
    const world = await startBotWorld();
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    await chat.say('Google Play 10', /Products matching/);
    await chat.tap(/^Google Play 10 USD/, /How many\?/);
    world.sandbox.controls.setRegionOffer(REGION, { price: 1_300_000 });
    const summary = await chat.say('2', /Please check your order/);
    expect(summary.text).toContain('Unit price: 1,250,000 IRR → 1,300,000 IRR');
    expect(summary.text).toContain('Total: 2,500,000 IRR → 2,600,000 IRR');
  });

  it('are read again at a Confirm one second after the summary, and a price raised meanwhile is not charged', async () => {
    const clock = createManualClock(Date.parse('2025-03-01T10:00:00Z'));
    const world = await startBotWorld({ clock });
    const { chat } = await toSummary(world);
    const reads = detailReads(world);
    clock.advance(1_000);
    world.sandbox.controls.setRegionOffer(REGION, { price: 12_500_000 });
    const again = await chat.tap(/Confirm/, /changed since you last saw this order/);
    expect(detailReads(world)).toBe(reads + 1);
    expect(again.text).toContain('Unit price: 1,250,000 IRR → 12,500,000 IRR');
    expect(world.posts()).toBe(0);
  });

  it('are read again at a Confirm pressed twenty seconds after the summary, and the new total is judged against the per-order limit', async () => {
    const clock = createManualClock(Date.parse('2025-03-01T10:00:00Z'));
    const world = await startBotWorld({ clock, orderLimit: 2_600_000 });
    const { chat } = await toSummary(world);
    clock.advance(20_000);
    world.sandbox.controls.setRegionOffer(REGION, { price: 1_500_000 });
    const again = await chat.tap(/Confirm/, /changed since you last saw this order/);
    expect(again.text).toContain('Total: 2,500,000 IRR → 3,000,000 IRR');
    expect(() => world.telegram.findButton(again, /Confirm/)).toThrow();
    expect(world.posts()).toBe(0);
  });

  it('are placed after a late Confirm when the fresh read finds nothing changed', async () => {
    const clock = createManualClock(Date.parse('2025-03-01T10:00:00Z'));
    const world = await startBotWorld({ clock });
    const { chat } = await toSummary(world);
    const reads = detailReads(world);
    clock.advance(10 * 60_000);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(detailReads(world)).toBe(reads + 1);
    expect(world.posts()).toBe(1);
  });

  it('are not placed on when the fresh read fails: the staff member is told why and the order is kept', async () => {
    const clock = createManualClock(Date.parse('2025-03-01T10:00:00Z'));
    const world = await startBotWorld({ clock });
    const { chat } = await toSummary(world);
    clock.advance(3 * 60_000);
    world.sandbox.controls.setServerErrorRate(1);
    const refused = await chat.tap(/Confirm/, /current price could not be checked/);
    expect(() => world.telegram.findButton(refused, /Confirm/)).toThrow();
    expect(world.posts()).toBe(0);

    world.sandbox.controls.setServerErrorRate(0);
    await chat.tap(/Check again/, /Please check your order/);
    await chat.tap(/Confirm/, /Order A\d+ is placed/);
    expect(world.posts()).toBe(1);
  });

  it('lose their Confirm when the stock no longer covers the quantity, marking the stock change', async () => {
    const clock = createManualClock(Date.parse('2025-03-01T10:00:00Z'));
    const world = await startBotWorld({ clock });
    const { chat } = await toSummary(world);
    clock.advance(3 * 60_000);
    world.sandbox.controls.setRegionOffer(REGION, { stock: 1 });
    const again = await chat.tap(/Confirm/, /Stock: 50 → 1/);
    expect(again.text).toMatch(/at most 1 can be ordered now/);
    expect(() => world.telegram.findButton(again, /Confirm/)).toThrow();
    expect(world.posts()).toBe(0);
  });
});
