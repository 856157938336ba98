import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { BATCH_WAIT_MS, lastId, PUBG_325, waitNew } from './batch-steps.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { referenceIn } from './order-steps.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const persianDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const encoder = new TextEncoder();

/** The feed's lines after a failure, a refund and a batch: each names the cost centre a finance reader books it to. */
describe('the cost centre on the feed’s follow-up and batch lines', () => {
  const world = sharedWorld({ staff: [STAFF], env: { AMOUNT_UNIT_FA: 'ریال' } });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const feedLine = (user: FakeUser, line: string | RegExp) =>
    world.telegram.waitForMessage(user.id, (m: SentMessage) => m.text.split('\n').some((l) => (typeof line === 'string' ? l === line : line.test(l))), { timeoutMs: 30_000 });

  /** One Google Play 10 USD (1,250,000 IRR) for `centre` (null: Skip), ending as `outcome` at the provider; the order's local number. */
  async function orderEnding(centre: RegExp | null, outcome: string): Promise<string> {
    world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, outcome);
    try {
      const chat = chatDriver(world.telegram, STAFF);
      await chat.say('/order', /Choose a category/);
      await chat.say('Google Play 10', /Products matching/);
      await chat.tap(/^Google Play 10 USD/, /How many\?/);
      await chat.say('1', /Which cost centre/);
      await chat.tap(centre ?? /Skip/, /Please check your order/);
      const placed = await chat.tap(/Confirm/, /Order A\d+ is placed/);
      const [row] = await world.database.rows<{ id: number }>('select id from orders where provider_reference = ?', [referenceIn(placed)]);
      const id = String(row!.id);
      await expect.poll(async () => (await world.database.rows<{ state: string }>(`select state from orders where id = ${id}`))[0]!.state, { timeout: 30_000 }).toBe(outcome.toLowerCase());
      return id;
    } finally {
      world.sandbox.controls.setProductOutcome(SANDBOX_PRODUCTS.noFields, 'completed');
    }
  }

  beforeAll(async () => {
    await admin().say('/velocity reads off', /now off/);
    await admin().say('/costcentres add Support team | SUP-01', /Added cost centre/);
    await admin().say('/costcentres add Events', /Added cost centre/);
    await admin().say('/costcentres mode optional', /both may be skipped/);
    await admin().say('/feed on', /every order placed/);
    world.telegram.addChat(PERSIAN_ADMIN);
    await admin().say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    // Written to in Persian once the bot has heard from them.
    await chatDriver(world.telegram, PERSIAN_ADMIN).say('/balance', /موجودی کیف پول/);
  });

  it('names the cost centre beside the amount when an order fails or is refunded, in English and Persian; an order of none reads as before', async () => {
    const failed = await orderEnding(/^Support team/, 'failed');
    await feedLine(ADMIN, `❌ Order #${failed} (${STAFF.firstName}: Google Play 10 USD × 1, 1,250,000 IRR, Support team (SUP-01)) failed at the provider.`);
    await feedLine(PERSIAN_ADMIN, new RegExp(`^❌ سفارش #${persianDigits(failed)} .*۱٬۲۵۰٬۰۰۰ ریال، Support team \\(SUP-01\\)\\) نزد تأمین‌کننده ناموفق بود\\.$`));

    const refunded = await orderEnding(/^Events/, 'REFUNDED');
    await feedLine(ADMIN, `↩️ The provider refunded order #${refunded} (${STAFF.firstName}: Google Play 10 USD × 1, 1,250,000 IRR, Events).`);

    const none = await orderEnding(null, 'failed');
    await feedLine(ADMIN, `❌ Order #${none} (${STAFF.firstName}: Google Play 10 USD × 1, 1,250,000 IRR) failed at the provider.`);
  });

  it("ends a batch's line with the cost centres its orders name, each once", async () => {
    const mark = lastId(world, STAFF.id);
    const rows = ['product,quantity,cost centre', `${PUBG_325},1,SUP-01`, `${PUBG_325},1,Events`, `${PUBG_325},1,`, `${PUBG_325},1,support team`];
    world.telegram.sendDocument(STAFF, { fileName: 'teams.csv', bytes: encoder.encode(`\uFEFF${rows.join('\r\n')}`), mimeType: 'text/csv' });
    const summary = await waitNew(world, STAFF.id, mark, /Batch #\d+ from teams\.csv/);
    const batchId = /Batch #(\d+)/.exec(summary.text)![1]!;
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    await world.telegram.waitForMessage(ADMIN.id, (m: SentMessage) => m.text.includes(`ordered batch #${batchId}`), { timeoutMs: BATCH_WAIT_MS });
    await feedLine(ADMIN, `🛒 ${STAFF.firstName} ordered batch #${batchId}: 4 orders, 4 units, 2,320,000 IRR in all — for Support team (SUP-01), Events`);
    await feedLine(PERSIAN_ADMIN, new RegExp(`🛒 .*سفارش گروهی #${persianDigits(batchId)} .* — برای Support team \\(SUP-01\\)، Events$`));
  });
});
