import { describe, expect, it } from 'vitest';
import { chatDriver } from '../../e2e/chat-driver.js';
import { ADMIN, SECOND_ADMIN, STAFF, startDualWorld, type DualWorld } from './dual-world.js';
import { KEY, enrolled, freshCode, secretOf } from './step-up-helpers.js';

/** STAFF sets up an authenticator, which ADMIN approves with ADMIN's own code (`adminSecret`, step-up being on); STAFF's secret. */
async function staffEnrolled(world: DualWorld, adminSecret: string): Promise<string> {
  const sam = chatDriver(world.telegram, STAFF);
  await sam.say('/stepup enrol', /send the 6-digit code/);
  const secret = await secretOf(world, STAFF);
  await sam.say(freshCode(world, secret), /another administrator approves/);
  const ada = chatDriver(world.telegram, ADMIN);
  await ada.say(`/stepup approve ${STAFF.id}`, /to let Sam's authenticator take effect/);
  await ada.say(freshCode(world, adminSecret), /authenticator is now in force/);
  return secret;
}

/** Google Play 10 USD × `quantity`, from /order to the summary, as STAFF walks it. */
async function toSummary(sam: ReturnType<typeof chatDriver>, quantity: number): Promise<void> {
  await sam.say('/order', /Choose a category/);
  await sam.say('Google Play 10', /Products matching/);
  await sam.tap(/^Google Play 10 USD/, /How many\?/);
  await sam.say(String(quantity), /Please check your order/);
}

const placedOrders = async (world: DualWorld) => (await world.services.stores.orders.listForUser(STAFF.id, { page: 1, pageSize: 10 })).total;

describe('step-up for orders above an amount', () => {
  it('asks a code at Confirm, bound to that order, and places it once for the right code only', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY }, sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    const adaSecret = await enrolled(world);
    const samSecret = await staffEnrolled(world, adaSecret);
    const ada = chatDriver(world.telegram, ADMIN);
    // Lowering from "no order" only asks more often: it takes effect at once, no code or second administrator.
    await ada.say('/stepup orders 1000000', /Done: ask a step-up code for orders above 1,000,000/);
    await ada.say('/settings', /Step-up code for large orders: orders above 1,000,000/);

    const sam = chatDriver(world.telegram, STAFF);
    await toSummary(sam, 1);
    await sam.tap(/Confirm/, /6-digit code from your authenticator app to place this order of 1,250,000/);
    expect(await placedOrders(world)).toBe(0);
    await sam.say('123456', /Wrong code\. 4 tries left/);
    expect(await placedOrders(world)).toBe(0);

    const code = freshCode(world, samSecret);
    await sam.say(code, /Order A\d+ is placed/);
    expect(await placedOrders(world)).toBe(1);
    // The same code again is no second order: it was used, and nothing waits for it.
    await sam.say(code, /./);
    expect(await placedOrders(world)).toBe(1);
  });

  it('places orders at or below the amount without a code, asks one of someone who has no authenticator, and counts the day', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY }, sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    await enrolled(world);
    // One unit costs 1,250,000: at the amount, not above it.
    await chatDriver(world.telegram, ADMIN).say('/stepup orders 1250000', /Done/);
    const sam = chatDriver(world.telegram, STAFF);
    await toSummary(sam, 2);
    await sam.tap(/Confirm/, /Set one up first: \/stepup enrol/);
    expect(await placedOrders(world)).toBe(0);
    await sam.tap(/Edit|Change/, /./);
    await sam.tap(/Quantity/, /How many\?/);
    await sam.tap(/^1$/, /Please check your order/);
    await sam.tap(/Confirm/, /Order A\d+ is placed/);
    expect(await placedOrders(world)).toBe(1);

    // The day counts, as for the approval threshold: a second order at the amount takes the day above it.
    await toSummary(sam, 1);
    await sam.tap(/Confirm/, /Set one up first: \/stepup enrol/);
    expect(await placedOrders(world)).toBe(1);
  });

  it('refuses an order over the hourly velocity limit before asking anyone to set up or type a code, and counts no order for it', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY }, sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    await enrolled(world);
    await chatDriver(world.telegram, ADMIN).say('/stepup orders 1250000', /Done/);
    await world.services.velocity.setCap('orders', 1, ADMIN.id);
    const sam = chatDriver(world.telegram, STAFF);
    await toSummary(sam, 1);
    await sam.tap(/Confirm/, /Order A\d+ is placed/);

    // The day now passes the amount, so a code would be asked: the limit speaks first.
    await toSummary(sam, 1);
    const refused = await sam.tap(/Confirm/, /Not sent|Set one up first/);
    expect(refused.text).toMatch(/Not sent: you have confirmed 1 orders in the last hour/);
    expect(refused.text).not.toContain('/stepup enrol');
    expect(await placedOrders(world)).toBe(1);
  });

  it('needs a code and the second administrator to raise the amount or ask none', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY } });
    const secret = await enrolled(world);
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/stepup orders 100', /Done/);
    await ada.say('/stepup orders off', /to ask no step-up code for any order/);
    await ada.say(freshCode(world, secret), /Sent to the other administrators: ask no step-up code for any order/);
    expect(world.services.orderStepUp.above()).toBe(100);
    // Lowering again is immediate, and told to the other administrator.
    await ada.say('/stepup orders 50', /Done: ask a step-up code for orders above 50/);
    await world.telegram.waitForMessage(SECOND_ADMIN.id, /Ada changed step-up for orders: ask a step-up code for orders above 50/);
    await ada.say('/stepup orders ten', /Give an amount or off/);
  });

  it('asks a code at a large batch\'s Confirm too, and the right code starts exactly that batch', async () => {
    const world = await startDualWorld({ env: { STEP_UP_KEY: KEY }, sandboxTiming: { preparingMs: 0, processingMs: 0 } });
    const adaSecret = await enrolled(world);
    const samSecret = await staffEnrolled(world, adaSecret);
    await chatDriver(world.telegram, ADMIN).say('/stepup orders 1000000', /Done/);
    const sam = chatDriver(world.telegram, STAFF);
    // PUBG Mobile 325 UC, 580,000 a unit: 20 units are two orders, 11,600,000 in all.
    await sam.say('/batch 123 20', /2 orders, 20 units/);
    await sam.tap(/Confirm batch/, /6-digit code from your authenticator app to place this order of 11,600,000/);
    const [draft] = await world.services.stores.batches.listForUser(STAFF.id, 1);
    expect(draft?.state).toBe('draft');
    await sam.say('123456', /Wrong code/);
    expect((await world.services.stores.batches.get(draft!.id))?.state).toBe('draft');
    await sam.say(freshCode(world, samSecret), /Batch #\d+: /);
    expect((await world.services.stores.batches.get(draft!.id))?.state).not.toBe('draft');
  });
});
