import { newestFirst, type Sliceable } from './paging.js';
import type { SandboxTransaction, UnlistedDebit } from './types.js';

/** What the provider writes beside each kind of transaction. */
export const DESCRIPTIONS = {
  topUp: 'شارژ کیف پول',
  correction: 'اصلاح موجودی کیف پول',
  purchase: (orderReference: string) => `خرید سفارش ${orderReference}`,
  refund: (orderReference: string) => `بازگشت وجه سفارش ${orderReference}`,
};

/**
 * The wallet's history: the transactions GET /wallet/transactions lists,
 * the debits it does not list (the dropped-debit fault), and the balance
 * all of them add up to. Changes only through `apply`, which the store calls
 * after the state file has taken them.
 */
export interface Ledger {
  balance(): number;
  /** The next transaction on the wallet as it is now; nothing changes until it is applied. */
  draft(type: 'DEBIT' | 'CREDIT', amount: number, orderId: number | null, description: string, atMs: number): SandboxTransaction;
  /** A debit that lowers the balance as the next transaction would, but that the list will not show. */
  draftUnlisted(amount: number, orderId: number, atMs: number): UnlistedDebit;
  /** The id the next listed transaction gets. */
  nextId(): number;
  apply(transactions: readonly SandboxTransaction[], unlisted: readonly UnlistedDebit[]): void;
  /** When the newest entry, listed or not, happened; null for an empty wallet. */
  lastEntryAtMs(): number | null;
  /** Listed transactions, newest first; reading a page copies that page only. */
  newestFirst(): Sliceable<SandboxTransaction>;
  find(id: number): SandboxTransaction | undefined;
}

export function createLedger(): Ledger {
  // Oldest first, ids increasing: the newest is at the end and a page is an index range.
  const listed: SandboxTransaction[] = [];
  let balance = 0;
  let nextId = 1;
  let lastListedId = 0;
  let lastAtMs: number | null = null;

  const noteTime = (createdAt: string) => {
    const at = Date.parse(createdAt);
    if (lastAtMs === null || at > lastAtMs) lastAtMs = at;
  };

  const iso = (ms: number) => new Date(ms).toISOString();

  /** Binary search: ids only grow, so the list is sorted by them. */
  function indexOf(id: number): number {
    let low = 0;
    let high = listed.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = listed[middle]!.id;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  return {
    balance: () => balance,
    draft(type, amount, orderId, description, atMs) {
      const balanceAfter = balance + (type === 'CREDIT' ? amount : -amount);
      return { id: nextId, type, amount, balanceAfter, orderId, description, createdAt: iso(atMs) };
    },
    draftUnlisted(amount, orderId, atMs) {
      return { afterTransactionId: lastListedId, orderId, amount, balanceAfter: balance - amount, createdAt: iso(atMs) };
    },
    nextId: () => nextId,
    apply(transactions, unlisted) {
      // The balance is whichever came last. A live step holds one kind only; a state file
      // hands both back at once, and an unlisted debit then counts as later than the
      // listed transaction it followed.
      for (const transaction of transactions) {
        listed.push(transaction);
        balance = transaction.balanceAfter;
        lastListedId = transaction.id;
        nextId = Math.max(nextId, transaction.id + 1);
        noteTime(transaction.createdAt);
      }
      const lastUnlisted = unlisted.at(-1);
      for (const debit of unlisted) noteTime(debit.createdAt);
      if (lastUnlisted && lastUnlisted.afterTransactionId >= lastListedId) balance = lastUnlisted.balanceAfter;
    },
    lastEntryAtMs: () => lastAtMs,
    // A copy of each entry read: callers may change what they get.
    newestFirst: () => newestFirst(listed, (transaction) => ({ ...transaction })),
    find(id) {
      const at = indexOf(id);
      return at < 0 ? undefined : { ...listed[at]! };
    },
  };
}
