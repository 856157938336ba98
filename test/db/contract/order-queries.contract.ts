import { beforeEach, describe, expect, it } from 'vitest';
import { normaliseSearchText } from '../../../src/text/search-text.js';
import type { OrderListEntry } from '../../../src/db/order-list-entries.js';
import type { OrderQueries } from '../../../src/db/order-queries.js';
import { line, orderRow, type OrderReadsSubject, type SeedOrder } from './order-rows.js';

const T0 = 1_700_000_000_000;
const SECOND = 1_000;
/** Beyond 32-bit integers, as Telegram ids and amounts are. */
const BIG = 2 ** 31 + 12_345;

/** What every OrderQueries answers, whatever database keeps the orders. */
export function orderQueriesContract(database: string, fresh: () => Promise<OrderReadsSubject>): void {
  describe(`order queries on ${database}`, () => {
    let subject: OrderReadsSubject;
    let queries: OrderQueries;
    let at = T0;
    beforeEach(async () => {
      subject = await fresh();
      queries = subject.queries;
      at = T0;
    });
    /** Orders one second apart, in the order given. */
    const seed = (...rows: Array<Partial<SeedOrder>>) => subject.seed(rows.map((overrides) => orderRow((at += SECOND), overrides)));
    const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);
    /** A page's entries as ids: an order's id, or 'b<batch id>' for a batch. */
    const entryIds = (items: readonly OrderListEntry[]) => items.map((item) => (item.kind === 'order' ? item.order.id : `b${item.batchId}`));

    it('lists one person’s orders newest first, leaving out everyone else’s', async () => {
      const [a1, , a2] = await seed({ userId: 1 }, { userId: 2 }, { userId: 1 });
      const page = await queries.recent({ kind: 'user', userId: 1 }, { page: 1, pageSize: 8 });
      expect(entryIds(page.items)).toEqual([a2!.id, a1!.id]);
      expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    });

    it('lists everyone’s orders for administrators', async () => {
      const rows = await seed({ userId: 1 }, { userId: 2 }, { userId: BIG });
      const page = await queries.recent({ kind: 'everyone' }, { page: 1, pageSize: 8 });
      expect(entryIds(page.items)).toEqual(ids(rows).reverse());
      expect(page.total).toBe(3);
      expect(page.items[0]).toMatchObject({ kind: 'order', order: { userId: BIG } });
    });

    it('pages through the orders and shows the last page for a page past the end', async () => {
      const newestFirst = ids(await seed({}, {}, {}, {}, {})).reverse();
      const second = await queries.recent({ kind: 'user', userId: 1 }, { page: 2, pageSize: 2 });
      const beyond = await queries.recent({ kind: 'user', userId: 1 }, { page: 9, pageSize: 2 });
      expect(second).toMatchObject({ page: 2, pageCount: 3, total: 5 });
      expect(entryIds(second.items)).toEqual(newestFirst.slice(2, 4));
      expect(beyond.page).toBe(3);
      expect(entryIds(beyond.items)).toEqual(newestFirst.slice(4));
    });

    describe('batches in the list', () => {
      /** `count` orders of batch `batchId`, of `units` units each at 1,000 a unit. */
      const batchOrders = (batchId: number, count: number, units: number, userId = 1): Array<Partial<SeedOrder>> =>
        Array.from({ length: count }, (_, index) => ({ userId, batchId, batchIndex: index, lines: [line('Steam 20 USD', 1_000, units)] }));

      it('shows the orders of a batch as one entry, where its newest order is, counted and totalled', async () => {
        const batch = await subject.seedBatch(1, 'running');
        const [before] = await seed({});
        await seed(...batchOrders(batch, 3, 10), { ...batchOrders(batch, 1, 5)[0]!, batchIndex: 3 });
        const [after] = await seed({});
        const page = await queries.recent({ kind: 'user', userId: 1 }, { page: 1, pageSize: 8 });
        expect(entryIds(page.items)).toEqual([after!.id, `b${batch}`, before!.id]);
        expect(page).toMatchObject({ page: 1, pageCount: 1, total: 3 });
        expect(page.items[1]).toEqual({
          kind: 'batch',
          batchId: batch,
          userId: 1,
          state: 'running',
          orders: 4,
          units: 35,
          total: 35_000,
          latestAt: new Date(at - SECOND),
        });
      });

      it('pages by entries, a batch of many orders taking one place', async () => {
        const big = await subject.seedBatch(1, 'done');
        const [oldest] = await seed({});
        await seed(...batchOrders(big, 20, 1));
        const [middle] = await seed({});
        const small = await subject.seedBatch(1, 'stopped');
        await seed(...batchOrders(small, 2, 1));
        const [newest] = await seed({});
        const first = await queries.recent({ kind: 'user', userId: 1 }, { page: 1, pageSize: 2 });
        const second = await queries.recent({ kind: 'user', userId: 1 }, { page: 2, pageSize: 2 });
        const third = await queries.recent({ kind: 'user', userId: 1 }, { page: 3, pageSize: 2 });
        expect(first).toMatchObject({ page: 1, pageCount: 3, total: 5 });
        expect(entryIds(first.items)).toEqual([newest!.id, `b${small}`]);
        expect(entryIds(second.items)).toEqual([middle!.id, `b${big}`]);
        expect(entryIds(third.items)).toEqual([oldest!.id]);
        expect(second.items[1]).toMatchObject({ state: 'done', orders: 20, units: 20 });
      });

      it('keeps another person’s batch out of one person’s list, and shows it to administrators', async () => {
        const theirs = await subject.seedBatch(2, 'placed');
        await seed(...batchOrders(theirs, 3, 2, 2));
        const [mine] = await seed({});
        const own = await queries.recent({ kind: 'user', userId: 1 }, { page: 1, pageSize: 8 });
        expect(entryIds(own.items)).toEqual([mine!.id]);
        expect(own.total).toBe(1);
        const everyone = await queries.recent({ kind: 'everyone' }, { page: 1, pageSize: 8 });
        expect(entryIds(everyone.items)).toEqual([mine!.id, `b${theirs}`]);
        expect(everyone.items[1]).toMatchObject({ userId: 2, orders: 3, units: 6, state: 'placed' });
      });
    });

    it('gives an empty first page to someone who never ordered', async () => {
      await seed({ userId: 1 });
      expect(await queries.recent({ kind: 'user', userId: 99 }, { page: 1, pageSize: 8 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    });

    it('reads a row back with the values it was stored with: times, lines, amounts above 2^31', async () => {
      const lines = [line('گیفت کارت گوگل پلی', 1_500_000_000, 2), line('Steam 20 USD', 7)];
      const [stored] = await seed({
        userId: BIG,
        chatId: -1_001_234_567_890,
        lines,
        totalAmount: 3_000_000_007,
        providerOrderId: 4_000_000_001,
        providerReference: 'A100234',
        postedAt: new Date(T0 + 1_500),
      });
      const row = await queries.byId(stored!.id);
      expect(row).toEqual(stored);
      expect(row).toMatchObject({ userId: BIG, chatId: -1_001_234_567_890, totalAmount: 3_000_000_007, providerOrderId: 4_000_000_001, lines, sandbox: true });
      expect(row!.createdAt).toEqual(new Date(T0 + SECOND));
      expect(row!.postedAt).toEqual(new Date(T0 + 1_500));
    });

    it('finds an order by our id, the provider’s id, its reference in either case and its confirm key', async () => {
      await seed({ providerOrderId: 9_001, providerReference: 'A100234' });
      const [order] = await seed({ providerOrderId: 9_002, providerReference: 'A100235', confirmKey: 'confirm-me' });
      const id = order!.id;
      expect((await queries.byId(id))?.id).toBe(id);
      expect((await queries.byProviderOrderId(9_002))?.id).toBe(id);
      expect((await queries.byProviderReference('A100235'))?.id).toBe(id);
      expect((await queries.byProviderReference('a100235'))?.id).toBe(id);
      expect((await queries.byProviderReference(' A100235 '))?.id).toBe(id);
      expect((await queries.byConfirmKey('confirm-me'))?.id).toBe(id);
      expect((await queries.find({ kind: 'reference', reference: 'A100235' }))?.id).toBe(id);
      expect((await queries.find({ kind: 'provider-id', orderId: 9_002 }))?.id).toBe(id);
      expect((await queries.find({ kind: 'local', id }))?.id).toBe(id);
    });

    it('finds nothing for ids, references and keys nobody has', async () => {
      const [order] = await seed({ providerOrderId: 9_001, providerReference: 'A100234' });
      expect(await queries.byId(order!.id + 1)).toBeNull();
      expect(await queries.byProviderOrderId(order!.id)).toBeNull();
      expect(await queries.byProviderReference('A999')).toBeNull();
      expect(await queries.byConfirmKey('never')).toBeNull();
      expect(await queries.find({ kind: 'provider-id', orderId: 2 ** 40 })).toBeNull();
    });

    describe('orders of a product', () => {
      // As /orders matches: folded Persian and Arabic letters and digits, any part of a title.
      const matching = (text: string) => {
        const wanted = normaliseSearchText(text);
        return (title: string) => normaliseSearchText(title).includes(wanted);
      };

      it('finds Persian titles typed with Arabic letters, in any line of an order, newest first', async () => {
        const [first, , third, , fifth] = await seed(
          { lines: [line('گیفت کارت گوگل پلی ۱۰ دلاری')] },
          { lines: [line('Steam 20 USD')] },
          { lines: [line('Steam 5 USD'), line('کارت هدیه گوگل پلی')] },
          { lines: [line('PlayStation Plus')], userId: 2 },
          { lines: [line('گوگل پلی ۲۵')], userId: 2 },
        );
        // Arabic kaf and yeh where the titles have Persian ones.
        const everyone = await queries.withProduct({ kind: 'everyone' }, matching('گوگل پلي'), { page: 1, pageSize: 8 });
        expect(ids(everyone.items)).toEqual([fifth!.id, third!.id, first!.id]);
        expect(everyone).toMatchObject({ page: 1, pageCount: 1, total: 3 });
        expect(everyone.items[1]!.lines).toHaveLength(2);

        const own = await queries.withProduct({ kind: 'user', userId: 1 }, matching('گوگل'), { page: 1, pageSize: 8 });
        expect(ids(own.items)).toEqual([third!.id, first!.id]);
      });

      it('asks the predicate about titles only, each line of each order in the scope', async () => {
        await seed({ lines: [line('a'), line('b')] }, { lines: [line('c')], userId: 2 }, { lines: [line('d')] });
        const asked: string[] = [];
        await queries.withProduct({ kind: 'user', userId: 1 }, (title) => (asked.push(title), false), { page: 1, pageSize: 8 });
        expect([...asked].sort()).toEqual(['a', 'b', 'd']);
      });

      it('pages the matches and counts them all', async () => {
        const rows = await seed(...Array.from({ length: 5 }, (_, n) => ({ lines: [line(`کارت ${n}`)] })), { lines: [line('Steam')] });
        const newestMatches = ids(rows.slice(0, 5)).reverse();
        const second = await queries.withProduct({ kind: 'everyone' }, matching('کارت'), { page: 2, pageSize: 2 });
        expect(second).toMatchObject({ page: 2, pageCount: 3, total: 5 });
        expect(ids(second.items)).toEqual(newestMatches.slice(2, 4));
        const none = await queries.withProduct({ kind: 'everyone' }, matching('Xbox'), { page: 1, pageSize: 2 });
        expect(none).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
      });
    });

    it('says how long delivery usually takes as the median of the last completed orders', async () => {
      expect(await queries.typicalDeliveryMs()).toBeNull();
      const delivered = (tookMs: number): Partial<SeedOrder> => ({ state: 'completed', postedAt: new Date(at), finishedAt: new Date(at + tookMs) });
      await seed(delivered(60_000), delivered(600_000), delivered(120_000), { state: 'in_progress', postedAt: new Date(at) });
      expect(await queries.typicalDeliveryMs()).toBe(120_000);
      await seed(delivered(90_000));
      expect(await queries.typicalDeliveryMs()).toBe(105_000);
      // Only the last 20 count: twenty quick deliveries push the slow ones out.
      await seed(...Array.from({ length: 20 }, () => delivered(1_000)));
      expect(await queries.typicalDeliveryMs()).toBe(1_000);
    });

    it('sees a chat’s order being confirmed or sent, whenever it started, and any order created since a moment', async () => {
      const [intent] = await seed({ chatId: 5, state: 'intent' });
      await seed({ chatId: 6, state: 'completed' });
      const since = at + SECOND;
      expect(await queries.hasActivity(5, since)).toBe(true);
      expect(await queries.hasActivity(6, since)).toBe(false);
      expect(await queries.hasActivity(6, since - 2 * SECOND)).toBe(true);
      expect(await queries.hasActivity(7, 0)).toBe(false);
      await seed({ chatId: 8, state: 'placing', createdAt: new Date(T0 - 3_600_000) });
      expect(await queries.hasActivity(8, since)).toBe(true);
      expect(intent!.chatId).toBe(5);
      await seed({ chatId: -1_001_234_567_890, state: 'completed' });
      expect(await queries.hasActivity(-1_001_234_567_890, at)).toBe(true);
    });

    it('knows the highest order id the provider handed out, recorded or only accepted', async () => {
      await seed({ state: 'intent' });
      expect(await queries.highestProviderOrderId()).toBeNull();
      await seed({ providerOrderId: 9_003, providerReference: 'A100236' });
      expect(await queries.highestProviderOrderId()).toBe(9_003);
      await seed({ state: 'needs_review', acceptedOrderId: 9_007, acceptedReference: 'A100240' });
      expect(await queries.highestProviderOrderId()).toBe(9_007);
      await seed({ providerOrderId: BIG * 3 });
      expect(await queries.highestProviderOrderId()).toBe(BIG * 3);
    });
  });
}
