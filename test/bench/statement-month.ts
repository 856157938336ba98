import type { orders, walletLedger } from '../../src/db/schema.js';
import type { OrderLine } from '../../src/orders/order-line.js';

type OrderInsert = typeof orders.$inferInsert;
type EntryInsert = typeof walletLedger.$inferInsert & { id: number };

const PEOPLE = 50;
const PRICES = [1_250_000, 2_500_000, 3_100_000, 4_000_000, 12_500_000];

/**
 * A busy month of a wallet as giftdesk's copy holds it, with the orders
 * behind it: a top-up every 333 transactions, one debit in 20 placed
 * elsewhere, one giftdesk order in 16 failed and refunded right after, the
 * rest giftdesk's orders by 50 people, each debited what was confirmed. The
 * balance chain is whole, so the only exceptions are the debits placed
 * elsewhere.
 */
export function monthOfTransactions(span: { count: number; from: number; to: number }): { entries: EntryInsert[]; orders: OrderInsert[] } {
  const entries: EntryInsert[] = [];
  const made: OrderInsert[] = [];
  let balance = 0;
  const add = (type: 'DEBIT' | 'CREDIT', amount: number, providerOrderId: number | null, description: string) => {
    const i = entries.length;
    const at = span.from + Math.floor(((span.to - span.from - 60_000) * i) / span.count);
    balance += type === 'CREDIT' ? amount : -amount;
    entries.push({ id: i + 1, type, amount, balanceAfter: balance, providerOrderId, description, createdAt: new Date(at).toISOString(), at, seenAt: at, baseline: false, verdict: 'ours', judgedAt: at });
    return at;
  };
  while (entries.length < span.count) {
    const i = entries.length;
    if (i % 333 === 0) {
      add('CREDIT', 20_000_000_000, null, 'شارژ کیف پول');
    } else if (i % 20 === 7) {
      add('DEBIT', PRICES[i % PRICES.length]!, 5_000_000 + i, 'خرید از پنل');
    } else {
      const price = PRICES[i % PRICES.length]!;
      const providerOrderId = 1_000_000 + i;
      const failed = made.length % 16 === 5 && entries.length + 1 < span.count;
      const at = add('DEBIT', price, providerOrderId, `خرید سفارش A${providerOrderId}`);
      if (failed) add('CREDIT', price, providerOrderId, `بازگشت وجه سفارش A${providerOrderId}`);
      const userId = 7_000_000 + (made.length % PEOPLE);
      const lines: OrderLine[] = [{ product: { id: 100 + (i % 40), title: `Google Play ${price / 125_000} USD` }, region: { regionPropertyId: 5_000, title: 'US', price }, quantity: 1, fields: [] }];
      made.push({
        userId, chatId: userId, confirmKey: `statement-${i}`, fingerprint: `statement-${i}`, lines, totalAmount: price,
        state: failed ? 'failed' : 'completed', providerOrderId, sandbox: true,
        createdAt: new Date(at - 2_000), postedAt: new Date(at - 1_000), updatedAt: new Date(at + 30_000), finishedAt: new Date(at + 30_000),
      });
    }
  }
  return { entries, orders: made };
}
