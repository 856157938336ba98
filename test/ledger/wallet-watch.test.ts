import { eq } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { createLedgerServices } from '../../src/app/ledger-wiring.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { auditLog, orders } from '../../src/db/schema.js';
import { sqliteStores } from '../../src/db/stores.js';
import { largeCreditSetting, pauseOnForeignDebitSetting } from '../../src/ledger/wallet-watch-settings.js';
import { HOLD_FOR_UNSETTLED_MS } from '../../src/ledger/wallet-watch.js';
import { silentLogger } from '../../src/logger.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createSettingsView } from '../../src/settings/settings-view.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { ADMIN } from '../support/fake-people.js';
import { createManualClock } from '../support/manual-clock.js';
import { orderRow } from '../db/contract/order-rows.js';
import { clientFor, sandboxed } from '../provider/setup.js';

const T0 = Date.UTC(2026, 10, 10, 12);
let telegram: FakeBotApi;
const opened: Db[] = [];
beforeEach(async () => {
  await telegram?.close();
  telegram = await createFakeBotApi();
  telegram.addChat(ADMIN);
});
afterAll(async () => {
  await telegram?.close();
  opened.splice(0).forEach(closeDb);
});

/** The watch as the app composes it: a real database, the sandbox over HTTP, alerts through the fake Bot API. */
async function world() {
  const clock = createManualClock(T0);
  const sandbox = await sandboxed({ clock, initialBalance: 50_000_000 });
  const provider = clientFor(sandbox.baseUrl, { apiKey: sandbox.apiKey });
  // What the watch reads from: another provider (a sandbox started afresh) can be put in its place.
  let watched = provider;
  const useProvider = (other: { baseUrl: string; apiKey: string }) => void (watched = clientFor(other.baseUrl, { apiKey: other.apiKey }));
  const db = openDb(':memory:');
  opened.push(db);
  const stores = sqliteStores({ db, clock });
  const settings = await createSettingsView(stores.settings);
  const api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
  const alerts = createAdminAlerts({ recipients: () => [{ telegramId: ADMIN.id, locale: 'en' }], sendText: async (chatId, text) => void (await api.sendMessage(chatId, text)), clock, logger: silentLogger });
  const ledger = createLedgerServices({
    presentation: { amountUnit: { en: 'IRR', fa: 'ریال' }, timeZone: 'UTC', monthCalendar: 'gregorian', sandbox: false },
    stores,
    provider: { listTransactions: (...args: Parameters<typeof provider.listTransactions>) => watched.listTransactions(...args) },
    settings,
    alerts,
    pauses: stores.orderingPause,
    periods: createLocalPeriods('UTC', 'gregorian'),
    translate: translatorFor,
    clock,
    logger: silentLogger,
  });
  /** An order straight to the provider with the same key, as the provider's panel or another program would: giftdesk knows nothing of it. */
  async function orderElsewhere(productId: number = SANDBOX_PRODUCTS.noFields) {
    const detail = await provider.getProduct(productId);
    const region = detail.regionProperties[0]!;
    return provider.placeOrder({ products: [{ productId, regionPropertyId: region.regionPropertyId, quantity: 1 }] });
  }
  const alertsSeen = () => telegram.messages(ADMIN.id).map((m) => m.text);
  const auditActions = () => db.select().from(auditLog).all().map((row) => row.action);
  return { clock, sandbox, provider, useProvider, db, stores, settings, ledger, orderElsewhere, alertsSeen, auditActions };
}

describe('the wallet watch', () => {
  it('tells administrators once when a sandbox started afresh answers with transaction ids it already kept, and keeps nothing of the other wallet', async () => {
    const w = await world();
    await w.orderElsewhere();
    await w.ledger.watch.tick();
    expect(await w.stores.ledger.count()).toBe(2);

    w.clock.advance(3_600_000);
    w.useProvider(await sandboxed({ clock: w.clock, initialBalance: 9_000_000 }));
    await w.ledger.watch.tick();
    await w.ledger.watch.tick();
    const alerts = w.alertsSeen();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(/The wallet's history was replaced: the provider now lists transaction 1 as 9,000,000 IRR/);
    expect(await w.stores.ledger.count()).toBe(2);
  });

  it('takes what was spent before it started as history, and tells administrators once of a debit giftdesk did not place', async () => {
    const w = await world();
    await w.orderElsewhere();
    await w.ledger.watch.tick();
    expect(w.alertsSeen()).toEqual([]);

    const placed = await w.orderElsewhere();
    await w.ledger.watch.tick();
    await w.ledger.watch.tick();
    const alerts = w.alertsSeen();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('Someone else is spending this wallet');
    expect(alerts[0]).toContain(`provider order ${placed.orderId}`);
    expect(alerts[0]).toContain('revoke the API key');
    expect(w.auditActions()).toEqual(['wallet.foreign_debit']);
    // Told, not stopped: pausing is the administrators' choice.
    expect(await w.stores.orderingPause.current()).toBeNull();
  });

  it("says nothing of giftdesk's own orders, and holds a debit back while an order of that amount waits to learn its id", async () => {
    const w = await world();
    await w.ledger.watch.tick();
    const ours = await w.orderElsewhere();
    w.db.insert(orders).values(orderRow(T0, { providerOrderId: ours.orderId, totalAmount: ours.amount, postedAt: new Date(T0) })).run();
    // The POST's answer was lost: giftdesk has the order, not yet its id.
    const unknown = w.db.insert(orders).values(orderRow(T0, { state: 'unknown', totalAmount: ours.amount, postedAt: new Date(T0) })).returning().get();
    const lost = await w.orderElsewhere();
    await w.ledger.watch.tick();
    expect(w.alertsSeen()).toEqual([]);
    expect((await w.stores.ledger.unjudged(10)).map((e) => e.providerOrderId)).toEqual([lost.orderId]);

    w.clock.advance(HOLD_FOR_UNSETTLED_MS - 1_000);
    await w.ledger.watch.tick();
    expect(w.alertsSeen()).toEqual([]);

    // Reconciliation finds it: the held debit is ours.
    w.db.update(orders).set({ state: 'in_progress', providerOrderId: lost.orderId }).where(eq(orders.id, unknown.id)).run();
    await w.ledger.watch.tick();
    expect(w.alertsSeen()).toEqual([]);
    expect(await w.stores.ledger.unjudged(10)).toEqual([]);
  });

  it('tells of a held debit once reconciliation has had its time and still names no order of ours', async () => {
    const w = await world();
    await w.ledger.watch.tick();
    const stuck = await w.orderElsewhere();
    w.db.insert(orders).values(orderRow(T0, { state: 'needs_review', totalAmount: stuck.amount, postedAt: new Date(T0) })).run();
    const foreign = await w.orderElsewhere();
    expect(foreign.amount).toBe(stuck.amount);
    await w.ledger.watch.tick();
    expect(w.alertsSeen()).toEqual([]);
    w.clock.advance(HOLD_FOR_UNSETTLED_MS);
    await w.ledger.watch.tick();
    // Both debits: the order waiting for review accounts for neither.
    expect(w.alertsSeen()).toHaveLength(2);
  });

  it('pauses ordering on such a debit when administrators asked for it', async () => {
    const w = await world();
    await w.settings.write(pauseOnForeignDebitSetting, true, ADMIN.id);
    await w.ledger.watch.tick();
    await w.orderElsewhere();
    await w.ledger.watch.tick();
    expect(await w.stores.orderingPause.current()).toMatchObject({ source: 'wallet', by: null });
    expect(w.alertsSeen()[0]).toContain('Ordering is paused until an administrator sends /resume');
  });

  it('tells of a large credit that is no refund, and keeps quiet about a small one', async () => {
    const w = await world();
    await w.settings.write(largeCreditSetting, 10_000_000, ADMIN.id);
    await w.ledger.watch.tick();
    w.sandbox.controls.setBalance(w.sandbox.controls.balance() + 9_999_999);
    w.sandbox.controls.setBalance(w.sandbox.controls.balance() + 10_000_000);
    await w.ledger.watch.tick();
    const alerts = w.alertsSeen();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('A credit of 10,000,000');
    expect(w.auditActions()).toContain('wallet.large_credit');
  });

  it('tells once of a transaction of a type the contract does not name, whatever it did to the wallet', async () => {
    const w = await world();
    await w.ledger.watch.tick();
    // A fee the provider began to charge: neither DEBIT nor CREDIT, as the next read would bring it.
    await w.stores.ledger.keep([{ id: 900_001, type: 'FEE', amount: 25_000, balanceAfter: null, providerOrderId: null, description: 'monthly fee', createdAt: new Date(T0).toISOString(), at: T0 }], T0, false);
    await w.ledger.watch.tick();
    await w.ledger.watch.tick();
    const alerts = w.alertsSeen();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('type “FEE”');
    expect(alerts[0]).toContain('25,000');
    expect(w.auditActions()).toContain('wallet.unknown_type');
  });

  it('counts the open exceptions of the month for /balance and the digest, again whenever the copy moves', async () => {
    const w = await world();
    expect(await w.ledger.openExceptions()).toBeNull();
    await w.ledger.watch.tick();
    expect(await w.ledger.openExceptions()).toBe(0);
    await w.orderElsewhere();
    await w.ledger.watch.tick();
    expect(await w.ledger.openExceptions()).toBe(1);
    // An order of ours whose debit never came: remembered for a minute while the copy stands still, /balance asks often.
    w.db.insert(orders).values(orderRow(T0, { providerOrderId: 99_999, postedAt: new Date(T0 - 3_600_000) })).run();
    await w.ledger.watch.tick();
    expect(await w.ledger.openExceptions()).toBe(1);
    w.clock.advance(61_000);
    expect(await w.ledger.openExceptions()).toBe(2);
  });
});
