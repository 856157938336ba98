import { productsOf, type LedgerEntry, type LedgerOrder, type LedgerVerdict } from './ledger-store.js';

/** A wallet_ledger row as either database returns it. */
interface LedgerRow {
  id: number;
  type: string;
  amount: number;
  balanceAfter: number | null;
  providerOrderId: number | null;
  description: string | null;
  createdAt: string | null;
  at: number | null;
  seenAt: number;
  baseline: boolean;
  verdict: string | null;
  judgedAt: number | null;
}

/** The columns of an order the statement reads, as either database returns them. */
interface OrderPick {
  id: number;
  userId: number;
  totalAmount: number;
  state: LedgerOrder['state'];
  providerOrderId: number | null;
  acceptedOrderId: number | null;
  postedAt: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
  batchId: number | null;
  lines: unknown;
}

/** IN lists stay far below either database's parameter limit. */
const CHUNK = 500;

export function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function ledgerEntryOf(row: LedgerRow): LedgerEntry {
  return { ...row, verdict: row.verdict as LedgerVerdict | null };
}

/** An order row as the statement sees it; null without a provider id (nothing to match). */
export function ledgerOrderOf(row: OrderPick): LedgerOrder | null {
  const providerOrderId = row.providerOrderId ?? row.acceptedOrderId;
  if (providerOrderId === null) return null;
  return {
    id: row.id,
    userId: row.userId,
    totalAmount: row.totalAmount,
    state: row.state,
    providerOrderId,
    placedAt: (row.postedAt ?? row.createdAt).getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
    batchId: row.batchId,
    products: productsOf(row.lines),
  };
}

/** The order columns `ledgerOrderOf` reads, taken from either dialect's `orders` table. */
export function orderPickColumns<T extends { [K in keyof OrderPick]: unknown }>(table: T): { [K in keyof OrderPick]: T[K] } {
  const { id, userId, totalAmount, state, providerOrderId, acceptedOrderId, postedAt, createdAt, finishedAt, batchId, lines } = table;
  return { id, userId, totalAmount, state, providerOrderId, acceptedOrderId, postedAt, createdAt, finishedAt, batchId, lines };
}
