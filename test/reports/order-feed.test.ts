import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/logger.js';
import { createOrderRepo } from '../../src/orders/order-repo.js';
import { createOrderFeed, orderFeedSetting } from '../../src/reports/order-feed.js';
import { createSettingsStore } from '../../src/settings/settings-store.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { placingOrder } from '../support/order-fixtures.js';


function world() {
  const db = memoryDb();
  const clock = createManualClock(Date.UTC(2026, 10, 21));
  const repo = createOrderRepo({ db, clock });
  const settings = createSettingsStore({ db, clock });
  const sent: string[] = [];
  const feed = () =>
    createOrderFeed({
      db,
      settings,
      recipients: () => [{ telegramId: 1001, locale: 'en' }],
      sendText: async (_chatId, text) => void sent.push(text),
      translate: (locale) => translatorFor(locale),
      describePerson: (id) => `Person ${id}`,
      amountUnit: 'IRR',
      clock,
      logger: silentLogger,
    });
  let key = 0;
  /** An order the provider accepted, recorded as the order service records it. */
  const placed = (userId: number) => {
    key += 1;
    const order = placingOrder(repo, { confirmKey: `k${key}`, fingerprint: `f${key}`, userId, chatId: userId });
    repo.transition({ id: order.id, from: 'placing', to: 'in_progress', audit: { actorId: userId, action: 'order.placed' } });
    return order;
  };
  return { db, settings, sent, feed, placed };
}

describe('the order feed', () => {
  it('sends nothing while it is off, and nothing from before it was turned on', async () => {
    const w = world();
    const feed = w.feed();
    w.placed(7);
    await feed.run();
    w.settings.write(orderFeedSetting, true, 1001);
    await feed.run();
    expect(w.sent).toEqual([]);
  });

  it('sends one line per placed order, once, and not again after a restart', async () => {
    const w = world();
    w.settings.write(orderFeedSetting, true, 1001);
    const feed = w.feed();
    const first = w.placed(7);
    w.placed(8);
    await feed.run();
    await feed.run();
    await w.feed().run();
    expect(w.sent).toEqual([
      `🛒 Person 7 ordered 1 × Google Play 10 USD for 1,250,000 IRR (#${first.id})`,
      `🛒 Person 8 ordered 1 × Google Play 10 USD for 1,250,000 IRR (#${first.id + 1})`,
    ]);
  });
});
