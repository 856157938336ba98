import type { LedgerEntry, LedgerOrder, LedgerVerdict } from './ledger-store.js';
import type { Tables } from './seam/tables.js';

/** A wallet_ledger row as read: the verdict as stored text. */
type LedgerRow = Tables['walletLedger']['$inferSelect'];

/** The columns of an order the statement reads. */
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
  costCentreId: number | null;
  purposeNote: string | null;
}

/** IN lists stay far below either database's parameter limit, and one list's read stays a few milliseconds (a page's worth of rows, as LEDGER_PAGE says). */
const CHUNK = 250;
/**
 * Rows per page of a span's read: a month of a busy wallet is read in many
 * short turns. A page of 1,000 (each row made into objects by drizzle, in
 * the same synchronous call on SQLite) held other chats 40 to 85 ms on a
 * loaded machine; 250 keep a turn near a quarter of that.
 */
export const LEDGER_PAGE = 250;

/**
 * Back to the event loop between two reads: SQLite reads synchronously, and
 * a month read in one go would hold every other chat for its whole length.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `read` over the items a chunk at a time, the event loop served between chunks. */
export async function inTurns<T, R>(items: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunked(items)) {
    out.push(...(await read(part)));
    await nextTurn();
  }
  return out;
}

/** A keyset-paged read, the event loop served between pages; `read` gets the last row of the page before (null first). */
export async function inPages<T>(read: (after: T | null) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let after: T | null = null; ; ) {
    const rows = await read(after);
    out.push(...rows);
    if (rows.length < LEDGER_PAGE) return out;
    after = rows.at(-1)!;
    await nextTurn();
  }
}

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function ledgerEntryOf(row: LedgerRow): LedgerEntry {
  return { ...row, verdict: row.verdict as LedgerVerdict | null };
}

/** The products of an order's lines, as the statement names them. */
function productsOf(lines: unknown): string[] {
  if (!Array.isArray(lines)) return [];
  return lines.map((line: { product?: { title?: unknown } }) => (typeof line?.product?.title === 'string' ? line.product.title : '?'));
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
    costCentreId: row.costCentreId,
    purposeNote: row.purposeNote,
  };
}

/** The order columns `ledgerOrderOf` reads. */
export function orderPickColumns(orders: Tables['orders']) {
  const { id, userId, totalAmount, state, providerOrderId, acceptedOrderId, postedAt, createdAt, finishedAt, batchId, lines, costCentreId, purposeNote } = orders;
  return { id, userId, totalAmount, state, providerOrderId, acceptedOrderId, postedAt, createdAt, finishedAt, batchId, lines, costCentreId, purposeNote };
}
