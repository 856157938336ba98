import type { Sandbox } from '../../src/sandbox/server.js';
import { call } from './http.js';

/** A transaction as GET /wallet/transactions answers it. */
export interface ListedTransaction {
  id: number;
  type: 'DEBIT' | 'CREDIT';
  amount: number;
  balanceAfter: number;
  orderId: number | null;
  description: string;
  createdAt: string;
}

/** Every transaction the list shows, newest first, read page by page as a client would. */
export async function allTransactions(sandbox: Sandbox, pageSize = 50): Promise<ListedTransaction[]> {
  const all: ListedTransaction[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await call(sandbox, `/wallet/transactions?page=${page}&pageSize=${pageSize}`);
    if (status !== 200) throw new Error(`page ${page} answered ${status}`);
    all.push(...(body.data as ListedTransaction[]));
    if (body.data.length < pageSize) return all;
  }
}

/** The newer entries whose balanceAfter does not follow from the one before them: where the chain breaks. */
export function chainBreaks(newestFirst: readonly ListedTransaction[]): ListedTransaction[] {
  const breaks: ListedTransaction[] = [];
  for (let i = 0; i + 1 < newestFirst.length; i++) {
    const newer = newestFirst[i]!;
    const older = newestFirst[i + 1]!;
    if (older.balanceAfter + (newer.type === 'CREDIT' ? newer.amount : -newer.amount) !== newer.balanceAfter) breaks.push(newer);
  }
  return breaks;
}

export async function balanceOf(sandbox: Sandbox): Promise<number> {
  return (await call(sandbox, '/wallet/balance')).body.data.balance as number;
}
