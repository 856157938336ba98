import { describe, expect, it } from 'vitest';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld } from './harness.js';

const TRICKY = 'Steam <Wallet> & Co_*[EU]*';

describe('messages that no product name can break', () => {
  const world = sharedWorld();

  const chat = () => chatDriver(world.telegram, ADMIN);

  /**
   * Taps a button and waits for the bot's answer. Also tells whether the
   * callback query had been answered before the screen that answers it was
   * sent: the index of answerCallbackQuery against the last text call seen.
   */
  async function press(label: RegExp, expected: RegExp): Promise<{ message: SentMessage; answeredFirst: boolean }> {
    let id = '';
    const driver = chat();
    const message = await driver.answerTo(() => {
      id = world.telegram.clickButton(ADMIN, driver.currentMenu(), label);
    }, expected);
    const calls = world.telegram.calls;
    const answeredAt = calls.findIndex((c) => c.method === 'answerCallbackQuery' && c.payload['callback_query_id'] === id);
    const shownAt = calls.findLastIndex((c) => c.method === 'editMessageText' || c.method === 'sendMessage');
    return { message, answeredFirst: answeredAt >= 0 && answeredAt < shownAt };
  }

  it('shows a title full of markup characters intact in the summary, sent without parse_mode', async () => {
    await chat().say('/order', /Choose a category/);
    await press(/استیم/, /choose a product/);
    await press(/Steam <Wallet>/, /How many\?/);
    const { message: summary } = await press(/^1$/, /Please check your order/);

    expect(summary.text).toContain(`Product: ${TRICKY}`);
    const texts = world.telegram.calls.filter((c) => c.method === 'sendMessage' || c.method === 'editMessageText');
    expect(texts.length).toBeGreaterThan(3);
    for (const call of texts) expect(call.payload).not.toHaveProperty('parse_mode');
    for (const call of texts) expect(call.response?.ok).toBe(true);
    await chat().tap(/Cancel/, /Cancelled/);
  });

  it('answers every button press before it answers with a new screen', async () => {
    await chat().say('/order', /Choose a category/);
    const steps = [
      await press(/استیم/, /choose a product/),
      await press(/Steam Wallet 20/, /choose a region/),
      await press(/^TR/, /How many\?/),
      await press(/Back/, /choose a region/),
      await press(/Cancel/, /Cancelled/),
    ];
    expect(steps.map((step) => step.answeredFirst)).toEqual([true, true, true, true, true]);
  });

  it('answers a press on a menu that has expired', async () => {
    await chat().say('/order', /Choose a category/);
    const old = chat().currentMenu();
    await chat().say('/cancel', /^Cancelled/);
    const data = world.telegram.findButton(old, /استیم/).callback_data;
    const id = world.telegram.pressButton(ADMIN, old.message_id, data);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(id));
    expect(answer.text).toMatch(/expired/);
  });
});
