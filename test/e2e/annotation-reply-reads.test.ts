import { describe, expect, it } from 'vitest';
import { createProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld } from './harness.js';

/**
 * The line that annotates an exception, given as a reply to the bot's
 * question, is checked against the wallet read afresh (another
 * administrator may have annotated it, the month may have closed) and kept
 * against that same reading: one page of the wallet's transactions from the
 * provider per annotation, not two.
 */
describe('an annotation given as a reply to the buttons under the statement', () => {
  // The wallet watch reads once at start and then not for an hour: every read of the transactions after that is the chat's.
  const world = sharedWorld({ env: { WALLET_WATCH_SECONDS: '3600', TIME_ZONE: 'UTC' } });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const transactionReads = () => world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/wallet/transactions').length;

  it('reads the wallet once, and keeps the note', async () => {
    // Someone with the API key orders straight from the provider: a debit giftdesk did not place, an exception of the month.
    const thief = createProviderClient({ baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.apiKey });
    const detail = await thief.getProduct(SANDBOX_PRODUCTS.noFields);
    await thief.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: detail.regionProperties[0]!.regionPropertyId, quantity: 1 }] });

    const notes = await ada().answerTo(() => world.telegram.sendText(ADMIN, '/statement'), /^Annotations: 0 of 1/, 30_000);
    const key = /(fd-\d+): not annotated yet/.exec(notes.text)![1]!;
    const choice = await ada().answerTo(() => world.telegram.clickButton(ADMIN, notes, `✍️ ${key}`), new RegExp(`^What was ${key}\\?`));
    const prompt = await ada().answerTo(() => world.telegram.clickButton(ADMIN, choice, 'written off'), /why, in one line/);

    const before = transactionReads();
    const noted = await ada().answerTo(() => world.telegram.sendText(ADMIN, 'Bought by finance in the panel', undefined, { replyTo: prompt.message_id }), /^Noted:/);
    expect(noted.text).toContain(`Noted: ${key} written off: “Bought by finance in the panel”.`);
    expect(transactionReads() - before).toBe(1);
    expect(await world.database.rows('select key from statement_notes')).toHaveLength(1);
  });
});
