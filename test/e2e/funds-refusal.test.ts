import { describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { posts } from './order-steps.js';

/** 1,250,000 IRR a card in the sandbox. */
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const SHORT = /could not order: the wallet holds/;

describe('an order the wallet cannot pay for', () => {
  // No LOW_BALANCE threshold is ever set in this world: the alert must not depend on one.
  const world = sharedWorld({ staff: [STAFF] });
  const staff = () => chatDriver(world.telegram, STAFF);
  const refusals = () => world.bot.logs().filter((line) => line.msg === 'an order does not fit the wallet').length;
  const alerts = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => SHORT.test(m.text));

  /** Walks to a summary with Confirm while the wallet holds enough, then empties it before Confirm. */
  async function confirmAgainstEmptyWallet(): Promise<void> {
    world.sandbox.controls.setBalance(10_000_000);
    await staff().say('/order', /Choose a category/);
    await staff().say(GOOGLE_PLAY.search, /Products matching/);
    await staff().tap(GOOGLE_PLAY.product, /How many\?/);
    await staff().say('1', /Please check your order/);
    world.sandbox.controls.setBalance(1_000_000);
    await staff().tap(/Confirm/, /The wallet is short by 250,000 IRR/);
  }

  it('is held back at Confirm, sends nothing, and tells administrators with the balance and the order total, though no low-balance threshold is set', async () => {
    await chatDriver(world.telegram, ADMIN).say('/lowbalance', /^Low-balance alert: off\./);
    const before = posts(world);
    await confirmAgainstEmptyWallet();
    // Confirm reads the balance again: the order never reaches the provider.
    expect(posts(world)).toBe(before);

    const alert = await world.telegram.waitForMessage(ADMIN.id, SHORT);
    expect(alert.text).toContain('the wallet holds 1,000,000 IRR and their order comes to 1,250,000 IRR. Nothing was sent.');
    // Who could not order, named as in other notices.
    expect(alert.text).toMatch(new RegExp(`${STAFF.firstName}[^\\n]* could not order`));
    expect(alerts(STAFF)).toHaveLength(0);
  });

  it('tells administrators once while staff keep trying against the same empty wallet', async () => {
    await confirmAgainstEmptyWallet();
    // Logged as the alert is decided on, before any message to administrators is sent.
    await world.telegram.waitFor(() => refusals() >= 2 || undefined);
    const alerted = world.bot.logs().filter((line) => line.msg === 'alerting administrators' && line['alert'] === 'insufficient-funds');
    expect(alerted).toHaveLength(1);
    expect(alerts(ADMIN)).toHaveLength(1);
  });
});
