import type { OrderState } from '../domain/order-states.js';

/**
 * What the wallet watch made of a transaction it read after the copy was
 * first filled: one of giftdesk's own orders or their refunds (`ours`), a
 * credit too small to mention (`quiet`), or news administrators were told
 * once: a debit no giftdesk order accounts for, or a large credit nobody
 * expected.
 */
export const LEDGER_VERDICTS = ['ours', 'quiet', 'foreign-debit', 'large-credit', 'unknown-type'] as const;
export type LedgerVerdict = (typeof LEDGER_VERDICTS)[number];

/** A provider transaction as read (src/provider/schemas.ts), with its time read as a moment. */
export interface LedgerInput {
  id: number;
  type: string;
  amount: number;
  balanceAfter: number | null;
  providerOrderId: number | null;
  description: string | null;
  createdAt: string | null;
  /** ms since the epoch; null when the provider's time could not be read. */
  at: number | null;
}

export interface LedgerEntry extends LedgerInput {
  seenAt: number;
  /** Read while the copy was first filled: history from before the watch, never alerted. */
  baseline: boolean;
  verdict: LedgerVerdict | null;
  judgedAt: number | null;
}

/** A giftdesk order as the statement matches it to the wallet: only orders the provider has an id for. */
export interface LedgerOrder {
  id: number;
  userId: number;
  /** What was confirmed: the sum of the lines at their confirmed prices. */
  totalAmount: number;
  state: OrderState;
  providerOrderId: number;
  /** When the POST went out (or the order was saved, for rows from before that was kept). */
  placedAt: number;
  finishedAt: number | null;
  batchId: number | null;
  /** The products' titles, for the chart's per-product view and the CSV. */
  products: string[];
}

/**
 * The local copy of the wallet's transactions, and the order look-ups that
 * match them, on either database. Entries are only ever added; the watch's
 * verdict is written once.
 */
export interface LedgerStore {
  /** Keeps the entries not kept yet; answers those that were new. */
  keep(entries: readonly LedgerInput[], seenAt: number, baseline: boolean): Promise<LedgerEntry[]>;
  /** Which of these transaction ids are kept already. */
  known(ids: readonly number[]): Promise<Set<number>>;
  count(): Promise<number>;
  /** Entries timed inside [from, to), oldest first (time, then id). */
  between(from: number, to: number): Promise<LedgerEntry[]>;
  /** The newest entry timed before `at`, or null. */
  lastBefore(at: number): Promise<LedgerEntry | null>;
  /** Every entry naming one of these provider orders, wherever it lies in time. */
  forProviderOrders(providerOrderIds: readonly number[]): Promise<LedgerEntry[]>;
  /** Entries read after the copy was filled that the watch has not judged yet, oldest first. */
  unjudged(limit: number): Promise<LedgerEntry[]>;
  /** Writes the verdict when nobody has yet: true for the one call that did, so that news goes out once. */
  judge(id: number, verdict: LedgerVerdict, at: number): Promise<boolean>;
  /** Entries with one of these verdicts timed at or after `since`: alerts still inside the window an administrator looks at. */
  judgedSince(verdicts: readonly LedgerVerdict[], since: number): Promise<LedgerEntry[]>;

  /** Orders with a provider id whose POST went out inside [from, to). */
  ordersPlacedBetween(from: number, to: number): Promise<LedgerOrder[]>;
  /** Orders known by these provider ids (the POST's answer, or reconciliation's adoption). */
  ordersByProviderIds(providerOrderIds: readonly number[]): Promise<LedgerOrder[]>;
  /** The confirmed totals of orders whose POST may have created a provider order giftdesk does not know the id of yet. */
  unsettledPostTotals(): Promise<number[]>;
}

/** States in which a POST went out but the provider's order id is not known yet. */
export const UNSETTLED_POST_STATES = ['placing', 'unknown', 'needs_review'] as const satisfies readonly OrderState[];

/** The products of an order's lines, as the statement names them. */
export function productsOf(lines: unknown): string[] {
  if (!Array.isArray(lines)) return [];
  return lines.map((line: { product?: { title?: unknown } }) => (typeof line?.product?.title === 'string' ? line.product.title : '?'));
}
