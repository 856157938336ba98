import { describe, expect, it } from 'vitest';
import { createOrderQueries, parseOrderLookup } from '../../src/orders/order-queries.js';
import { openedOrder, orderRepoWorld, placingOrder } from '../support/order-fixtures.js';

describe('order queries', () => {
  function setup() {
    const { db, clock, repo } = orderRepoWorld(1_700_000_000_000);
    let n = 0;
    /** A new order of `userId`; with a provider id it is placed (in progress). */
    const add = (userId: number, provider?: { orderId: number; reference: string }) => {
      n += 1;
      clock.advance(1_000);
      const intent = { confirmKey: `k${n}`, userId, chatId: userId, fingerprint: `f${n}` };
      if (!provider) return openedOrder(repo, intent);
      const order = placingOrder(repo, intent);
      const placed = repo.transition({
        id: order.id,
        from: 'placing',
        to: 'in_progress',
        set: { providerOrderId: provider.orderId, providerReference: provider.reference, providerStatus: 'PREPARING' },
        audit: { actorId: userId, action: 'order.placed' },
      });
      if (!placed) throw new Error('the order did not move to in_progress');
      return placed;
    };
    /** A placed order delivered `tookMs` after it was sent. */
    const delivered = (tookMs: number) => {
      const order = add(9, { orderId: 9_000 + n, reference: `A${9_000 + n}` });
      const postedAt = order.postedAt ?? order.createdAt;
      const done = repo.transition({
        id: order.id,
        from: 'in_progress',
        to: 'completed',
        set: { providerStatus: 'COMPLETED', postedAt, finishedAt: new Date(postedAt.getTime() + tookMs) },
        audit: { actorId: null, action: 'order.completed' },
      });
      if (!done) throw new Error('the order did not complete');
    };
    return { db, add, delivered, queries: createOrderQueries({ db }) };
  }

  it('says how long delivery usually takes as the median of the completed orders', () => {
    const { add, delivered, queries } = setup();
    expect(queries.typicalDeliveryMs()).toBeNull();
    delivered(60_000);
    delivered(600_000);
    delivered(120_000);
    add(1, { orderId: 1, reference: 'A1' });
    expect(queries.typicalDeliveryMs()).toBe(120_000);
  });

  it('lists one person’s orders newest first, leaving out everyone else’s', () => {
    const { add, queries } = setup();
    const a1 = add(1);
    add(2);
    const a2 = add(1);

    const page = queries.recent({ kind: 'user', userId: 1 }, { page: 1, pageSize: 8 });

    expect(page.items.map((o) => o.id)).toEqual([a2.id, a1.id]);
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
  });

  it('lists everyone’s orders for administrators', () => {
    const { add, queries } = setup();
    const ids = [add(1), add(2), add(3)].map((o) => o.id);

    const page = queries.recent({ kind: 'everyone' }, { page: 1, pageSize: 8 });

    expect(page.items.map((o) => o.id)).toEqual([...ids].reverse());
    expect(page.total).toBe(3);
  });

  it('pages through the orders and shows the last page for a page past the end', () => {
    const { add, queries } = setup();
    const ids = Array.from({ length: 5 }, () => add(1).id).reverse();

    const second = queries.recent({ kind: 'user', userId: 1 }, { page: 2, pageSize: 2 });
    const beyond = queries.recent({ kind: 'user', userId: 1 }, { page: 9, pageSize: 2 });

    expect(second).toMatchObject({ page: 2, pageCount: 3, total: 5 });
    expect(second.items.map((o) => o.id)).toEqual(ids.slice(2, 4));
    expect(beyond.page).toBe(3);
    expect(beyond.items.map((o) => o.id)).toEqual(ids.slice(4));
  });

  it('gives an empty first page to someone who never ordered', () => {
    const { add, queries } = setup();
    add(1);

    expect(queries.recent({ kind: 'user', userId: 99 }, { page: 1, pageSize: 8 })).toEqual({
      items: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
  });

  it('finds an order by our id, by the provider’s id and by its reference in either case', () => {
    const { add, queries } = setup();
    add(1, { orderId: 9001, reference: 'A100234' });
    const order = add(1, { orderId: 9002, reference: 'A100235' });

    expect(queries.byId(order.id)?.id).toBe(order.id);
    expect(queries.byProviderOrderId(9002)?.id).toBe(order.id);
    expect(queries.byProviderReference('A100235')?.id).toBe(order.id);
    expect(queries.byProviderReference('a100235')?.id).toBe(order.id);
    expect(queries.find({ kind: 'reference', reference: 'A100235' })?.id).toBe(order.id);
    expect(queries.find({ kind: 'provider-id', orderId: 9002 })?.id).toBe(order.id);
    expect(queries.find({ kind: 'local', id: order.id })?.id).toBe(order.id);
  });

  it('finds nothing for ids and references nobody has', () => {
    const { add, queries } = setup();
    const order = add(1, { orderId: 9001, reference: 'A100234' });

    expect(queries.byId(order.id + 1)).toBeNull();
    expect(queries.byProviderOrderId(order.id)).toBeNull();
    expect(queries.byProviderReference('A999')).toBeNull();
  });
});

describe('reading what follows /track', () => {
  it('reads our own id after a hash sign', () => {
    expect(parseOrderLookup('#12')).toEqual({ kind: 'local', id: 12 });
    expect(parseOrderLookup(' # 7 ')).toEqual({ kind: 'local', id: 7 });
  });

  it('reads bare digits as the provider’s order id, Persian digits included', () => {
    expect(parseOrderLookup('9001')).toEqual({ kind: 'provider-id', orderId: 9001 });
    expect(parseOrderLookup('۹۰۰۱')).toEqual({ kind: 'provider-id', orderId: 9001 });
  });

  it('reads a reference in either case and writes it with a capital A', () => {
    expect(parseOrderLookup('A100234')).toEqual({ kind: 'reference', reference: 'A100234' });
    expect(parseOrderLookup('a۱۰۰۲۳۴')).toEqual({ kind: 'reference', reference: 'A100234' });
  });

  it('refuses anything else', () => {
    for (const text of ['', '#', '#x', '#0', '0', 'B100', 'A', 'A12x', '12.5', '1234567890123456', 'drop table']) {
      expect(parseOrderLookup(text), text).toBeNull();
    }
  });
});
