import { describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { orderThroughChat } from './order-steps.js';

/** 1,250,000 IRR a card in the sandbox. */
const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };
const LOW = /^The wallet is running low/;

describe('the low-balance alert', () => {
  // A periodic check every second, so a top-up is noticed within seconds without anyone asking.
  const world = sharedWorld({ staff: [STAFF], env: { LOW_BALANCE_CHECK_SECONDS: '1' } });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const alerts = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => LOW.test(m.text));
  const balanceReads = () => world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/wallet/balance' && r.status === 200).length;
  /** Waits until the bot has read the balance `count` more times: what it read then is what the sandbox holds now. */
  const readsMore = async (count: number) => {
    const from = balanceReads();
    await world.telegram.waitFor(() => balanceReads() >= from + count || undefined, { timeoutMs: 10_000 });
  };

  it('lets an administrator set the threshold, saying when the next alert can come', async () => {
    const reply = await admin().say('/lowbalance ۵٬۰۰۰٬۰۰۰', /falls below/);
    expect(reply.text).toMatch(/falls below 5,000,000 IRR\. .* back above 5,500,000 IRR/);
  });

  it('alerts administrators once across several orders that take the wallet below the threshold', async () => {
    world.sandbox.controls.setBalance(6_000_000);
    await readsMore(2);
    for (let i = 0; i < 3; i++) await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    expect(world.sandbox.controls.balance()).toBe(2_250_000);
    await readsMore(2);
    await world.telegram.waitFor(() => alerts(ADMIN).length > 0 || undefined);
    expect(alerts(ADMIN)).toHaveLength(1);
    expect(alerts(ADMIN)[0]?.text).toContain('4,750,000 IRR left, below the alert threshold of 5,000,000 IRR');
    expect(alerts(STAFF)).toHaveLength(0);
  });

  it('stays quiet after a top-up, and alerts again at the next drop below the threshold', async () => {
    world.sandbox.controls.setBalance(6_000_000);
    await readsMore(2);
    expect(alerts(ADMIN)).toHaveLength(1);
    await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    await world.telegram.waitFor(() => alerts(ADMIN).length > 1 || undefined);
    expect(alerts(ADMIN)).toHaveLength(2);
    expect(alerts(ADMIN)[1]?.text).toContain('4,750,000 IRR left');
  });

  it('stays quiet after a top-up that ends within the margin above the threshold, at the next drop', async () => {
    // 5,400,000 is above 5,000,000 but below 5,500,000: the same low spell goes on.
    world.sandbox.controls.setBalance(5_400_000);
    await readsMore(2);
    await orderThroughChat(world, STAFF, GOOGLE_PLAY);
    await readsMore(2);
    expect(alerts(ADMIN)).toHaveLength(2);
  });

  it('shows the threshold in /settings and turns the alert off', async () => {
    const settings = await admin().say('/settings', /Settings you can change in the chat/);
    expect(settings.text).toContain('• Low-balance alert below: 5,000,000 IRR');
    await admin().say('/lowbalance off', /The low-balance alert is off/);
  });
});
