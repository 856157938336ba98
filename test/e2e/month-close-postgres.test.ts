import { beforeAll, describe, expect, it } from 'vitest';
import { createProviderClient, type ProviderClient } from '../../src/provider/client.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';

/** A second administrator who has not written to the bot yet: told in the deployment's language. */
const NASRIN: FakeUser = { id: 5005, firstName: 'Nasrin' };
const now = new Date();
const MONTH = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * The month's sign-off on PostgreSQL, its essential path only (the whole
 * story runs on SQLite in month-close.test.ts): refused while an exception
 * is unannotated, annotated through the buttons under the statement, closed
 * when a second administrator confirms, and a later transaction kept only
 * as a late entry.
 */
describe('a month closed and signed off on PostgreSQL', () => {
  const world = sharedWorld({ staff: [STAFF], database: 'postgresql', env: { WALLET_WATCH_SECONDS: '1', TIME_ZONE: 'UTC' } });
  const ada = () => chatDriver(world.telegram, ADMIN);
  let thief: ProviderClient;
  let foreignKey = '';

  /** Someone with the API key orders straight from the provider: a debit giftdesk did not place. */
  async function orderBehindGiftdesk(): Promise<number> {
    const detail = await thief.getProduct(SANDBOX_PRODUCTS.noFields);
    const placed = await thief.placeOrder({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: detail.regionProperties[0]!.regionPropertyId, quantity: 1 }] });
    return placed.orderId;
  }

  beforeAll(async () => {
    world.telegram.addChat(NASRIN);
    thief = createProviderClient({ baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.apiKey });
    await ada().say(`/staff add ${NASRIN.id} admin`, new RegExp(`${NASRIN.id} can now use giftdesk`));
    const foreign = await orderBehindGiftdesk();
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`Someone else is spending this wallet.*provider order ${foreign}`, 's'), { timeoutMs: 60_000 });
  }, 120_000);

  it('refuses to close the month while an exception is unannotated, then keeps the annotation given through its buttons, audited', async () => {
    const notes = await ada().answerTo(() => world.telegram.sendText(ADMIN, '/statement'), /^Annotations: 0 of 1/, 60_000);
    foreignKey = /(fd-\d+): not annotated yet/.exec(notes.text)![1]!;
    expect((await ada().say(`/statement close ${MONTH}`, /cannot be closed yet/)).text).toContain(`Exceptions not annotated (1): ${foreignKey}`);

    const choice = await ada().answerTo(() => world.telegram.clickButton(ADMIN, notes, `✍️ ${foreignKey}`), new RegExp(`^What was ${foreignKey}\\?`));
    expect(choice.text).toMatch(/Debit .* no giftdesk order accounts for it/);
    const prompt = await ada().answerTo(() => world.telegram.clickButton(ADMIN, choice, 'written off'), /why, in one line of at most 200 characters/);
    expect(prompt.reply_markup).toMatchObject({ force_reply: true });
    await ada().answerTo(() => world.telegram.sendText(ADMIN, 'x'.repeat(201), undefined, { replyTo: prompt.message_id }), /One line of 1 to 200 characters/);
    const noted = await ada().answerTo(() => world.telegram.sendText(ADMIN, 'Bought by finance in the panel', undefined, { replyTo: prompt.message_id }), /^Noted:/);
    expect(noted.text).toContain(`Noted: ${foreignKey} written off: “Bought by finance in the panel”. Every exception of the month is annotated: /statement close ${MONTH} closes it.`);
    const audit = await world.database.rows<{ actor_id: number }>("select actor_id from audit_log where action = 'statement.annotated'");
    expect(audit.map((row) => Number(row.actor_id))).toEqual([ADMIN.id]);
    // The question is answered: another reply to it is no annotation.
    await ada().answerTo(() => world.telegram.sendText(ADMIN, 'Again', undefined, { replyTo: prompt.message_id }), /./);
    expect(await world.database.rows('select key from statement_notes')).toHaveLength(1);
  }, 90_000);

  it('closes the month when a second administrator confirms, and keeps a later transaction in it only as a late entry', async () => {
    await ada().say(`/statement close ${MONTH}`, /Sent to the other administrators: close the wallet statement of/);
    const card = await world.telegram.waitForMessage(NASRIN.id, /^Please confirm\nAda wants to close the wallet statement/);
    world.telegram.clickButton(NASRIN, card, /Confirm/);
    await world.telegram.waitForMessage(ADMIN.id, /^🔒 Closed on .*: asked by Ada, confirmed by Nasrin/, { timeoutMs: 30_000 });
    const closed = await world.database.rows<{ requested_by: number; confirmed_by: number }>('select requested_by, confirmed_by from closed_months');
    expect(closed.map((row) => [Number(row.requested_by), Number(row.confirmed_by)])).toEqual([[ADMIN.id, NASRIN.id]]);

    const late = await orderBehindGiftdesk();
    const alert = await world.telegram.waitForMessage(ADMIN.id, /^A transaction dated in the closed month/, { timeoutMs: 60_000 });
    expect(alert.text).toContain(`/statement ${MONTH} lists it as a late entry`);
    const text = (await ada().answerTo(() => world.telegram.sendText(ADMIN, `/statement ${MONTH}`), /^🔒/, 60_000)).text;
    expect(text).toContain(`${foreignKey}: ✓ written off by Ada`);
    expect(text).toMatch(new RegExp(`Late entries \\(1\\): dated in this month[\\s\\S]*provider order ${late}\\)`));
  }, 120_000);
});
