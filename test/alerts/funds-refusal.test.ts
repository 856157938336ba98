import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { createWalletShortAlert, walletShortText, withFundsRefusalAlert, type FundsRefusal } from '../../src/alerts/funds-refusal.js';
import { translatorFor } from '../../src/text/i18n.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { createManualClock } from '../support/manual-clock.js';
import { googlePlayInput } from '../support/order-fixtures.js';

describe('administrators hear when the wallet cannot pay for an order', () => {
  const sandboxes: Sandbox[] = [];
  const dbs: Db[] = [];
  afterEach(async () => {
    dbs.splice(0).forEach(closeDb);
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });

  async function setup() {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const db = openDb(':memory:');
    dbs.push(db);
    const clock = createManualClock(1_700_000_000_000);
    const sent: { chatId: number; text: string }[] = [];
    const alerts = createAdminAlerts({ recipients: () => [{ telegramId: 1001, locale: 'en' }], sendText: async (chatId, text) => void sent.push({ chatId, text }), clock, logger: silentLogger });
    const refusals: FundsRefusal[] = [];
    const walletShort = createWalletShortAlert({
      alerts,
      render: (_locale, refusal) => {
        refusals.push(refusal);
        return `short: ${refusal.balance} < ${refusal.total}`;
      },
      logger: silentLogger,
    });
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 });
    const orders = withFundsRefusalAlert(createOrderService({ orders: createOrderStore({ database: databaseOf(db), clock }), provider, clock, logger: silentLogger, sandbox: true }), walletShort);
    return { sandbox, orders, walletShort, sent, refusals, clock };
  }

  it('when the provider refuses a sent order for lack of funds, with the balance, the total and the order', async () => {
    const { sandbox, orders, sent, refusals } = await setup();
    sandbox.controls.setBalance(1_000_000);

    const result = await orders.createIntentAndPlace(googlePlayInput('c-short'));

    expect(result).toMatchObject({ kind: 'rejected', reason: 'insufficient-funds' });
    await expect.poll(() => sent.length).toBe(1);
    expect(refusals).toEqual([{ balance: 1_000_000, total: 1_250_000, orderId: result.order.id, personId: googlePlayInput('c-short').userId }]);
  });

  it('once within the quiet hour, whether the provider refused or giftdesk held the order back, and again after it', async () => {
    const { sandbox, orders, walletShort, sent, clock } = await setup();
    sandbox.controls.setBalance(1_000_000);
    walletShort({ balance: 1_000_000, total: 1_250_000, orderId: null, personId: 2002 });
    await expect.poll(() => sent.length).toBe(1);

    await orders.createIntentAndPlace(googlePlayInput('c-short-again'));
    clock.advance(30 * 60_000);
    walletShort({ balance: 1_000_000, total: 1_250_000, orderId: null, personId: 2002 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(1);

    clock.advance(31 * 60_000);
    walletShort({ balance: 1_000_000, total: 1_250_000, orderId: null, personId: 2002 });
    await expect.poll(() => sent.length).toBe(2);
  });

  it('not when the order is placed', async () => {
    const { orders, sent } = await setup();
    expect((await orders.createIntentAndPlace(googlePlayInput('c-fits'))).kind).toBe('placed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(0);
  });

  it('names who could not order, in either language, whether giftdesk held the order back or the provider refused it', () => {
    const describe = (id: number) => (id === 2002 ? 'Sam (@sam)' : String(id));
    for (const locale of ['en', 'fa'] as const) {
      const v = { t: translatorFor(locale), locale, amountUnit: 'IRR' as const };
      expect(walletShortText(v, { balance: 1_000_000, total: 1_250_000, orderId: null, personId: 2002 }, describe)).toContain('Sam (@sam)');
      expect(walletShortText(v, { balance: 1_000_000, total: 1_250_000, orderId: 7, personId: 2002 }, describe)).toContain('Sam (@sam)');
    }
  });
});
