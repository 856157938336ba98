import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { createBatchStore } from '../../src/db/batch-store.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createAppStateStore } from '../../src/db/app-state-store.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createReportQueries } from '../../src/db/report-queries.js';
import { createCostCentreStore } from '../../src/db/cost-centre-store.js';
import { createOrderFeed, orderFeedSetting } from '../../src/reports/order-feed.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { localDigits } from '../../src/text/format.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { placingOrder } from '../support/order-fixtures.js';
import type { OrderState } from '../../src/domain/order-states.js';


function world(locale: 'en' | 'fa' = 'en') {
  const db = memoryDb();
  const clock = createManualClock(Date.UTC(2026, 10, 21));
  const repo = createOrderStore({ database: databaseOf(db), clock });
  const settings = sqliteSettings(db, clock);
  const sent: string[] = [];
  const feed = () =>
    createOrderFeed({
      queries: createReportQueries({ database: databaseOf(db) }),
      state: createAppStateStore({ database: databaseOf(db), clock }),
      settings,
      costCentres: createCostCentreStore({ database: databaseOf(db), clock }),
      recipients: () => [{ telegramId: 1001, locale }],
      sendText: async (_chatId, text) => void sent.push(text),
      translate: (locale) => translatorFor(locale),
      describePerson: (id) => `Person ${id}`,
      presentation: { amountUnit: 'IRR', timeZone: 'UTC', monthCalendar: 'gregorian', sandbox: false },
      logger: silentLogger,
    });
  let key = 0;
  /** An order the provider accepted, recorded as the order service records it; `batch`: the batch it is one of. */
  const placed = async (userId: number, batch?: { id: number; index: number }, purpose?: { costCentreId: number | null; note: string | null }) => {
    key += 1;
    const order = await placingOrder(repo, { confirmKey: `k${key}`, fingerprint: `f${key}`, userId, chatId: userId, ...(batch ? { batch, quantity: 10 } : {}), ...(purpose ? { purpose } : {}) });
    await repo.transition({ id: order.id, from: 'placing', to: 'in_progress', audit: { actorId: userId, action: 'order.placed' } });
    return order;
  };
  /** The poller's move of an order into a state the provider reported, audited as the poller audits it. */
  const moved = async (order: { id: number }, from: OrderState, to: OrderState) =>
    await repo.transition({ id: order.id, from, to, audit: { actorId: null, action: `order.${to}` } });
  /** An order whose POST outcome was unknown, then found at the provider in `state` and adopted. */
  const adopted = async (userId: number, state: OrderState) => {
    key += 1;
    const order = await placingOrder(repo, { confirmKey: `k${key}`, fingerprint: `f${key}`, userId, chatId: userId });
    await repo.transition({ id: order.id, from: 'placing', to: 'unknown', audit: { actorId: userId, action: 'order.unknown' } });
    await repo.transition({ id: order.id, from: 'unknown', to: state, audit: { actorId: null, action: 'order.adopted' } });
    return order;
  };
  /** A confirmed batch of four orders (10, 10, 10 and 5 units of 1,250,000) by `userId`; `centres`: each order's cost centre, in turn. */
  const batch = async (userId: number, centres: readonly number[] = []) => {
    const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, fields: [] };
    const plan = [10, 10, 10, 5].map((quantity, index) => ({ lines: [{ ...line, quantity }], rows: [], ...(centres[index] === undefined ? {} : { costCentreId: centres[index] }) }));
    const store = createBatchStore({ database: databaseOf(db) });
    return store.create({ key: `batch-${key}`, requesterId: userId, chatId: userId, source: 'quantity', fileHash: null, fileName: null, plan, total: 35 * 1_250_000 }, new Date(clock.now()));
  };
  /** Every line sent, whatever message it came in. */
  const lines = () => sent.flatMap((text) => text.split('\n'));
  const costCentre = async (name: string, code: string | null) => {
    const added = await createCostCentreStore({ database: databaseOf(db), clock }).add({ name, code, actorId: 1001 });
    return added.centre.id;
  };
  return { db, settings, sent, lines, feed, placed, moved, adopted, batch, costCentre };
}

describe('the order feed', () => {
  it('sends nothing while it is off, and nothing from before it was turned on', async () => {
    const w = world();
    const feed = await w.feed();
    await w.placed(7);
    await feed.run();
    await w.settings.write(orderFeedSetting, true, 1001);
    await feed.run();
    expect(w.sent).toEqual([]);
  });

  it('sends one line per placed order, once, and not again after a restart', async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const first = await w.placed(7);
    await w.placed(8);
    await feed.run();
    await feed.run();
    await (await w.feed()).run();
    expect(w.lines()).toEqual([
      `🛒 Person 7 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${first.id})`,
      `🛒 Person 8 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${first.id + 1})`,
    ]);
  });

  it("sends each administrator one message a run, with a line for every order of it, and the rest at the next run", async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const orders = [];
    for (let i = 0; i < 25; i++) orders.push(await w.placed(100 + i));
    await feed.run();
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]!.split('\n')).toHaveLength(20);
    await feed.run();
    expect(w.sent).toHaveLength(2);
    expect(w.lines()).toEqual(orders.map((order, i) => `🛒 Person ${100 + i} ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${order.id})`));
    await feed.run();
    expect(w.sent).toHaveLength(2);
  });

  it('follows an announced order with a line when it fails, is cancelled or refunded, or waits for a person', async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const failed = await w.placed(7);
    const cancelled = await w.placed(7);
    const refunded = await w.placed(8);
    const waiting = await w.placed(8);
    await feed.run();
    await w.moved(failed, 'in_progress', 'failed');
    await w.moved(cancelled, 'in_progress', 'cancelled');
    await w.moved(refunded, 'in_progress', 'refunded');
    await w.moved(waiting, 'in_progress', 'action_required');
    await feed.run();
    expect(w.lines().slice(4)).toEqual([
      `❌ Order #${failed.id} (Person 7: Google Play 10 USD × 1, 1,250,000 IRR) failed at the provider.`,
      `❌ Order #${cancelled.id} (Person 7: Google Play 10 USD × 1, 1,250,000 IRR) was cancelled by the provider.`,
      `↩️ The provider refunded order #${refunded.id} (Person 8: Google Play 10 USD × 1, 1,250,000 IRR).`,
      `⚠️ Order #${waiting.id} (Person 8: Google Play 10 USD × 1, 1,250,000 IRR) is waiting for someone at the provider to act.`,
    ]);
  });

  it('says nothing more of an order that was delivered', async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const order = await w.placed(7);
    await w.moved(order, 'in_progress', 'completed');
    await feed.run();
    expect(w.lines()).toEqual([`🛒 Person 7 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${order.id})`]);
  });

  it('follows an order adopted already failed at once, and one that failed after its adoption once', async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const failedBefore = await w.adopted(7, 'failed');
    const failedAfter = await w.adopted(8, 'in_progress');
    await w.moved(failedAfter, 'in_progress', 'failed');
    await feed.run();
    expect(w.lines()).toEqual([
      `🛒 Person 7 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${failedBefore.id})`,
      `❌ Order #${failedBefore.id} (Person 7: Google Play 10 USD × 1, 1,250,000 IRR) failed at the provider.`,
      `🛒 Person 8 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${failedAfter.id})`,
      `❌ Order #${failedAfter.id} (Person 8: Google Play 10 USD × 1, 1,250,000 IRR) failed at the provider.`,
    ]);
  });

  it('writes the follow-up in Persian for a Persian administrator', async () => {
    const w = world('fa');
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const order = await w.placed(7);
    await feed.run();
    await w.moved(order, 'in_progress', 'failed');
    await feed.run();
    expect(w.lines().at(-1)).toBe(`❌ سفارش #${localDigits(String(order.id), 'fa')} (Person 7: Google Play 10 USD × ۱، ۱٬۲۵۰٬۰۰۰ IRR) نزد تأمین‌کننده ناموفق بود.`);
  });

  it('announces a batch once, at its first order placed, with its orders, units and total, whatever runs its orders fall in', async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const batch = await w.batch(7);
    const first = await w.placed(7, { id: batch.id, index: 0 });
    const alone = await w.placed(8);
    await w.placed(7, { id: batch.id, index: 1 });
    await feed.run();
    await w.placed(7, { id: batch.id, index: 2 });
    const last = await w.placed(7, { id: batch.id, index: 3 });
    await feed.run();
    await w.moved(last, 'in_progress', 'failed');
    await feed.run();
    expect(w.lines()).toEqual([
      `🛒 Person 7 ordered batch #${batch.id}: 4 orders, 35 units, 43,750,000 IRR in all`,
      `🛒 Person 8 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${alone.id})`,
      // A failure still speaks for its own order.
      `❌ Order #${last.id} (Person 7: Google Play 10 USD × 10, 12,500,000 IRR) failed at the provider.`,
    ]);
    expect(first.batchId).toBe(batch.id);
  });

  it('announces a batch in Persian for a Persian administrator', async () => {
    const w = world('fa');
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const batch = await w.batch(7);
    await w.placed(7, { id: batch.id, index: 0 });
    await feed.run();
    expect(w.lines()).toEqual([`🛒 Person 7 سفارش گروهی #${localDigits(String(batch.id), 'fa')} را ثبت کرد: ۴ سفارش، ۳۵ عدد، جمعاً ۴۳٬۷۵۰٬۰۰۰ IRR`]);
  });

  it("ends a placed order's line with its cost centre and note, the note cut to one line; its follow-up names the cost centre beside the amount, not the note", async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const support = await w.costCentre('Support team', 'SUP-01');
    const both = await w.placed(7, undefined, { costCentreId: support, note: `Nowruz gifts\n${'x'.repeat(100)}` });
    const centreOnly = await w.placed(8, undefined, { costCentreId: support, note: null });
    const plain = await w.placed(9);
    await feed.run();
    await w.moved(both, 'in_progress', 'failed');
    await feed.run();
    expect(w.lines()).toEqual([
      `🛒 Person 7 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${both.id}) — for Support team (SUP-01): Nowruz gifts ${'x'.repeat(46)}…`,
      `🛒 Person 8 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${centreOnly.id}) — for Support team (SUP-01)`,
      `🛒 Person 9 ordered Google Play 10 USD × 1 for 1,250,000 IRR (#${plain.id})`,
      `❌ Order #${both.id} (Person 7: Google Play 10 USD × 1, 1,250,000 IRR, Support team (SUP-01)) failed at the provider.`,
    ]);
  });

  it("says in Persian what an order was for, for a Persian administrator", async () => {
    const w = world('fa');
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const order = await w.placed(7, undefined, { costCentreId: await w.costCentre('بازاریابی', null), note: 'هدیهٔ نوروز' });
    await feed.run();
    expect(w.lines()).toEqual([`🛒 Person 7 Google Play 10 USD × ۱ به مبلغ ۱٬۲۵۰٬۰۰۰ IRR سفارش داد (#${localDigits(String(order.id), 'fa')}) — برای بازاریابی: هدیهٔ نوروز`]);
  });

  it("ends a batch's line with the cost centres its orders name, the first three and a count of the rest", async () => {
    const w = world();
    await w.settings.write(orderFeedSetting, true, 1001);
    const feed = await w.feed();
    const centres: number[] = [];
    for (const name of ['Support team', 'Events', 'Marketing', 'Sales']) centres.push(await w.costCentre(name, null));
    const batch = await w.batch(7, centres);
    await w.placed(7, { id: batch.id, index: 0 });
    await feed.run();
    expect(w.lines()).toEqual([`🛒 Person 7 ordered batch #${batch.id}: 4 orders, 35 units, 43,750,000 IRR in all — for Support team, Events, Marketing and 1 more`]);
  });
});
